import { type TaskFolder, taskFolders } from '@coach/shared/contract/task-folders';
import type { Task } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AssignTasksDialog } from './task-dialogs.tsx';
import { folderPath, viewTaskPath } from './task-paths.ts';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { categoryLabel, countOf, levelLabel, messageOf, typeLabel } from './task-text.ts';
import './tasks.css';

/** Name a new folder, or rename one. */
const FolderNameDialog = ({
  folder,
  onClose,
  onSaved,
}: {
  folder: TaskFolder | null;
  onClose: () => void;
  onSaved: (folder: TaskFolder) => void;
}) => {
  const { t } = useTranslation('tasks');
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('folders.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = folder
        ? await api.call(taskFolders.renameFolder, { folderId: folder._id, name: name.trim() })
        : await api.call(taskFolders.createFolder, { name: name.trim() });
      notify.success(folder ? t('folders.renamed') : t('folders.created'));
      onSaved(saved);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={folder ? t('folders.renameTitle') : t('folders.newTitle')}
      description={
        folder ? t('folders.renameDescription', { name: folder.name }) : t('folders.newDescription')
      }
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <TextField
          label={t('folders.name')}
          value={name}
          maxLength={100}
          error={error}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {folder ? t('folders.rename') : t('folders.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const DeleteFolderDialog = ({
  folder,
  onClose,
  onDeleted,
}: {
  folder: TaskFolder;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('tasks');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(taskFolders.deleteFolder, { folderId: folder._id });
      notify.success(t('folders.deleted'));
      onDeleted();
    } catch (err) {
      notify.error(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('folders.deleteTitle', { name: folder.name })}
      description={
        folder.taskCount > 0
          ? t('folders.deleteDescription', { tasks: countOf('tasks', folder.taskCount) })
          : t('folders.deleteEmpty')
      }
      confirmLabel={t('folders.deleteConfirm')}
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
};

type FolderAction = { kind: 'create' } | { kind: 'rename' | 'delete'; folder: TaskFolder };

const FolderDialogs = ({
  action,
  onClose,
  onChanged,
}: {
  action: FolderAction | null;
  onClose: () => void;
  onChanged: (kind: FolderAction['kind'], folder: TaskFolder | null) => void;
}) => {
  if (!action) return null;
  if (action.kind === 'delete')
    return (
      <DeleteFolderDialog
        folder={action.folder}
        onClose={onClose}
        onDeleted={() => onChanged('delete', action.folder)}
      />
    );
  return (
    <FolderNameDialog
      folder={action.kind === 'rename' ? action.folder : null}
      onClose={onClose}
      onSaved={(folder) => onChanged(action.kind, folder)}
    />
  );
};

const FolderGrid = () => {
  const { t } = useTranslation('tasks');
  const { state, reload } = useLoad([taskFolders.getFolderContents.path, 'folders'], async () => {
    const contents = await api.call(taskFolders.getFolderContents, {});
    return 'folders' in contents ? contents.folders : [];
  });
  const [action, setAction] = useState<FolderAction | null>(null);

  const body = () => {
    if (state.status === 'loading') return <LoadingBlock label={t('folders.loading')} />;
    if (state.status === 'error')
      return (
        <ErrorState
          title={t('folders.loadError')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('folders.tryAgain')}
            </Button>
          }
        />
      );
    if (state.data.length === 0)
      return (
        <EmptyState
          title={t('folders.empty')}
          description={t('folders.emptyDescription')}
          action={<Button onClick={() => setAction({ kind: 'create' })}>{t('folders.newFolder')}</Button>}
        />
      );
    return (
      <ul className="folder-grid" aria-label={t('folders.folders')}>
        {state.data.map((folder) => (
          <li key={folder._id} className="folder-card">
            <svg className="folder-card__icon" aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
              <path
                d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"
                fill="currentColor"
              />
            </svg>
            <div className="folder-card__text">
              <Link className="folder-card__name" to={folderPath(folder._id)}>
                {folder.name}
              </Link>
              <span className="folder-card__count">{countOf('tasks', folder.taskCount)}</span>
            </div>
            <DropdownMenu
              label={t('folders.actionsFor', { name: folder.name })}
              trigger={
                <button type="button" className="btn btn--ghost btn--sm task-card__menu">
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
                    <circle cx="5" cy="12" r="1.8" />
                    <circle cx="12" cy="12" r="1.8" />
                    <circle cx="19" cy="12" r="1.8" />
                  </svg>
                </button>
              }
            >
              <DropdownMenuItem asChild>
                <Link to={folderPath(folder._id)}>{t('folders.open')}</Link>
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setAction({ kind: 'rename', folder })}>
                {t('folders.rename')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setAction({ kind: 'delete', folder })}>
                {t('folders.delete')}
              </DropdownMenuItem>
            </DropdownMenu>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="tasks">
      <Link className="back-link" to={paths.enterprise.tasksLibrary}>
        {t('folders.back')}
      </Link>
      <PageHeader
        title={t('folders.title')}
        description={t('folders.description')}
        actions={<Button onClick={() => setAction({ kind: 'create' })}>{t('folders.newFolder')}</Button>}
      />
      {body()}
      <FolderDialogs
        action={action}
        onClose={() => setAction(null)}
        onChanged={() => {
          setAction(null);
          reload();
        }}
      />
    </div>
  );
};

const AddTasksDialog = ({
  folder,
  inFolder,
  onClose,
  onAdded,
}: {
  folder: TaskFolder;
  inFolder: Task[];
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { t } = useTranslation('tasks');
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t('folders.chooseTask'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(taskFolders.assignTaskFolder, {
        folderId: folder._id,
        taskIds: chosen.map((task) => task._id),
      });
      notify.success(t('folders.addedTo', { tasks: countOf('tasks', chosen.length), folder: folder.name }));
      onAdded();
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('folders.addTasks')}
      description={t('folders.addTasksDescription', { folder: folder.name })}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <TaskPicker
          selected={chosen}
          onChange={setChosen}
          unavailable={Object.fromEntries(inFolder.map((task) => [task._id, t('folders.alreadyIn')]))}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('folders.addToFolder')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const FolderDetail = ({ folderId }: { folderId: string }) => {
  const { t } = useTranslation('tasks');
  const [, setParams] = useSearchParams();
  const { state, reload } = useLoad([taskFolders.getFolderContents.path, folderId], async () => {
    const contents = await api.call(taskFolders.getFolderContents, { folderId });
    return 'folder' in contents ? contents : { folder: null, tasks: [] as Task[] };
  });
  const [action, setAction] = useState<FolderAction | 'add' | 'assign' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  if (state.status === 'loading') return <LoadingBlock label={t('folders.loadingFolder')} />;
  const back = (
    <Link className="back-link" to={folderPath()}>
      {t('folders.allFolders')}
    </Link>
  );
  if (state.status === 'error' || !state.data.folder)
    return (
      <div className="tasks">
        {back}
        <ErrorState
          title={t('folders.folderLoadError')}
          description={state.status === 'error' ? state.message : t('folders.notFound')}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('folders.tryAgain')}
            </Button>
          }
        />
      </div>
    );

  const { folder, tasks: folderTasks } = state.data;
  const assignable = folderTasks.filter((task) => !task.archived);

  const removeTask = async (task: Task) => {
    setRemoving(task._id);
    try {
      await api.call(taskFolders.deleteTaskFromFolder, { folderId: folder._id, taskId: task._id });
      notify.success(t('folders.removed', { title: task.title }));
      reload();
    } catch (err) {
      notify.error(messageOf(err));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="tasks">
      {back}
      <PageHeader
        title={folder.name}
        description={t('folders.inFolder', { tasks: countOf('tasks', folderTasks.length) })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAction({ kind: 'rename', folder })}>
              {t('folders.rename')}
            </Button>
            <Button variant="secondary" onClick={() => setAction('add')}>
              {t('folders.addTasks')}
            </Button>
            <Button disabled={assignable.length === 0} onClick={() => setAction('assign')}>
              {t('folders.assignFolder')}
            </Button>
          </>
        }
      />
      {folderTasks.length === 0 ? (
        <EmptyState
          title={t('folders.folderEmpty')}
          description={t('folders.folderEmptyDescription')}
          action={<Button onClick={() => setAction('add')}>{t('folders.addTasks')}</Button>}
        />
      ) : (
        <div className="table-card">
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">{t('folders.tasksIn', { folder: folder.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('folders.colTask')}</th>
                  <th scope="col">{t('folders.colCategory')}</th>
                  <th scope="col">{t('folders.colLevel')}</th>
                  <th scope="col">{t('folders.colAssigned')}</th>
                  <th scope="col">{t('folders.colCompleted')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('folders.colActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {folderTasks.map((task) => (
                  <tr key={task._id}>
                    <td>
                      <span className="folder-task">
                        <Link className="folder-task__title" to={viewTaskPath(task._id)}>
                          {task.title}
                        </Link>
                        <span className="folder-task__type">
                          {task.archived
                            ? t('folders.archivedSuffix', { type: typeLabel(task.type) })
                            : typeLabel(task.type)}
                        </span>
                      </span>
                    </td>
                    <td data-label={t('folders.colCategory')}>{categoryLabel(task.category)}</td>
                    <td data-label={t('folders.colLevel')}>{levelLabel(task.level)}</td>
                    <td data-label={t('folders.colAssigned')} className="table__number">
                      {formatNumber(task.assignedCount)}
                    </td>
                    <td data-label={t('folders.colCompleted')} className="table__number">
                      {formatNumber(task.completedCount)}
                    </td>
                    <td>
                      <div className="table__actions">
                        <Button
                          variant="ghost"
                          size="sm"
                          loading={removing === task._id}
                          aria-label={t('folders.removeLabel', { title: task.title })}
                          onClick={() => void removeTask(task)}
                        >
                          {t('folders.remove')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {action === 'add' ? (
        <AddTasksDialog
          folder={folder}
          inFolder={folderTasks}
          onClose={() => setAction(null)}
          onAdded={() => {
            setAction(null);
            reload();
          }}
        />
      ) : null}
      {action === 'assign' ? (
        <AssignTasksDialog
          title={t('folders.assignTitle', { folder: folder.name })}
          description={t(
            assignable.length < folderTasks.length
              ? 'folders.assignDescriptionArchived'
              : 'folders.assignDescription',
            { tasks: countOf('tasks', assignable.length) },
          )}
          taskIds={assignable.map((task) => task._id)}
          onClose={() => setAction(null)}
          onAssigned={reload}
        />
      ) : null}
      <FolderDialogs
        action={typeof action === 'object' ? action : null}
        onClose={() => setAction(null)}
        onChanged={(kind) => {
          setAction(null);
          if (kind === 'delete') setParams({}, { replace: true });
          else reload();
        }}
      />
    </div>
  );
};

/** /enterprise/tasks-library-new: the folder view; ?folder=id opens one folder. */
export const TaskFoldersPage = () => {
  const [params] = useSearchParams();
  const folderId = params.get('folder');
  return folderId ? <FolderDetail key={folderId} folderId={folderId} /> : <FolderGrid />;
};
