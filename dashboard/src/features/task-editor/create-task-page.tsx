import type { TaskType } from '@coach/shared/constants/task-types';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { CoachDraftButton } from './coach-draft.tsx';
import { ADMIN_SCOPE, EditorScopeProvider, ENTERPRISE_SCOPE } from './editor-scope.tsx';
import { draftFingerprint, newDraft, type TaskDraft, withType } from './task-draft.ts';
import { TaskForm } from './task-form.tsx';
import { TaskTypePicker, taskTypeDescription } from './task-type-picker.tsx';
import './task-editor.css';

const typeFromParam = (value: string | null, open: readonly TaskType[]): TaskType | null =>
  open.find((type) => String(type) === value) ?? null;

/**
 * /enterprise/create-task: the type first (eight cards), then the form. The chosen type sits in the address
 * (?type=4) so Back returns to the cards and a link can open one type's form directly.
 */
export const CreateTaskPage = ({ audience = 'enterprise' }: { audience?: 'enterprise' | 'admin' }) => {
  const { t } = useTranslation('task-editor');
  const navigate = useNavigate();
  const user = useAtomValue(enterpriseUserAtom);
  const admin = audience === 'admin';
  const libraryPath = admin ? paths.admin.tasksLibrary : paths.enterprise.tasksLibrary;
  const viewPattern = admin ? paths.admin.viewTask : paths.enterprise.viewTask;
  const [searchParams, setSearchParams] = useSearchParams();
  const openTypes = useOpenTaskTypes(audience);
  const type = typeFromParam(searchParams.get('type'), openTypes);
  const [draft, setDraft] = useState<TaskDraft | null>(null);
  // The address decides the type; the draft follows it (keeping what was typed when the type changes).
  if (type && draft?.type !== type) setDraft(draft ? withType(draft, type) : newDraft(type));
  const dirty = draft !== null && draftFingerprint(draft) !== draftFingerprint(newDraft(draft.type));
  const { prompt, allowLeave } = useLeaveGuard(dirty, 'this task');

  const pick = (picked: TaskType) => setSearchParams({ type: String(picked) });
  const saved = (task: { _id: string }, message: string) => {
    notify.success(message);
    allowLeave();
    navigate(fillPath(viewPattern, { id: task._id }));
  };

  return (
    <EditorScopeProvider value={admin ? ADMIN_SCOPE : ENTERPRISE_SCOPE}>
      <div className="task-editor">
        <Link className="back-link" to={libraryPath}>
          {admin ? t('create.backAdmin') : t('create.back')}
        </Link>
        {type && draft ? (
          <>
            <PageHeader
              title={t(admin ? 'create.newPlatformTask' : 'create.newTask', {
                type: t(`tasks:types.${type}`),
              })}
              description={taskTypeDescription(type)}
            />
            <TaskForm
              draft={draft}
              onChange={setDraft}
              attachments={admin || user?.enterpriseId.enableTaskAttachmentUpload ? 'upload' : 'off'}
              cancelTo={libraryPath}
              typeActions={
                <span className="editor-form__type-actions">
                  <CoachDraftButton draft={draft} onDraft={setDraft} />
                  <Button variant="ghost" size="sm" onClick={() => setSearchParams({})}>
                    {t('create.changeType')}
                  </Button>
                </span>
              }
              onSaved={saved}
            />
          </>
        ) : (
          <>
            <PageHeader title={t('create.title')} description={t('create.description')} />
            <TaskTypePicker current={draft?.type ?? null} onPick={pick} types={openTypes} />
          </>
        )}
        {prompt}
      </div>
    </EditorScopeProvider>
  );
};

/** /admin/create-task: the same editor for the platform library. */
export const AdminCreateTaskPage = () => <CreateTaskPage audience="admin" />;
