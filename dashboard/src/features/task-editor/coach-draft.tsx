import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Task, tasks } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useEditorScope } from './editor-scope.tsx';
import { fromTask, type TaskDraft } from './task-draft.ts';

/**
 * "Draft with the coach" beside the type's heading: a topic in, the type's fields (and title, level,
 * time) out, replacing what the form holds; nothing is saved until the author saves. Not for Video tasks.
 */
export const CoachDraftButton = ({
  draft,
  onDraft,
}: {
  draft: TaskDraft;
  onDraft: (next: TaskDraft) => void;
}) => {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('task-editor');
  const [topic, setTopic] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { coachDraft } = useEditorScope();
  if (draft.type === 3 || !coachDraft) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tasks.generateContentTask.request.safeParse({
      type: draft.type,
      topic,
      level: draft.level,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('coach.topicRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { draft: written } = await api.call(tasks.generateContentTask, parsed.data);
      // The draft has a task's fields; the form's own draft keeps its attachments and expiry choice.
      onDraft({
        ...fromTask(written as unknown as Task),
        attachments: draft.attachments,
        expirySeconds: draft.expirySeconds,
      });
      notify.success(t('coach.filled'));
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('coach.button')}
      </Button>
      {open ? (
        <Dialog
          open
          onOpenChange={(next) => {
            if (!next) setOpen(false);
          }}
          title={t('coach.title')}
          description={t('coach.description')}
        >
          <form className="coach-draft" onSubmit={submit} noValidate>
            <FormAlert message={error} />
            <TextField
              label={t('coach.topic')}
              value={topic}
              maxLength={500}
              placeholder={t('coach.placeholder')}
              onChange={(event) => setTopic(event.target.value)}
              autoFocus
            />
            <div className="dialog__footer">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('coach.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('coach.write')}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
};
