import { COURSE_OUTLINE_LIMITS as LIMITS } from '@coach/shared/contract/courses';
import { useId } from 'react';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import {
  formatMinutes,
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A message about a whole list (too many, none), focusable so a failed save can take the reader to it. */
const ListError = ({ message }: { message: string | undefined }) =>
  message ? (
    <p className="field__error" tabIndex={-1} data-error-anchor>
      {message}
    </p>
  ) : null;

/**
 * Up, Down and Remove for a row. `what` names the row for a screen reader ("outcome 2", "lesson 1 of module 3")
 * since every row has the same visible buttons. A move keeps the focus on a move button of the moved row.
 */
const RowTools = ({
  rowKey,
  what,
  index,
  count,
  onMove,
  onRemove,
  compact = false,
}: {
  rowKey: string;
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  compact?: boolean;
}) => (
  <div className="outline-tools">
    <Button
      id={`up-${rowKey}`}
      variant="ghost"
      size="sm"
      aria-label={`Move ${what} up`}
      disabled={index === 0}
      onClick={() => onMove(-1)}
    >
      <span className="outline-tools__arrow" aria-hidden="true">
        ↑
      </span>
      {compact ? null : ' Up'}
    </Button>
    <Button
      id={`down-${rowKey}`}
      variant="ghost"
      size="sm"
      aria-label={`Move ${what} down`}
      disabled={index === count - 1}
      onClick={() => onMove(1)}
    >
      <span className="outline-tools__arrow" aria-hidden="true">
        ↓
      </span>
      {compact ? null : ' Down'}
    </Button>
    <Button variant="ghost" size="sm" aria-label={`Remove ${what}`} onClick={onRemove}>
      Remove
    </Button>
  </div>
);

/** After a move the pressed button may be disabled (top or bottom): then the other one takes the focus. */
const moveFocusTarget = (rowKey: string, to: number, count: number, by: -1 | 1) => {
  if (by === -1) return to === 0 ? `down-${rowKey}` : `up-${rowKey}`;
  return to === count - 1 ? `up-${rowKey}` : `down-${rowKey}`;
};

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
    <Card title="What learners will learn" aria-label="What learners will learn" className="outline-card">
      <p className="outline-card__hint">
        Short sentences a buyer reads first on the course page, up to {LIMITS.outcomes}.
      </p>
      <ListError message={errors.outcomes} />
      {outcomes.length === 0 ? (
        <p className="outline-card__empty">None yet: the course page leaves this part out.</p>
      ) : (
        <ol className="outline-list">
          {outcomes.map((outcome, index) => (
            <li key={outcome.key} className="outline-row">
              <TextField
                id={`outcome-${outcome.key}`}
                label={`Outcome ${index + 1}`}
                value={outcome.text}
                maxLength={LIMITS.outcomeLength}
                placeholder="Open a talk with a clear promise to the audience"
                error={errors[`outcomes.${index}`]}
                onChange={(event) =>
                  onChange(
                    outcomes.map((o) => (o.key === outcome.key ? { ...o, text: event.target.value } : o)),
                  )
                }
              />
              <RowTools
                rowKey={outcome.key}
                what={`outcome ${index + 1}`}
                index={index}
                count={outcomes.length}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <Button
        id="add-outcome"
        variant="secondary"
        disabled={outcomes.length >= LIMITS.outcomes}
        onClick={add}
      >
        Add outcome
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
  const focusLater = useFocusLater();
  const headingId = useId();
  const number = index + 1;
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
            Module {number}
          </h3>
          <span className="outline-module__total">
            {plural(lessons.length, 'lesson', 'lessons')} · {formatMinutes(minutesOf(lessons))}
          </span>
        </div>
        <RowTools
          rowKey={module.key}
          what={`module ${number}`}
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
        />
        <TextField
          id={`module-${module.key}`}
          className="outline-module__title"
          label="Module title"
          value={module.title}
          maxLength={LIMITS.moduleTitleLength}
          placeholder="Finding your message"
          error={errors[`${path}.title`]}
          onChange={(event) => onChange({ ...module, title: event.target.value })}
        />
        <div className="outline-module__lessons">
          <ListError message={errors[`${path}.lessons`]} />
          <ol className="outline-list">
            {lessons.map((lesson, at) => {
              const what = `lesson ${at + 1} of module ${number}`;
              return (
                <li key={lesson.key} className="outline-lesson">
                  <TextField
                    id={`lesson-${lesson.key}`}
                    label={`Lesson ${at + 1}`}
                    value={lesson.title}
                    maxLength={LIMITS.lessonTitleLength}
                    error={errors[`${path}.lessons.${at}.title`]}
                    onChange={(event) => setLesson(lesson.key, { title: event.target.value })}
                  />
                  <TextField
                    className="outline-lesson__minutes"
                    label="Minutes"
                    aria-label={`Minutes of ${what}`}
                    inputMode="numeric"
                    placeholder="15"
                    maxLength={3}
                    value={lesson.minutes}
                    error={errors[`${path}.lessons.${at}.minutes`]}
                    onChange={(event) => setLesson(lesson.key, { minutes: event.target.value })}
                  />
                  <RowTools
                    rowKey={lesson.key}
                    what={what}
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
            aria-label={`Add lesson to module ${number}`}
            disabled={lessons.length >= LIMITS.lessonsPerModule}
            onClick={addLesson}
          >
            Add lesson
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
    <Card title="Syllabus" aria-label="Syllabus" className="outline-card">
      <p className="outline-card__hint">
        Modules in the order learners take them, each with its lessons and their minutes (1 to{' '}
        {LIMITS.lessonMinutes.max}).
      </p>
      {modules.length > 0 ? (
        <p className="outline-card__summary">
          {plural(modules.length, 'module', 'modules')} · {plural(lessonCount, 'lesson', 'lessons')} ·{' '}
          <strong>{formatMinutes(minutes)}</strong> in all
        </p>
      ) : null}
      <ListError message={errors.syllabus} />
      {modules.length === 0 ? (
        <p className="outline-card__empty">No modules yet: the course page shows no syllabus.</p>
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
        Add module
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
}) => (
  <Card title="Instructor" aria-label="Instructor" className="outline-card">
    <div className="course-editor__fields">
      <TextField
        label="Instructor's name"
        value={instructor.name}
        maxLength={LIMITS.instructorNameLength}
        error={errors['instructor.name']}
        onChange={(event) => onChange({ ...instructor, name: event.target.value })}
      />
      <TextAreaField
        label="About the instructor"
        rows={4}
        value={instructor.bio}
        maxLength={LIMITS.instructorBioLength}
        error={errors['instructor.bio']}
        hint="Their experience and what they teach, in a sentence or two. Leave both empty to name nobody."
        onChange={(event) => onChange({ ...instructor, bio: event.target.value })}
      />
    </div>
  </Card>
);
