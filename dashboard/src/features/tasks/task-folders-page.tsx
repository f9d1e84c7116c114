import { taskFolders } from '@coach/shared/contract/task-folders';
import type { Task } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { type Column, ReportTable } from '../../ui/report-table.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { AddTasksDialog, type FolderAction, FolderDialogs } from './folder-editing.tsx';
import { AssignTasksDialog } from './task-dialogs.tsx';
import { folderPath, viewTaskPath } from './task-paths.ts';
import { categoryLabel, countOf, levelLabel, messageOf, typeLabel } from './task-text.ts';
import './tasks.css';

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

  const columns: Column<Task, never>[] = [
    {
      header: t('folders.colTask'),
      unlabelled: true,
      cell: (task) => (
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
      ),
    },
    { header: t('folders.colCategory'), cell: (task) => categoryLabel(task.category) },
    { header: t('folders.colLevel'), cell: (task) => levelLabel(task.level) },
    {
      header: t('folders.colAssigned'),
      className: 'table__number',
      cell: (task) => formatNumber(task.assignedCount),
    },
    {
      header: t('folders.colCompleted'),
      className: 'table__number',
      cell: (task) => formatNumber(task.completedCount),
    },
    {
      header: t('folders.colActions'),
      hiddenHeader: true,
      cell: (task) => (
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
      ),
    },
  ];

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
            <ReportTable
              caption={t('folders.tasksIn', { folder: folder.name })}
              columns={columns}
              rows={folderTasks}
              rowKey={(task) => task._id}
            />
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
