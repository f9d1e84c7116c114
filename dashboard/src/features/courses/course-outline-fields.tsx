import { courses, COURSE_OUTLINE_LIMITS as LIMITS } from '@coach/shared/contract/courses';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import { useCourseText } from '../../i18n/course-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { limitsOf } from '../../lib/contract-limits.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import {
  type InstructorDraft,
  type LessonDraft,
  type ModuleDraft,
  minutesOf,
  moved,
  newLesson,
  newModule,
  newOutcome,
  type OutcomeDraft,
  type OutlineErrors,
} from './course-outline.ts';
import { ListError, moveFocusTarget, RowTools } from './outline-row-tools.tsx';

/** The length bounds of the outline's text fields, read from the course call's request. */
const MODULE = limitsOf(courses.add, 'syllabus');
const LESSON = limitsOf(courses.add, 'syllabus.lessons');
const INSTRUCTOR = limitsOf(courses.add, 'instructor');
/** Digits the minutes box takes: as many as the largest number of minutes has. */
const MINUTES_DIGITS = String(LESSON.minutes?.max ?? LIMITS.lessonMinutes.max).length;

/** What learners will learn: short sentences, added, removed and reordered by buttons. */
export const OutcomesCard = ({
  outcomes,
  onChange,
  errors,
}: {
  outcomes: OutcomeDraft[];
  onChange: (outcomes: OutcomeDraft[]) => void;
  errors: OutlineErrors;
}) => {
  const { t, maybeMessage } = useCourseText();
  const focusLater = useFocusLater();
  const add = () => {
    const outcome = newOutcome();
    onChange([...outcomes, outcome]);
    focusLater(`outcome-${outcome.key}`);
  };
  const remove = (index: number) => {
    const next = outcomes.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusLater(neighbour ? `outcome-${neighbour.key}` : 'add-outcome');
  };
  const move = (index: number, by: -1 | 1) => {
    const outcome = outcomes[index];
    if (!outcome) return;
    onChange(moved(outcomes, index, by));
    focusLater(moveFocusTarget(outcome.key, index + by, outcomes.length, by));
  };

  return (
    <Card title={t('outcomes.title')} aria-label={t('outcomes.title')} className="outline-card">
      <p className="outline-card__hint">{t('outcomes.hint', { max: formatNumber(LIMITS.outcomes) })}</p>
      <ListError message={errors.outcomes} />
      {outcomes.length === 0 ? (
        <p className="outline-card__empty">{t('outcomes.none')}</p>
      ) : (
        <ol className="outline-list">
          {outcomes.map((outcome, index) => {
            const n = formatNumber(index + 1);
            return (
              <li key={outcome.key} className="outline-row">
                <TextField
                  id={`outcome-${outcome.key}`}
                  label={t('outcomes.label', { n })}
                  value={outcome.text}
                  maxLength={LIMITS.outcomeLength}
                  placeholder={t('outcomes.placeholder')}
                  error={maybeMessage(errors[`outcomes.${index}`])}
                  onChange={(event) =>
                    onChange(
                      outcomes.map((o) => (o.key === outcome.key ? { ...o, text: event.target.value } : o)),
                    )
                  }
                />
                <RowTools
                  rowKey={outcome.key}
                  names={{
                    up: t('outcomes.moveUp', { n }),
                    down: t('outcomes.moveDown', { n }),
                    remove: t('outcomes.remove', { n }),
                  }}
                  index={index}
                  count={outcomes.length}
                  onMove={(by) => move(index, by)}
                  onRemove={() => remove(index)}
                />
              </li>
            );
          })}
        </ol>
      )}
      <Button
        id="add-outcome"
        variant="secondary"
        disabled={outcomes.length >= LIMITS.outcomes}
        onClick={add}
      >
        {t('outcomes.add')}
      </Button>
    </Card>
  );
};

