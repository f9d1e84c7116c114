import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { COURSE_CATEGORIES, COURSE_CURRENCIES, COURSE_LEVELS } from '@coach/shared/constants/marketplace';
import { courses, type ManagedCourseDetail } from '@coach/shared/contract/courses';
import { truncateText } from '@coach/shared/format/truncate-text';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ENTERPRISE_MENU_CALLS } from '../../config/menus.ts';
import { fillPath, paths } from '../../config/paths.ts';
import { useCourseText } from '../../i18n/course-text.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { notify } from '../../lib/notify.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { CourseAccess } from './course-access.tsx';
import {
  filledRowKeysOf,
  type OutlineDraft,
  outlineDraftOf,
  outlineErrorsOf,
  outlineInput,
  rowKeysOf,
  withoutNewEmptyRows,
} from './course-outline.ts';
import { InstructorCard, OutcomesCard, SyllabusCard } from './course-outline-fields.tsx';
import { toCents } from './price-input.ts';
import './courses.css';

type Values = {
  name: string;
  category: string;
  description: string;
  price: string;
  currency: string;
  duration: string;
  level: string;
  imageUrl: string | null;
};
const FIELDS = [
  'name',
  'category',
  'description',
  'priceCents',
  'currency',
  'duration',
  'level',
  'imageUrl',
] as const satisfies readonly (Exclude<keyof Values, 'price'> | 'priceCents')[];

const fromCourse = (course?: ManagedCourseDetail): Values => ({
  name: course?.name ?? '',
  category: course?.category ?? COURSE_CATEGORIES[0],
  description: course?.description ?? '',
  price: course ? (course.priceCents / 100).toFixed(2) : '',
  currency: course?.currency ?? 'AUD',
  duration: course?.duration ?? '',
  level: course?.level ?? COURSE_LEVELS[0] ?? 'Beginner',
  imageUrl: course?.imageUrl ?? null,
});

/** What a save sends: the form's fields as the contract takes them, with the outline. */
const inputOf = (values: Values, outline: OutlineDraft) => ({
  name: values.name,
  category: values.category,
  description: values.description,
  priceCents: toCents(values.price),
  currency: values.currency,
  duration: values.duration,
  level: values.level,
  imageUrl: values.imageUrl,
  ...outlineInput(outline),
});

