import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { type Task, tasks } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useEditorScope } from './editor-scope.tsx';
import { fromTask, type TaskDraft } from './task-draft.ts';

const FIELDS = ['topic'] as const;

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
  const { errors, saving: busy, send, limits } = useContractForm(FIELDS, tasks.generateContentTask);
  const { coachDraft } = useEditorScope();
  if (draft.type === TASK_TYPES.video || !coachDraft) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await send(
      tasks.generateContentTask,
      { type: draft.type, topic, level: draft.level },
      { toast: t('coach.filled') },
    );
    if (!answer) return;
    // The draft has a task's fields; the form's own draft keeps its attachments and expiry choice.
    onDraft({
      ...fromTask(answer.draft as unknown as Task),
      attachments: draft.attachments,
      expirySeconds: draft.expirySeconds,
    });
    setOpen(false);
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
            {/* The topic's refusal shows above the form, like the server's. */}
            <FormAlert message={errors.form ?? errors.topic} />
            <TextField
              label={t('coach.topic')}
              value={topic}
              maxLength={limits.topic?.maxLength}
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