const ModuleEditor = ({
  module,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  module: ModuleDraft;
  index: number;
  count: number;
  errors: OutlineErrors;
  onChange: (module: ModuleDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) => {
  const { t, maybeMessage: maybe, minutes } = useCourseText();
  const focusLater = useFocusLater();
  const headingId = useId();
  const number = formatNumber(index + 1);
  const path = `syllabus.${index}`;
  const { lessons } = module;
  const setLessons = (next: LessonDraft[]) => onChange({ ...module, lessons: next });
  const setLesson = (key: string, patch: Partial<LessonDraft>) =>
    setLessons(lessons.map((lesson) => (lesson.key === key ? { ...lesson, ...patch } : lesson)));

  const addLesson = () => {
    const lesson = newLesson();
    setLessons([...lessons, lesson]);
    focusLater(`lesson-${lesson.key}`);
  };
  const removeLesson = (at: number) => {
    const next = lessons.filter((_, i) => i !== at);
    setLessons(next);
    const neighbour = next[Math.min(at, next.length - 1)];
    focusLater(neighbour ? `lesson-${neighbour.key}` : `add-lesson-${module.key}`);
  };
  const moveLesson = (at: number, by: -1 | 1) => {
    const lesson = lessons[at];
    if (!lesson) return;
    setLessons(moved(lessons, at, by));
    focusLater(moveFocusTarget(lesson.key, at + by, lessons.length, by));
  };

  return (
    <li className="outline-module">
      <fieldset className="outline-module__frame" aria-labelledby={headingId}>
        <div className="outline-module__head">
          <h3 id={headingId} className="outline-module__heading">
            {t('modules.heading', { n: number })}
          </h3>
          <span className="outline-module__total">
            {t('lessons.count', { count: lessons.length, n: formatNumber(lessons.length) })} ·{' '}
            {minutes(minutesOf(lessons))}
          </span>
        </div>
        <RowTools
          rowKey={module.key}
          names={{
            up: t('modules.moveUp', { n: number }),
            down: t('modules.moveDown', { n: number }),
            remove: t('modules.remove', { n: number }),
          }}
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
        />
        <TextField
          id={`module-${module.key}`}
          className="outline-module__title"
          label={t('modules.titleLabel')}
          value={module.title}
          maxLength={MODULE.title?.maxLength}
          placeholder={t('modules.titlePlaceholder')}
          error={maybe(errors[`${path}.title`])}
          onChange={(event) => onChange({ ...module, title: event.target.value })}
        />
        <div className="outline-module__lessons">
          <ListError message={errors[`${path}.lessons`]} />
          <ol className="outline-list">
            {lessons.map((lesson, at) => {
              const names = { lesson: formatNumber(at + 1), module: number };
              return (
                <li key={lesson.key} className="outline-lesson">
                  <TextField
                    id={`lesson-${lesson.key}`}
                    label={t('lessons.label', { n: names.lesson })}
                    value={lesson.title}
                    maxLength={LESSON.title?.maxLength}
                    error={maybe(errors[`${path}.lessons.${at}.title`])}
                    onChange={(event) => setLesson(lesson.key, { title: event.target.value })}
                  />
                  <TextField
                    className="outline-lesson__minutes"
                    label={t('lessons.minutes')}
                    aria-label={t('lessons.minutesOf', names)}
                    inputMode="numeric"
                    placeholder="15"
                    maxLength={MINUTES_DIGITS}
                    value={lesson.minutes}
                    error={maybe(errors[`${path}.lessons.${at}.minutes`])}
                    onChange={(event) => setLesson(lesson.key, { minutes: event.target.value })}
                  />
                  <RowTools
                    rowKey={lesson.key}
                    names={{
                      up: t('lessons.moveUp', names),
                      down: t('lessons.moveDown', names),
                      remove: t('lessons.remove', names),
                    }}
                    index={at}
                    count={lessons.length}
                    onMove={(by) => moveLesson(at, by)}
                    onRemove={() => removeLesson(at)}
                    compact
                  />
                </li>
              );
            })}
          </ol>
          <Button
            id={`add-lesson-${module.key}`}
            variant="secondary"
            size="sm"
            aria-label={t('lessons.addTo', { n: number })}
            disabled={lessons.length >= LIMITS.lessonsPerModule}
            onClick={addLesson}
          >
            {t('lessons.add')}
          </Button>
        </div>
      </fieldset>
    </li>
  );
};

/** The syllabus: modules with their lessons and minutes, the totals kept up to date as they are typed. */
export const SyllabusCard = ({
  modules,
  onChange,
  errors,
}: {
  modules: ModuleDraft[];
  onChange: (modules: ModuleDraft[]) => void;
  errors: OutlineErrors;
}) => {
  const { t, minutes: lengthOf } = useCourseText();
  const focusLater = useFocusLater();
  const lessonCount = modules.reduce((sum, module) => sum + module.lessons.length, 0);
  const minutes = modules.reduce((sum, module) => sum + minutesOf(module.lessons), 0);

  const add = () => {
    const module = newModule();
    onChange([...modules, module]);
    focusLater(`module-${module.key}`);
  };
  const remove = (index: number) => {
    const next = modules.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusLater(neighbour ? `module-${neighbour.key}` : 'add-module');
  };
  const move = (index: number, by: -1 | 1) => {
    const module = modules[index];
    if (!module) return;
    onChange(moved(modules, index, by));
    focusLater(moveFocusTarget(module.key, index + by, modules.length, by));
  };

  return (
    <Card title={t('syllabus.title')} aria-label={t('syllabus.title')} className="outline-card">
      <p className="outline-card__hint">
        {t('syllabus.hint', {
          min: formatNumber(LIMITS.lessonMinutes.min),
          max: formatNumber(LIMITS.lessonMinutes.max),
        })}
      </p>
      {modules.length > 0 ? (
        <p className="outline-card__summary">
          <Trans
            t={t}
            i18nKey="syllabus.summary"
            values={{
              modules: t('modules.count', { count: modules.length, n: formatNumber(modules.length) }),
              lessons: t('lessons.count', { count: lessonCount, n: formatNumber(lessonCount) }),
              length: lengthOf(minutes),
            }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : null}
      <ListError message={errors.syllabus} />
      {modules.length === 0 ? (
        <p className="outline-card__empty">{t('syllabus.none')}</p>
      ) : (
        <ol className="outline-modules">
          {modules.map((module, index) => (
            <ModuleEditor
              key={module.key}
              module={module}
              index={index}
              count={modules.length}
              errors={errors}
              onChange={(changed) => onChange(modules.map((m) => (m.key === module.key ? changed : m)))}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <Button id="add-module" variant="secondary" disabled={modules.length >= LIMITS.modules} onClick={add}>
        {t('modules.add')}
      </Button>
    </Card>
  );
};

/** Who teaches the course; empty, the course page names nobody. */
export const InstructorCard = ({
  instructor,
  onChange,
  errors,
}: {
  instructor: InstructorDraft;
  onChange: (instructor: InstructorDraft) => void;
  errors: OutlineErrors;
}) => {
  const { t, maybeMessage } = useCourseText();
  return (
    <Card title={t('instructor.title')} aria-label={t('instructor.title')} className="outline-card">
      <div className="course-editor__fields">
        <TextField
          label={t('instructor.name')}
          value={instructor.name}
          maxLength={INSTRUCTOR.name?.maxLength}
          error={maybeMessage(errors['instructor.name'])}
          onChange={(event) => onChange({ ...instructor, name: event.target.value })}
        />
        <TextAreaField
          label={t('instructor.bio')}
          rows={4}
          value={instructor.bio}
          maxLength={INSTRUCTOR.bio?.maxLength}
          error={maybeMessage(errors['instructor.bio'])}
          hint={t('instructor.bioHint')}
          onChange={(event) => onChange({ ...instructor, bio: event.target.value })}
        />
      </div>
    </Card>
  );
};
