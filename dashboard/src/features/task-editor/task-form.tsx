import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { EXPIRY_CHOICES, TIME_CHOICES_MINUTES } from '@coach/shared/constants/durations';
import { LEVEL_VALUES } from '@coach/shared/constants/levels';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { serverText } from '../../i18n/server-text.ts';
import { withoutField } from '../../lib/api-error-text.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useOpenTaskCategories } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { AttachmentsField } from './attachments-field.tsx';
import { useEditorScope } from './editor-scope.tsx';
import { placeErrors, shownKeys, type TaskDraft, toTaskInput, validateDraft } from './task-draft.ts';
import { TypeFields } from './task-type-fields.tsx';

/** An expiry choice ('1 Hour', '7 Days' in English) in the language on screen, as the tasks library names it. */
const expiryLabel = (seconds: number) => {
  const days = seconds / 86_400;
  return Number.isInteger(days) && days >= 1
    ? i18n.t('tasks:expiry.days', { count: days, value: formatNumber(days) })
    : i18n.t('tasks:expiry.hours', { count: seconds / 3600, value: formatNumber(seconds / 3600) });
};

/**
 * The sentence in the form's alert for a failure no shown control takes: the server's, without the `field: ` it
 * puts first when it names a field the draft does not show.
 */
const alertText = (error: unknown) =>
  serverText(
    error instanceof ApiError
      ? error.field
        ? withoutField(error.message)
        : error.message
      : GENERIC_ERROR_MESSAGE,
  );

/**
 * The task form of the create and edit pages: common fields, the fields of the type, attachments. It checks
 * the draft with the contract's schema before sending (and again on every change once a save was tried),
 * sends it through useContractForm with the scope's add or edit call, shows each problem at its field (a server
 * error at the nearest control its path starts at) and moves the focus to the first one.
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
  const shown = [...shownKeys(draft)];
  // Bound to add-task for its length bounds: edit-task and the platform's calls take the same fields.
  const contract = useContractForm(shown, scope.calls.add);
  const [tried, setTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [videoAvailable, setVideoAvailable] = useState(true);
  const openCategories = useOpenTaskCategories(scope.audience);
  // A task saved in a category since closed (IVR before Interview Ready was switched off) still shows its own.
  const categories = openCategories.includes(draft.category)
    ? openCategories
    : [...openCategories, draft.category];

  const checked = useMemo(() => (tried ? validateDraft(draft, taskId) : null), [tried, draft, taskId]);
  const { fields: errors, rest } = placeErrors(
    { ...(checked && !checked.ok ? checked.errors : {}), ...contract.errors },
    draft,
  );
  const blockedVideo = draft.type === TASK_TYPES.video && !videoAvailable;

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
    first?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<TaskDraft>) => {
    contract.setErrors({});
    onChange({ ...draft, ...patch });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (contract.saving || blockedVideo) return;
    setTried(true);
    contract.setErrors({});
    if (!validateDraft(draft, taskId).ok) {
      setFocusRequest((n) => n + 1);
      return;
    }
    // The page shows the server's message itself (then leaves for the task), so the hook shows no toast.
    const options = {
      toast: false as const,
      errorText: alertText,
      onSuccess: (task: { _id: string }, message: string) => onSaved({ _id: task._id }, message),
    };
    const input = toTaskInput(draft);
    const saved = taskId
      ? await contract.send(scope.calls.edit, { ...input, taskId }, options)
      : await contract.send(scope.calls.add, input, options);
    if (!saved) setFocusRequest((n) => n + 1);
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
            maxLength={contract.limits.title?.maxLength}
            error={errors.title}
            onChange={(event) => update({ title: event.target.value })}
          />
          <TextAreaField
            label={t('form.description')}
            rows={3}
            value={draft.description}
            maxLength={contract.limits.description?.maxLength}
            error={errors.description}
            hint={t('form.descriptionHint')}
            onChange={(event) => update({ description: event.target.value })}
          />
          <div className="editor-form__row editor-form__row--4">
            <SelectField
              label={t('form.category')}
              value={draft.category}
              // The whole label on hover, should a narrow field still cut it.
              title={t(`tasks:categories.${draft.category}`)}
              error={errors.category}
              onChange={(event) => update({ category: event.target.value as TaskDraft['category'] })}
            >
              {categories.map((category) => (
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
          loading={contract.saving}
          disabled={blockedVideo}
          aria-describedby={blockedVideo ? 'save-blocked' : undefined}
        >
          {taskId ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
};
