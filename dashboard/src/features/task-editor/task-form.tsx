import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { EXPIRY_CHOICES, TIME_CHOICES_MINUTES } from '@coach/shared/constants/durations';
import { LEVEL_VALUES } from '@coach/shared/constants/levels';
import { TASK_CATEGORIES } from '@coach/shared/constants/task-types';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { withoutField } from '../../lib/api-error-text.ts';
import { Button } from '../../ui/button.tsx';
import { ChoiceQuestionsField } from '../../ui/choice-questions-field.tsx';
import { Card } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { AttachmentsField } from './attachments-field.tsx';
import { useEditorScope } from './editor-scope.tsx';
import { ReadingTopicPicker } from './reading-topic-picker.tsx';
import { RowsField } from './rows-field.tsx';
import {
  type FieldErrors,
  type PassageSource,
  placeErrors,
  type TaskDraft,
  validateDraft,
} from './task-draft.ts';
import { VideoPicker } from './video-picker.tsx';

/** An expiry choice ('1 Hour', '7 Days' in English) in the language on screen, as the tasks library names it. */
const expiryLabel = (seconds: number) => {
  const days = seconds / 86_400;
  return Number.isInteger(days) && days >= 1
    ? i18n.t('tasks:expiry.days', { count: days, value: formatNumber(days) })
    : i18n.t('tasks:expiry.hours', { count: seconds / 3600, value: formatNumber(seconds / 3600) });
};

/** The server's 422 message starts with its field ("title: Please enter a title"); the field shows it already. */