const CourseForm = ({ course }: { course?: ManagedCourseDetail }) => {
  const { t, maybeMessage, category, level } = useCourseText();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => fromCourse(course));
  const [outline, setOutline] = useState<OutlineDraft>(() => outlineDraftOf(course));
  // Once a save was tried, the outline is checked again on every change: its messages are keyed by position
  // (syllabus.1.lessons.0.minutes), so after a move or a removal only a fresh check puts them on the right row.
  const [tried, setTried] = useState(false);
  // The rows there at the last save, and those typed in since: one added since stays clear of messages while it
  // has never held anything.
  const [rowsKnown, setRowsKnown] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const filled = filledRowKeysOf(outline).filter((key) => !rowsKnown.has(key));
    if (filled.length) setRowsKnown((known) => new Set([...known, ...filled]));
  }, [outline]);
  const { errors, setErrors, saving, send, recheck, limits } = useContractForm(FIELDS, courses.add);
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  // After a refused save, each message leaves as soon as its field is right (a corrected price kept its "Enter a
  // price like 129" until the next save).
  useEffect(() => {
    const input = inputOf(values, outline);
    const errors = Number.isNaN(input.priceCents) ? { priceCents: t('editor.priceExample') } : {};
    if (course) recheck(courses.edit, { courseId: course._id, ...input }, { errors });
    else recheck(courses.add, input, { errors });
  }, [values, outline]);
  const checked = tried ? courses.add.request.safeParse(outlineInput(outline)) : null;
  const outlineErrors =
    checked && !checked.success
      ? withoutNewEmptyRows(outlineErrorsOf(checked.error.issues), outline, rowsKnown)
      : {};
  // A failed save takes the reader to its first message, which may be far down the page (a lesson's minutes).
  const [failedSaves, setFailedSaves] = useState(0);
  useEffect(() => {
    if (failedSaves === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]')?.focus();
  }, [failedSaves]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRowsKnown(rowKeysOf(outline));
    const input = inputOf(values, outline);
    const saved = course
      ? await send(courses.edit, { courseId: course._id, ...input })
      : await send(courses.add, input);
    if (saved) navigate(paths.enterprise.courses);
    // The schema only knows a number was missing; the form knows what was typed.
    else {
      if (Number.isNaN(input.priceCents))
        setErrors((e) => (e.priceCents ? { ...e, priceCents: t('editor.priceExample') } : e));
      setFailedSaves((n) => n + 1);
    }
  };

  return (
    <form ref={form} className="course-editor" onSubmit={submit} noValidate>
      <Card title={t('editor.about')}>
        <div className="course-editor__fields">
          <FormAlert message={maybeMessage(errors.form) ?? null} />
          <TextField
            label={t('editor.name')}
            value={values.name}
            onChange={set('name')}
            error={maybeMessage(errors.name)}
            maxLength={limits.name?.maxLength}
          />
          <div className="course-editor__row">
            <SelectField
              label={t('editor.category')}
              value={values.category}
              onChange={set('category')}
              error={maybeMessage(errors.category)}
            >
              {COURSE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {category(c)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('editor.level')}
              value={values.level}
              onChange={set('level')}
              error={maybeMessage(errors.level)}
            >
              {COURSE_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {level(l)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label={t('editor.description')}
            rows={7}
            value={values.description}
            onChange={set('description')}
            error={maybeMessage(errors.description)}
            hint={t('editor.descriptionHint')}
          />
          <div className="course-editor__row">
            <TextField
              label={t('editor.price')}
              inputMode="decimal"
              placeholder="129.00"
              value={values.price}
              onChange={set('price')}
              error={maybeMessage(errors.priceCents)}
              hint={t('editor.priceHint')}
            />
            <SelectField
              label={t('editor.currency')}
              value={values.currency}
              onChange={set('currency')}
              error={maybeMessage(errors.currency)}
            >
              {COURSE_CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
            <TextField
              label={t('editor.duration')}
              placeholder={t('editor.durationPlaceholder')}
              value={values.duration}
              onChange={set('duration')}
              error={maybeMessage(errors.duration)}
            />
          </div>
        </div>
      </Card>
      <Card title={t('editor.coverImage')}>
        <ImageUpload
          label={t('editor.cover')}
          purpose="course-image"
          value={values.imageUrl}
          placeholder={<span className="course-editor__no-cover">{t('editor.noCover')}</span>}
          upload={(file) => uploadFile('enterprise', 'course-image', file)}
          onChange={(url) => setValues((v) => ({ ...v, imageUrl: url }))}
        />
        {errors.imageUrl ? <p className="course-editor__error">{maybeMessage(errors.imageUrl)}</p> : null}
      </Card>
      <OutcomesCard
        outcomes={outline.outcomes}
        onChange={(outcomes) => setOutline((o) => ({ ...o, outcomes }))}
        errors={outlineErrors}
      />
      <SyllabusCard
        modules={outline.syllabus}
        onChange={(syllabus) => setOutline((o) => ({ ...o, syllabus }))}
        errors={outlineErrors}
      />
      <InstructorCard
        instructor={outline.instructor}
        onChange={(instructor) => setOutline((o) => ({ ...o, instructor }))}
        errors={outlineErrors}
      />
      <div className="course-editor__actions">
        <Link className="btn btn--secondary btn--md" to={paths.enterprise.courses}>
          {t('editor.cancel')}
        </Link>
        <Button type="submit" loading={saving}>
          {course ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  );
};

/**
 * Delete, for a course the server would let go (never on the marketplace, no enrolment: `deleteBlockedBy` is null),
 * asked first; on success back to the list, which no longer has it.
 */
const DeleteCourse = ({ course }: { course: ManagedCourseDetail }) => {
  const { t, message } = useCourseText();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const { message: done } = await api.callWithMessage(courses.remove, { courseId: course._id });
      notify.success(message(done));
      navigate(paths.enterprise.courses);
    } catch (error) {
      notify.error(error instanceof ApiError ? message(error.message) : GENERIC_ERROR_MESSAGE);
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('list.delete')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('list.deleteTitle', { name: truncateText(course.name, 60) })}
          description={t('list.deleteText')}
          confirmLabel={t('list.delete')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
};

const EditCourse = ({ id }: { id: string }) => {
  const { t, message } = useCourseText();
  const { state } = useCall(courses.get, { courseId: id });
  // The libraries the manager may open, to assign the course's lessons from.
  const assignsTasks = useCan(ENTERPRISE_MENU_CALLS.tasksLibrary) === true;
  const assignsVideos = useCan(ENTERPRISE_MENU_CALLS.contentLibrary) === true;
  if (state.status === 'loading') return <LoadingBlock label={t('editor.loading')} />;
  if (state.status === 'error')
    return (
      <ErrorState
        title={t('editor.notLoaded')}
        description={message(state.message)}
        action={
          <Link className="btn btn--secondary btn--md" to={paths.enterprise.courses}>
            {t('editor.backToCourses')}
          </Link>
        }
      />
    );
  return (
    <>
      <PageHeader
        title={t('editor.editTitle', { name: state.data.name })}
        description={state.data.published ? t('editor.publishedNote') : t('editor.draftNote')}
        actions={state.data.deleteBlockedBy ? null : <DeleteCourse course={state.data} />}
      />
      {state.data.learnerGroup ? (
        <p className="courses__delivery">
          {t('editor.deliveryNote', { group: state.data.learnerGroup.name })}{' '}
          <Link to={fillPath(paths.enterprise.groupDetail, { id: state.data.learnerGroup._id })}>
            {t('editor.deliveryLink')}
          </Link>
          {/* Where the lessons are given to the group: a first-day course manager had to find them alone. */}
          {assignsTasks ? (
            <>
              {' · '}
              <Link to={paths.enterprise.tasksLibrary}>{t('editor.deliveryTasks')}</Link>
            </>
          ) : null}
          {assignsVideos ? (
            <>
              {' · '}
              <Link to={paths.enterprise.contentLibrary}>{t('editor.deliveryVideos')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <CourseForm course={state.data} />
    </>
  );
};

/** /enterprise/create-courses and /enterprise/course/edit/:id */
export const CourseEditorPage = () => {
  const { t } = useCourseText();
  const { id } = useParams();
  return (
    <CourseAccess>
      <div className="courses">
        <Link className="back-link" to={paths.enterprise.courses}>
          {t('list.title')}
        </Link>
        {id ? (
          <EditCourse id={id} />
        ) : (
          <>
            <PageHeader title={t('editor.newTitle')} description={t('editor.newNote')} />
            <CourseForm />
          </>
        )}
      </div>
    </CourseAccess>
  );
};
