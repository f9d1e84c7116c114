import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { isLibraryTask, type Task, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { ADMIN_SCOPE, EditorScopeProvider, ENTERPRISE_SCOPE } from './editor-scope.tsx';
import { draftFingerprint, fromTask } from './task-draft.ts';
import { TaskForm } from './task-form.tsx';
import './task-editor.css';

type Audience = 'enterprise' | 'admin';
const viewPath = (audience: Audience, id: string) =>
  fillPath(audience === 'admin' ? paths.admin.viewTask : paths.enterprise.viewTask, { id });

/** Upload needs the enterprise's flag (spec §3); files saved before it was switched off can still be removed. */
const attachmentMode = (enabled: boolean, task: Task) =>
  enabled ? 'upload' : task.attachments.length > 0 ? 'remove-only' : 'off';

const EditTaskForm = ({ task, audience }: { task: Task; audience: Audience }) => {
  const { t } = useTranslation('task-editor');
  const navigate = useNavigate();
  const user = useAtomValue(enterpriseUserAtom);
  const [baseline] = useState(() => fromTask(task));
  const [draft, setDraft] = useState(baseline);
  const { prompt, allowLeave } = useLeaveGuard(
    draftFingerprint(draft) !== draftFingerprint(baseline),
    'this task',
  );
  const saved = (updated: { _id: string }, message: string) => {
    notify.success(message);
    allowLeave();
    navigate(viewPath(audience, updated._id));
  };
  return (
    <>
      <PageHeader
        title={t('edit.title', { title: task.title })}
        description={t('edit.description', { type: t(`tasks:types.${task.type}`) })}
      />
      <TaskForm
        draft={draft}
        onChange={setDraft}
        taskId={task._id}
        attachments={
          audience === 'admin'
            ? 'upload'
            : attachmentMode(user?.enterpriseId.enableTaskAttachmentUpload ?? false, task)
        }
        cancelTo={viewPath(audience, task._id)}
        onSaved={saved}
      />
      {prompt}
    </>
  );
};

/**
 * /enterprise/tasks-library/edit/:id: the saved task in the form; its type is fixed. A task that is not there (gone,
 * or another enterprise's) leads back to the library, as a member or group that is not there leads to its list.
 */
export const EditTaskPage = ({ audience = 'enterprise' }: { audience?: Audience }) => {
  const { t } = useTranslation('task-editor');
  const { id = '' } = useParams();
  const { state, reload } = useLoad(
    [audience === 'admin' ? adminTasks.get.path : tasks.getTaskById.path, id],
    async () => {
      // A platform template has a task's authored fields; the editor reads only those.
      if (audience === 'admin') return (await api.call(adminTasks.get, { taskId: id })) as unknown as Task;
      // An author gets the library's copy of the task. Anyone else gets a learner's (without the library's figures
      // and the expected answers), which cannot be edited: null, shown as a task that is not there (the screen's
      // route keeps them out, so one arrives only if the Tasks Library permission went meanwhile).
      const task = await api.call(tasks.getTaskById, { taskId: id });
      return isLibraryTask(task) ? task : null;
    },
  );
  const task = state.status === 'ready' ? state.data : null;
  const notFound = (state.status === 'error' && state.notFound) || (state.status === 'ready' && !task);
  return (
    <EditorScopeProvider value={audience === 'admin' ? ADMIN_SCOPE : ENTERPRISE_SCOPE}>
      <div className="task-editor">
        {notFound ? null : (
          <Link className="back-link" to={viewPath(audience, id)}>
            {t('edit.back')}
          </Link>
        )}
        {state.status === 'loading' ? <LoadingBlock label={t('edit.loading')} /> : null}
        {state.status === 'error' || notFound ? (
          <ErrorState
            title={t('edit.loadError')}
            description={state.status === 'error' ? state.message : undefined}
            action={
              notFound ? (
                <Link
                  className="btn btn--secondary btn--md"
                  to={audience === 'admin' ? paths.admin.tasksLibrary : paths.enterprise.tasksLibrary}
                >
                  {t(audience === 'admin' ? 'edit.backToLibraryAdmin' : 'edit.backToLibrary')}
                </Link>
              ) : (
                <Button variant="secondary" onClick={reload}>
                  {t('edit.tryAgain')}
                </Button>
              )
            }
          />
        ) : null}
        {task ? <EditTaskForm key={task._id} task={task} audience={audience} /> : null}
      </div>
    </EditorScopeProvider>
  );
};

/** /admin/tasks-library/edit/:id: the same editor for a platform template. */
export const AdminEditTaskPage = () => <EditTaskPage audience="admin" />;
