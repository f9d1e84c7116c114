import { isLibraryTask, type TaskMemberRow, tasks } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { type Column, ListView, useListScreen } from '../../widgets/list-screen.tsx';
import { TaskContent } from './task-content.tsx';
import { AssignTasksDialog } from './task-dialogs.tsx';
import { editTaskPath, memberTaskPath } from './task-paths.ts';
import { categoryLabel, countOf, expiryLabel, levelLabel, timeLabel, typeLabel } from './task-text.ts';
import './tasks.css';

/** A row's state: Overdue wins over Not started / In progress; a completed task is never overdue. */
export const StatusBadges = ({
  row,
}: {
  row: Pick<TaskMemberRow, 'taskStatus' | 'overdue' | 'reviewedAt' | 'passed'>;
}) => {
  const { t } = useTranslation('tasks');
  // A try below its passing score was submitted, not completed: the member reads the same.
  const status =
    row.taskStatus === 2 && row.passed === false
      ? { label: t('view.statusNotPassed'), tone: 'pending' }
      : row.taskStatus === 2
        ? { label: t('view.statusCompleted'), tone: 'active' }
        : row.overdue
          ? { label: t('view.statusOverdue'), tone: 'overdue' }
          : row.taskStatus === 1
            ? { label: t('view.statusInProgress'), tone: 'pending' }
            : { label: t('view.statusNotStarted'), tone: 'inactive' };
  return (
    <span className="task-status">
      <span className={`status status--${status.tone}`}>{status.label}</span>
      {row.taskStatus === 2 && row.reviewedAt ? <span className="chip">{t('view.reviewed')}</span> : null}
    </span>
  );
};

