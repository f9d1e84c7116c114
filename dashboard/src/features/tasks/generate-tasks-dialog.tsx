import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { LEVEL_VALUES, type Level } from '@coach/shared/constants/levels';
import { TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import { type TaskDraft, tasks } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { Checkbox } from '../../ui/table.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';
import { levelLabel, timeLabel, typeLabel } from './task-text.ts';

/** Video tasks name a video of the library; the coach writes every other open type. */
const writable = (open: readonly TaskType[]): TaskType[] => open.filter((type) => type !== TASK_TYPES.video);
const COUNTS = [1, 2, 3, 4, 5, 6, 8, 10] as const;

const FIELDS = ['topic', 'types', 'count', 'level'] as const;

/** What a draft asks of the learner, in one line. */
const draftSummary = (draft: TaskDraft) => {
  switch (draft.type) {
    case TASK_TYPES.read:
    case TASK_TYPES.readAndRecord:
      return draft.passage ?? '';
    case TASK_TYPES.pronunciation:
      return i18n.t('tasks:generate.say', { items: formatList(draft.items, 'unit') });
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return draft.questions.join(' · ');
    case TASK_TYPES.getInterviewReady:
      return `${draft.jobTitle} · ${draft.industry} · ${draft.location}`;
    case TASK_TYPES.multipleChoiceQuestion:
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
  const { t } = useTranslation('tasks');
  const [topic, setTopic] = useState('');
  const WRITABLE = writable(useOpenTaskTypes());
  const [types, setTypes] = useState<TaskType[]>(() =>
    WRITABLE.filter((type) => type === TASK_TYPES.read || type === TASK_TYPES.freeTextQuestionAndAnswer),
  );
  const [count, setCount] = useState(3);
  const [level, setLevel] = useState<Level>(2);
  const { errors, setErrors, saving, send, limits } = useContractForm(FIELDS, tasks.generateAiTasks);
  // Adding the kept drafts is one call per draft, not one contract form: it keeps its own busy flag.
  const [adding, setAdding] = useState(false);
  const busy = saving || adding;
  const [drafts, setDrafts] = useState<TaskDraft[] | null>(null);
  const [keep, setKeep] = useState<number[]>([]);
  const [estimate, setEstimate] = useState(false);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    // The drafts on screen say it worked: no toast until they are added.
    const answer = await send(tasks.generateAiTasks, { topic, types, count, level }, { toast: false });
    if (!answer) return;
    setDrafts(answer.drafts);
    setKeep(answer.drafts.map((_, index) => index));
    setEstimate(answer.engine === 'builtin');
  };

  const add = async () => {
    if (!drafts) return;
    const chosen = drafts.filter((_, index) => keep.includes(index));
    if (chosen.length === 0) {
      setErrors({ form: t('generate.tickOne') });
      return;
    }
    setAdding(true);
    setErrors({});
    let added = 0;
    try {
      for (const draft of chosen) {
        await api.call(tasks.addTask, draft);
        added += 1;
      }
      notify.success(t('generate.added', { count: added, value: formatNumber(added) }));
      onAdded();
      onClose();
    } catch (error) {
      // Keep what is left to add: the drafts already saved leave the list.
      setDrafts(drafts.filter((draft) => !chosen.slice(0, added).includes(draft)));
      setKeep([]);
      setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
      if (added) onAdded();
    } finally {
      setAdding(false);
    }
  };

  const toggleType = (type: TaskType, on: boolean) =>
    setTypes((current) => (on ? [...current, type].sort() : current.filter((other) => other !== type)));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('generate.title')}
      description={t('generate.description')}
    >
      {drafts === null ? (
        <form className="generate-form" onSubmit={generate} noValidate>
          <FormAlert message={errors.form} />
          <TextField
            label={t('generate.topic')}
            value={topic}
            maxLength={limits.topic?.maxLength}
            placeholder={t('generate.topicPlaceholder')}
            onChange={(event) => setTopic(event.target.value)}
            error={errors.topic}
            autoFocus
          />
          <fieldset className="generate-form__types">
            <legend>{t('generate.types')}</legend>
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
              label={t('generate.howMany')}
              value={String(count)}
              onChange={(event) => setCount(Number(event.target.value))}
              error={errors.count}
            >
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {formatNumber(n)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('generate.level')}
              value={String(level)}
              onChange={(event) => setLevel(Number(event.target.value) as Level)}
              error={errors.level}
            >
              {LEVEL_VALUES.map((value) => (
                <option key={value} value={value}>
                  {levelLabel(value)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="dialog__footer">
            <Button variant="secondary" onClick={onClose}>
              {t('generate.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('generate.generate')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="generate-form">
          <FormAlert message={errors.form} />
          {estimate ? <FormAlert tone="info" message={t('generate.builtin')} /> : null}
          <ul className="generate-drafts" aria-label={t('generate.drafts')}>
            {drafts.map((draft, index) => (
              <li key={`${draft.type}-${draft.title}`} className="generate-drafts__item">
                <Checkbox
                  label={draft.title}
                  hint={t('generate.hint', {
                    type: typeLabel(draft.type),
                    level: levelLabel(draft.level),
                    minutes: timeLabel(draft.timeMinutes),
                  })}
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
              {t('generate.back')}
            </Button>
            <Button loading={busy} onClick={() => void add()}>
              {t('generate.add', { count: keep.length, value: formatNumber(keep.length) })}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
};