const PassageSourceSwitch = ({
  value,
  onChange,
}: {
  value: PassageSource;
  onChange: (value: PassageSource) => void;
}) => {
  const { t } = useTranslation('task-editor');
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('fields.source')}</legend>
      {(
        [
          ['text', t('fields.writeOwn')],
          ['topic', t('fields.pickTopic')],
        ] as const
      ).map(([source, label]) => (
        <label
          key={source}
          className={`segmented__option ${value === source ? 'segmented__option--on' : ''}`}
        >
          <input
            type="radio"
            name="passage-source"
            value={source}
            checked={value === source}
            onChange={() => onChange(source)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
};

/** The fields of the draft's type (spec §3). */
const TypeFields = ({
  draft,
  update,
  errors,
  onVideoAvailability,
}: {
  draft: TaskDraft;
  update: (patch: Partial<TaskDraft>) => void;
  errors: FieldErrors;
  onVideoAvailability: (available: boolean) => void;
}) => {
  const { t } = useTranslation('task-editor');
  const { readingTopics } = useEditorScope();
  const passageField = (hint: string) => (
    <TextAreaField
      label={t('fields.passage')}
      rows={9}
      value={draft.passage}
      maxLength={20_000}
      error={errors.passage}
      hint={hint}
      onChange={(event) => update({ passage: event.target.value })}
    />
  );
  switch (draft.type) {
    case 1:
      if (!readingTopics) return passageField(t('fields.passageHint'));
      return (
        <>
          <PassageSourceSwitch
            value={draft.passageSource}
            onChange={(passageSource) => update({ passageSource })}
          />
          {draft.passageSource === 'text' ? (
            passageField(t('fields.passageHint'))
          ) : (
            <ReadingTopicPicker
              value={draft.readingTopicId}
              error={errors.readingTopicId}
              onChange={(readingTopicId) => update({ readingTopicId })}
            />
          )}
        </>
      );
    case 2:
      return (
        <RowsField
          name="items"
          legend={t('fields.words')}
          hint={t('fields.wordsHint')}
          rowLabel={t('fields.wordRow')}
          addLabel={t('fields.addWord')}
          values={draft.items}
          onChange={(items) => update({ items })}
          errors={errors}
          max={100}
          maxLength={500}
        />
      );
    case 3:
      return (
        <VideoPicker
          value={draft.contentId}
          error={errors.contentId}
          onChange={(contentId) => update({ contentId })}
          onAvailability={onVideoAvailability}
        />
      );
    case 4:
    case 7:
      return (
        <RowsField
          name="questions"
          legend={t('fields.questions')}
          hint={draft.type === 4 ? t('fields.spokenHint') : t('fields.writtenHint')}
          rowLabel={t('fields.questionRow')}
          addLabel={t('fields.addQuestion')}
          values={draft.questions}
          onChange={(questions) => update({ questions })}
          errors={errors}
          max={50}
          maxLength={1000}
          multiline
        />
      );
    case 5:
      return passageField(t('fields.rrHint'));
    case 6:
      return (
        <>
          <p className="editor-form__note">{t('fields.interviewNote')}</p>
          <div className="editor-form__row">
            <TextField
              label={t('fields.jobTitle')}
              value={draft.jobTitle}
              maxLength={200}
              error={errors.jobTitle}
              onChange={(event) => update({ jobTitle: event.target.value })}
            />
            <TextField
              label={t('fields.industry')}
              value={draft.industry}
              maxLength={200}
              error={errors.industry}
              onChange={(event) => update({ industry: event.target.value })}
            />
          </div>
          <div className="editor-form__row">
            <TextField
              label={t('fields.location')}
              value={draft.location}
              maxLength={200}
              error={errors.location}
              onChange={(event) => update({ location: event.target.value })}
            />
            <TextField
              label={t('fields.region')}
              value={draft.region}
              maxLength={100}
              error={errors.region}
              hint={t('fields.regionHint')}
              onChange={(event) => update({ region: event.target.value })}
            />
          </div>
        </>
      );
    case 8:
      return (
        <ChoiceQuestionsField
          questions={draft.choiceQuestions}
          onChange={(choiceQuestions) => update({ choiceQuestions })}
          errors={errors}
        />
      );
  }
};

/**
 * The task form of the create and edit pages: common fields, the fields of the type, attachments. It checks
 * the draft with the contract's schema before sending (and again on every change once a save was tried),
 * shows each problem at its field and moves the focus to the first one.
 */
export const TaskForm = ({
  draft,
  onChange,
  taskId,
  attachments,
  cancelTo,
  typeActions,
  onSaved,
}: {
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  /** Set when editing: the body is edit-task's. */
  taskId?: string;
  /** Whether the Attachments card shows, and with upload (spec §3: task attachment upload can be enabled). */
  attachments: 'upload' | 'remove-only' | 'off';
  cancelTo: string;
  /** Beside the type's heading (create: "Change type"). */
  typeActions?: ReactNode;
  onSaved: (task: { _id: string }, message: string) => void;
}) => {
  const { t } = useTranslation('task-editor');
  const scope = useEditorScope();
  const form = useRef<HTMLFormElement>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [videoAvailable, setVideoAvailable] = useState(true);

  const checked = useMemo(() => (tried ? validateDraft(draft, taskId) : null), [tried, draft, taskId]);
  const { fields: errors, rest } = placeErrors(
    { ...(checked && !checked.ok ? checked.errors : {}), ...serverErrors },
    draft,
  );
  const blockedVideo = draft.type === 3 && !videoAvailable;

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
    first?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<TaskDraft>) => {
    setServerErrors({});
    onChange({ ...draft, ...patch });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || blockedVideo) return;
    setTried(true);
    setServerErrors({});
    const result = validateDraft(draft, taskId);
    if (!result.ok) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const { id, message } = await scope.save(result.request);
      onSaved({ _id: id }, message);
    } catch (failure) {
      setSaving(false);
      if (failure instanceof ApiError && failure.field)
        setServerErrors({ [failure.field]: withoutField(failure.message) });
      else setServerErrors({ form: failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE });
      setFocusRequest((n) => n + 1);
    }
  };

  return (
    <form ref={form} className="editor-form" onSubmit={submit} noValidate>
      {rest.length > 0 ? (
        <div tabIndex={-1} data-error-anchor>
          <FormAlert message={rest.join(' ')} />
        </div>
      ) : null}
      <Card title={t('form.about')}>
        <div className="editor-form__fields">
          <TextField
            label={t('form.title')}
            value={draft.title}
            maxLength={200}
            error={errors.title}
            onChange={(event) => update({ title: event.target.value })}
          />
          <TextAreaField
            label={t('form.description')}
            rows={3}
            value={draft.description}
            maxLength={5000}
            error={errors.description}
            hint={t('form.descriptionHint')}
            onChange={(event) => update({ description: event.target.value })}
          />
          <div className="editor-form__row editor-form__row--4">
            <SelectField
              label={t('form.category')}
              value={draft.category}
              error={errors.category}
              onChange={(event) => update({ category: event.target.value as TaskDraft['category'] })}
            >
              {TASK_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`tasks:categories.${category}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('form.level')}
              value={draft.level}
              error={errors.level}
              onChange={(event) => update({ level: Number(event.target.value) as TaskDraft['level'] })}
            >
              {LEVEL_VALUES.map((level) => (
                <option key={level} value={level}>
                  {t(`tasks:levels.${level}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('form.time')}
              value={draft.timeMinutes}
              error={errors.timeMinutes}
              onChange={(event) =>
                update({ timeMinutes: Number(event.target.value) as TaskDraft['timeMinutes'] })
              }
            >
              {TIME_CHOICES_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('form.minutes', { count: minutes, value: formatNumber(minutes) })}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('form.expires')}
              value={draft.expirySeconds}
              error={errors.expirySeconds}
              hint={t('form.expiresHint')}
              onChange={(event) =>
                update({ expirySeconds: Number(event.target.value) as TaskDraft['expirySeconds'] })
              }
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {expiryLabel(choice.seconds)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
      </Card>

      <section className="card editor-form__type" aria-labelledby="task-type-fields">
        <div className="editor-form__type-head">
          <h2 id="task-type-fields" className="card__title">
            {t(`tasks:types.${draft.type}`)}
          </h2>
          {typeActions}
        </div>
        <div className="editor-form__fields">
          <TypeFields draft={draft} update={update} errors={errors} onVideoAvailability={setVideoAvailable} />
        </div>
      </section>

      {attachments !== 'off' ? (
        <Card title={t('form.attachments')}>
          <AttachmentsField
            canUpload={attachments === 'upload'}
            value={draft.attachments}
            error={errors.attachments}
            onChange={(attachments) => update({ attachments })}
          />
        </Card>
      ) : null}

      <div className="editor-form__actions">
        {blockedVideo ? (
          <p className="editor-form__blocked" id="save-blocked">
            {t('form.videoBlocked')}
          </p>
        ) : null}
        <Link className="btn btn--secondary btn--md" to={cancelTo}>
          {t('form.cancel')}
        </Link>
        <Button
          type="submit"
          loading={saving}
          disabled={blockedVideo}
          aria-describedby={blockedVideo ? 'save-blocked' : undefined}
        >
          {taskId ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
};