const MembersTable = ({ taskId, title }: { taskId: string; title: string }) => {
  const { t } = useTranslation('tasks');
  const screen = useListScreen<TaskMemberRow>({
    call: tasks.getMembersByTaskId,
    filters: [taskId],
    fetch: ({ search: searchQuery, currentPage }) =>
      api.call(tasks.getMembersByTaskId, { taskId, currentPage, ...(searchQuery ? { searchQuery } : {}) }),
  });
  const { search: searchQuery } = screen;
  const columns: Column<TaskMemberRow>[] = [
    {
      header: t('view.colMember'),
      unlabelled: true,
      cell: (row) => (
        <span className="folder-task">
          <span className="folder-task__title">{row.name}</span>
          <span className="folder-task__type">
            {row.email} · {row.source === 'group' ? t('view.viaGroup') : t('view.direct')}
          </span>
        </span>
      ),
    },
    { header: t('view.colStatus'), cell: (row) => <StatusBadges row={row} /> },
    {
      header: t('view.colProgress'),
      className: 'table__number',
      cell: (row) => <ProgressBar value={row.progress} label={t('view.progressOf', { name: row.name })} />,
    },
    { header: t('view.colDue'), className: 'table__number', cell: (row) => formatDate(row.dueAt) },
    {
      header: t('view.colCompleted'),
      className: 'table__number',
      cell: (row) => formatDate(row.completedAt),
    },
    {
      header: t('view.colActions'),
      hiddenHeader: true,
      cell: (row) => (
        <div className="table__actions">
          {row.taskStatus === 2 ? (
            <Link
              className="btn btn--secondary btn--sm"
              to={memberTaskPath(taskId, row._id)}
              aria-label={t('view.reviewLabel', { name: row.name })}
            >
              {t('view.review')}
            </Link>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <section className="task-members" aria-labelledby="task-members-title">
      <ListView
        screen={screen}
        start={
          <h2 className="task-members__title" id="task-members-title">
            {t('view.members')}
          </h2>
        }
        search={{ label: t('view.searchLabel'), placeholder: t('view.searchPlaceholder') }}
        noun={t('view.noun')}
        empty={{
          title: searchQuery ? t('view.noMember') : t('view.nobody'),
          description: searchQuery ? t('view.noMemberDescription') : t('view.nobodyDescription', { title }),
        }}
        columns={columns}
        rowKey={(row) => row._id}
      />
    </section>
  );
};

/** /enterprise/tasks-library/view/:id — the task as authored, and who has it. */
export const TaskViewPage = () => {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const { state, reload } = useCall(tasks.getTaskById, { taskId: id });
  const [assigning, setAssigning] = useState(false);
  const [membersVersion, setMembersVersion] = useState(0);

  const back = (
    <Link className="back-link" to={paths.enterprise.tasksLibrary}>
      {t('view.back')}
    </Link>
  );
  if (state.status === 'loading') return <LoadingBlock label={t('view.loading')} />;
  // An author gets the library's copy of the task. Anyone else gets a learner's, without the library's figures; this
  // screen's route keeps them out, so one arrives only if the Tasks Library permission went meanwhile, and the screen
  // treats it as a task it cannot open.
  if (state.status === 'error' || !isLibraryTask(state.data))
    return (
      <div className="tasks">
        {back}
        <PageHeader title={t('view.details')} />
        <ErrorState
          title={t('view.loadError')}
          description={state.status === 'error' ? state.message : undefined}
          action={
            // A task that is not there (gone, or another enterprise's) cannot come back by trying again.
            state.status !== 'error' || state.notFound ? (
              <Link className="btn btn--secondary btn--md" to={paths.enterprise.tasksLibrary}>
                {t('view.backToLibrary')}
              </Link>
            ) : (
              <Button variant="secondary" onClick={reload}>
                {t('view.tryAgain')}
              </Button>
            )
          }
        />
      </div>
    );
  const task = state.data;
  return (
    <div className="tasks">
      {back}
      <PageHeader
        title={task.title}
        authored
        description={
          <span className="chips">
            <span className="chip chip--accent">{typeLabel(task.type)}</span>
            {task.archived ? <span className="chip task-card__archived">{t('view.archived')}</span> : null}
            {task.platformTaskId ? <span className="chip">{t('view.fromPlatform')}</span> : null}
          </span>
        }
        actions={
          task.archived ? null : (
            <>
              {task.platformTaskId ? null : (
                <Link className="btn btn--secondary btn--md" to={editTaskPath(task._id)}>
                  {t('view.edit')}
                </Link>
              )}
              <Button onClick={() => setAssigning(true)}>{t('view.assign')}</Button>
            </>
          )
        }
      />
      <div className="task-view">
        <Card title={t('view.about')} className="task-view__about">
          {task.description ? (
            <p className="task-view__description" dir="auto">
              {task.description}
            </p>
          ) : null}
          <dl className="facts">
            <dt>{t('view.category')}</dt>
            <dd>{categoryLabel(task.category)}</dd>
            <dt>{t('view.level')}</dt>
            <dd>{levelLabel(task.level)}</dd>
            <dt>{t('view.time')}</dt>
            <dd>{timeLabel(task.timeMinutes)}</dd>
            <dt>{t('view.expires')}</dt>
            <dd>{t('view.expiresAfter', { expiry: expiryLabel(task.expirySeconds) })}</dd>
            <dt>{t('view.assigned')}</dt>
            <dd>
              {(() => {
                const line = t('view.assignedLine', {
                  members: countOf('members', task.assignedCount),
                  completed: formatNumber(task.completedCount),
                });
                return task.groupIds.length > 0
                  ? t('view.groupsSuffix', { line, groups: countOf('groups', task.groupIds.length) })
                  : line;
              })()}
            </dd>
            <dt>{t('view.created')}</dt>
            <dd>{formatDate(task.createdAt)}</dd>
          </dl>
        </Card>
        <div className="task-view__content">
          <TaskContent task={task} />
        </div>
      </div>
      <MembersTable key={membersVersion} taskId={task._id} title={task.title} />
      {assigning ? (
        <AssignTasksDialog
          title={t('view.assignTitle')}
          description={t('view.assignDescription', { title: task.title })}
          taskIds={[task._id]}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            reload();
            setMembersVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
};
