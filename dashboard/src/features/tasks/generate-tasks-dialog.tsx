import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { LEVEL_NAMES, LEVEL_VALUES, type Level } from '@coach/shared/constants/levels';
import type { TaskType } from '@coach/shared/constants/task-types';
import { type TaskDraft, tasks } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { errorsFromIssues } from '../../lib/use-contract-form.ts';
import { useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { Checkbox } from '../../ui/table.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';
import { typeLabel } from './task-text.ts';

/** Video tasks name a video of the library; the coach writes every other open type. */
const writable = (open: readonly TaskType[]): TaskType[] => open.filter((type) => type !== 3);
const COUNTS = [1, 2, 3, 4, 5, 6, 8, 10] as const;

type Errors = Partial<Record<'topic' | 'types' | 'count' | 'level' | 'form', string>>;

/** What a draft asks of the learner, in one line. */
const draftSummary = (draft: TaskDraft) => {
  switch (draft.type) {
    case 1:
    case 5:
      return draft.passage ?? '';
    case 2:
      return `Say: ${draft.items.join(', ')}`;
    case 4:
    case 7:
      return draft.questions.join(' · ');
    case 6:
      return `${draft.jobTitle} · ${draft.industry} · ${draft.location}`;
    case 8:
      return draft.questions.map((q) => q.text).join(' · ');
    default:
      return '';
  }
};

/**
 * Generate with the coach: a topic, the task types, how many and the level; the coach drafts them, the
 * author ticks the drafts to keep and they are added to the library (nothing is saved before that).
 */
export const GenerateTasksDialog = ({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) => {
  const [topic, setTopic] = useState('');
  const WRITABLE = writable(useOpenTaskTypes());
  const [types, setTypes] = useState<TaskType[]>(() => WRITABLE.filter((type) => type === 1 || type === 7));
  const [count, setCount] = useState(3);
  const [level, setLevel] = useState<Level>(2);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [drafts, setDrafts] = useState<TaskDraft[] | null>(null);
  const [keep, setKeep] = useState<number[]>([]);
  const [estimate, setEstimate] = useState(false);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tasks.generateAiTasks.request.safeParse({ topic, types, count, level });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { drafts: found, engine } = await api.call(tasks.generateAiTasks, parsed.data);
      setDrafts(found);
      setKeep(found.map((_, index) => index));
      setEstimate(engine === 'builtin');
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!drafts) return;
    const chosen = drafts.filter((_, index) => keep.includes(index));
    if (chosen.length === 0) {
      setErrors({ form: 'Tick at least one draft to add.' });
      return;
    }
    setBusy(true);
    setErrors({});
    let added = 0;
    try {
      for (const draft of chosen) {
        await api.call(tasks.addTask, draft);
        added += 1;
      }
      notify.success(`${added} ${added === 1 ? 'task' : 'tasks'} added to the library`);
      onAdded();
      onClose();
    } catch (error) {
      // Keep what is left to add: the drafts already saved leave the list.
      setDrafts(drafts.filter((draft) => !chosen.slice(0, added).includes(draft)));
      setKeep([]);
      setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
      if (added) onAdded();
    } finally {
      setBusy(false);
    }
  };

  const toggleType = (type: TaskType, on: boolean) =>
    setTypes((current) => (on ? [...current, type].sort() : current.filter((t) => t !== type)));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Generate with the coach"
      description="The coach drafts tasks about your topic. Review them, keep the ones you like and edit them later."
    >
      {drafts === null ? (
        <form className="generate-form" onSubmit={generate} noValidate>
          <FormAlert message={errors.form} />
          <TextField
            label="Topic"
            value={topic}
            maxLength={500}
            placeholder="e.g. handling customer complaints"
            onChange={(event) => setTopic(event.target.value)}
            error={errors.topic}
            autoFocus
          />
          <fieldset className="generate-form__types">
            <legend>Task types</legend>
            {WRITABLE.map((type) => (
              <Checkbox
                key={type}
                label={typeLabel(type)}
                checked={types.includes(type)}
                onChange={(on) => toggleType(type, on)}
              />
            ))}
            {errors.types ? (
              <p className="field__error" role="alert">
                {errors.types}
              </p>
            ) : null}
          </fieldset>
          <div className="generate-form__row">
            <SelectField
              label="How many"
              value={String(count)}
              onChange={(event) => setCount(Number(event.target.value))}
              error={errors.count}
            >
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Level"
              value={String(level)}
              onChange={(event) => setLevel(Number(event.target.value) as Level)}
              error={errors.level}
            >
              {LEVEL_VALUES.map((value) => (
                <option key={value} value={value}>
                  {LEVEL_NAMES[value]}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="dialog__footer">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Generate drafts
            </Button>
          </div>
        </form>
      ) : (
        <div className="generate-form">
          <FormAlert message={errors.form} />
          {estimate ? (
            <FormAlert
              tone="info"
              message="These drafts come from the built-in coach's templates. Read them through before assigning."
            />
          ) : null}
          <ul className="generate-drafts" aria-label="Drafts">
            {drafts.map((draft, index) => (
              <li key={`${draft.type}-${draft.title}`} className="generate-drafts__item">
                <Checkbox
                  label={draft.title}
                  hint={`${typeLabel(draft.type)} · ${LEVEL_NAMES[draft.level]} · ${draft.timeMinutes} min`}
                  checked={keep.includes(index)}
                  onChange={(on) =>
                    setKeep((current) => (on ? [...current, index] : current.filter((i) => i !== index)))
                  }
                />
                <p className="generate-drafts__summary">{draftSummary(draft)}</p>
              </li>
            ))}
          </ul>
          <div className="dialog__footer">
            <Button variant="secondary" onClick={() => setDrafts(null)}>
              Back
            </Button>
            <Button loading={busy} onClick={() => void add()}>
              {keep.length === 1 ? 'Add 1 task' : `Add ${keep.length} tasks`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
};
