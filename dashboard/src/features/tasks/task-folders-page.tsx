import { type TaskFolder, taskFolders } from '@coach/shared/contract/task-folders';
import type { Task } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
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
import { categoryLabel, levelLabel, messageOf, plural, typeLabel } from './task-text.ts';
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
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please enter a folder name');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = folder
        ? await api.call(taskFolders.renameFolder, { folderId: folder._id, name: name.trim() })
        : await api.call(taskFolders.createFolder, { name: name.trim() });
      notify.success(folder ? 'Folder renamed' : 'Folder created');
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
      title={folder ? 'Rename folder' : 'New folder'}
      description={folder ? `A new name for “${folder.name}”.` : 'Folders keep related tasks together.'}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <TextField
          label="Folder name"
          value={name}
          maxLength={100}
          error={error}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {folder ? 'Rename' : 'Create folder'}
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
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(taskFolders.deleteFolder, { folderId: folder._id });
      notify.success('Folder deleted; its tasks stay in the library');
      onDeleted();
    } catch (err) {
      notify.error(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={`Delete the folder “${folder.name}”?`}
      description={
        folder.taskCount > 0
          ? `Only the folder goes: its ${plural(folder.taskCount, 'task')} stay in the library, and nobody loses an assignment.`
          : 'The folder is empty.'
      }
      confirmLabel="Delete folder"
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
  const { state, reload } = useLoad('folders', async () => {
    const contents = await api.call(taskFolders.getFolderContents, {});
    return 'folders' in contents ? contents.folders : [];
  });
  const [action, setAction] = useState<FolderAction | null>(null);

  const body = () => {
    if (state.status === 'loading') return <LoadingBlock label="Loading folders" />;
    if (state.status === 'error')
      return (
        <ErrorState
          title="Folders could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      );
    if (state.data.length === 0)
      return (
        <EmptyState
          title="No folders yet"
          description="Create a folder, add tasks to it, then assign the whole folder at once."
          action={<Button onClick={() => setAction({ kind: 'create' })}>New folder</Button>}
        />
      );
    return (
      <ul className="folder-grid" aria-label="Folders">
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
              <span className="folder-card__count">{plural(folder.taskCount, 'task')}</span>
            </div>
            <DropdownMenu
              label={`Actions for folder ${folder.name}`}
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
                <Link to={folderPath(folder._id)}>Open</Link>
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setAction({ kind: 'rename', folder })}>
                Rename
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setAction({ kind: 'delete', folder })}>
                Delete
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
        ← Tasks Library
      </Link>
      <PageHeader
        title="Task folders"
        description="Group tasks into folders and assign a whole folder to groups or members."
        actions={<Button onClick={() => setAction({ kind: 'create' })}>New folder</Button>}
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
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one task to add.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(taskFolders.assignTaskFolder, {
        folderId: folder._id,
        taskIds: chosen.map((t) => t._id),
      });
      notify.success(`${plural(chosen.length, 'task')} added to ${folder.name}`);
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
      title="Add tasks"
      description={`Choose tasks to put in “${folder.name}”.`}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <TaskPicker
          selected={chosen}
          onChange={setChosen}
          unavailable={Object.fromEntries(inFolder.map((task) => [task._id, 'Already in this folder']))}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add to folder
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const FolderDetail = ({ folderId }: { folderId: string }) => {
  const [, setParams] = useSearchParams();
  const { state, reload } = useLoad(folderId, async () => {
    const contents = await api.call(taskFolders.getFolderContents, { folderId });
    return 'folder' in contents ? contents : { folder: null, tasks: [] as Task[] };
  });
  const [action, setAction] = useState<FolderAction | 'add' | 'assign' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  if (state.status === 'loading') return <LoadingBlock label="Loading the folder" />;
  const back = (
    <Link className="back-link" to={folderPath()}>
      ← All folders
    </Link>
  );
  if (state.status === 'error' || !state.data.folder)
    return (
      <div className="tasks">
        {back}
        <ErrorState
          title="The folder could not be loaded"
          description={state.status === 'error' ? state.message : 'This folder does not exist.'}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
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
      notify.success(`“${task.title}” removed from the folder; it stays in the library`);
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
        description={`${plural(folderTasks.length, 'task')} in this folder.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAction({ kind: 'rename', folder })}>
              Rename
            </Button>
            <Button variant="secondary" onClick={() => setAction('add')}>
              Add tasks
            </Button>
            <Button disabled={assignable.length === 0} onClick={() => setAction('assign')}>
              Assign folder
            </Button>
          </>
        }
      />
      {folderTasks.length === 0 ? (
        <EmptyState
          title="This folder is empty"
          description="Add tasks from the library, then assign the whole folder at once."
          action={<Button onClick={() => setAction('add')}>Add tasks</Button>}
        />
      ) : (
        <div className="table-card">
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">Tasks in {folder.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Category</th>
                  <th scope="col">Level</th>
                  <th scope="col">Assigned</th>
                  <th scope="col">Completed</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
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
                          {typeLabel(task.type)}
                          {task.archived ? ' · Archived' : ''}
                        </span>
                      </span>
                    </td>
                    <td data-label="Category">{categoryLabel(task.category)}</td>
                    <td data-label="Level">{levelLabel(task.level)}</td>
                    <td data-label="Assigned" className="table__number">
                      {task.assignedCount}
                    </td>
                    <td data-label="Completed" className="table__number">
                      {task.completedCount}
                    </td>
                    <td>
                      <div className="table__actions">
                        <Button
                          variant="ghost"
                          size="sm"
                          loading={removing === task._id}
                          aria-label={`Remove ${task.title} from the folder`}
                          onClick={() => void removeTask(task)}
                        >
                          Remove from folder
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
          title={`Assign “${folder.name}”`}
          description={`Its ${plural(assignable.length, 'task')} go to everyone you choose${
            assignable.length < folderTasks.length ? ' (archived tasks are left out)' : ''
          }.`}
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
