import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type TaskMemberRow, tasks } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { TaskContent } from './task-content.tsx';
import { AssignTasksDialog } from './task-dialogs.tsx';
import { editTaskPath, memberTaskPath } from './task-paths.ts';
import { categoryLabel, expiryLabel, levelLabel, plural, timeLabel, typeLabel } from './task-text.ts';
import './tasks.css';

/** A row's state: Overdue wins over Not started / In progress; a completed task is never overdue. */
export const StatusBadges = ({
  row,
}: {
  row: Pick<TaskMemberRow, 'taskStatus' | 'overdue' | 'reviewedAt'>;
}) => {
  const status =
    row.taskStatus === 2
      ? { label: 'Completed', tone: 'active' }
      : row.overdue
        ? { label: 'Overdue', tone: 'overdue' }
        : row.taskStatus === 1
          ? { label: 'In progress', tone: 'pending' }
          : { label: 'Not started', tone: 'inactive' };
  return (
    <span className="task-status">
      <span className={`status status--${status.tone}`}>{status.label}</span>
      {row.taskStatus === 2 && row.reviewedAt ? <span className="chip">Reviewed</span> : null}
    </span>
  );
};

const MembersTable = ({ taskId, title }: { taskId: string; title: string }) => {
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList(`${taskId}|${searchQuery}`, (currentPage) =>
    api.call(tasks.getMembersByTaskId, { taskId, currentPage, ...(searchQuery ? { searchQuery } : {}) }),
  );
  return (
    <section className="task-members" aria-labelledby="task-members-title">
      <div className="list-toolbar">
        <h2 className="task-members__title" id="task-members-title">
          Members
        </h2>
        <SearchBox
          label="Search members of this task"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable
        list={list}
        noun="members"
        empty={{
          title: searchQuery ? 'No member matches' : 'Nobody has this task yet',
          description: searchQuery
            ? 'Try another name or email.'
            : `Assign “${title}” to groups or members and follow their progress here.`,
        }}
        head={
          <>
            <th scope="col">Member</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
            <th scope="col">Due</th>
            <th scope="col">Completed</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row._id}>
            <td>
              <span className="folder-task">
                <span className="folder-task__title">{row.name}</span>
                <span className="folder-task__type">
                  {row.email} · {row.source === 'group' ? 'via a group' : 'direct'}
                </span>
              </span>
            </td>
            <td data-label="Status">
              <StatusBadges row={row} />
            </td>
            <td data-label="Progress" className="table__number">
              <ProgressBar value={row.progress} label={`Progress of ${row.name}`} />
            </td>
            <td data-label="Due" className="table__number">
              {formatDate(row.dueAt)}
            </td>
            <td data-label="Completed" className="table__number">
              {formatDate(row.completedAt)}
            </td>
            <td>
              <div className="table__actions">
                {row.taskStatus === 2 ? (
                  <Link
                    className="btn btn--secondary btn--sm"
                    to={memberTaskPath(taskId, row._id)}
                    aria-label={`Review ${row.name}'s answers`}
                  >
                    Review
                  </Link>
                ) : null}
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
};

/** /enterprise/tasks-library/view/:id — the task as authored, and who has it. */
export const TaskViewPage = () => {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(id, () => api.call(tasks.getTaskById, { taskId: id }));
  const [assigning, setAssigning] = useState(false);
  const [membersVersion, setMembersVersion] = useState(0);

  const back = (
    <Link className="back-link" to={paths.enterprise.tasksLibrary}>
      ← Tasks Library
    </Link>
  );
  if (state.status === 'loading') return <LoadingBlock label="Loading the task" />;
  if (state.status === 'error')
    return (
      <div className="tasks">
        {back}
        <PageHeader title="Task details" />
        <ErrorState
          title="The task could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
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
        description={
          <span className="chips">
            <span className="chip chip--accent">{typeLabel(task.type)}</span>
            {task.archived ? <span className="chip task-card__archived">Archived</span> : null}
            {task.platformTaskId ? <span className="chip">From the platform library</span> : null}
          </span>
        }
        actions={
          task.archived ? null : (
            <>
              {task.platformTaskId ? null : (
                <Link className="btn btn--secondary btn--md" to={editTaskPath(task._id)}>
                  Edit
                </Link>
              )}
              <Button onClick={() => setAssigning(true)}>Assign</Button>
            </>
          )
        }
      />
      <div className="task-view">
        <Card title="About this task" className="task-view__about">
          {task.description ? <p className="task-view__description">{task.description}</p> : null}
          <dl className="facts">
            <dt>Category</dt>
            <dd>{categoryLabel(task.category)}</dd>
            <dt>Level</dt>
            <dd>{levelLabel(task.level)}</dd>
            <dt>Time</dt>
            <dd>{timeLabel(task.timeMinutes)}</dd>
            <dt>Expires</dt>
            <dd>{expiryLabel(task.expirySeconds)} after assignment</dd>
            <dt>Assigned</dt>
            <dd>
              {plural(task.assignedCount, 'member')}, {task.completedCount} completed
              {task.groupIds.length > 0 ? ` · ${plural(task.groupIds.length, 'group')}` : ''}
            </dd>
            <dt>Created</dt>
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
          title="Assign task"
          description={`Choose who gets “${task.title}”.`}
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
