import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type GroupDetail, groups } from '@coach/shared/contract/groups';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { TaskFigures } from '../../ui/task-figures.tsx';
import { manageGroupPath } from './group-paths.ts';
import './groups.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; group: GroupDetail };

/** /enterprise/groups/detail/:id — who is in the group. */
export const GroupDetailPage = () => {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    api
      .call(groups.get, { groupId: id })
      .then((group) => {
        if (current) setLoaded({ status: 'ready', group });
      })
      .catch((error: unknown) => {
        if (current)
          setLoaded({
            status: 'error',
            message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
          });
      });
    return () => {
      current = false;
    };
  }, [id]);

  if (loaded.status === 'loading') return <LoadingBlock label="Loading the group" />;
  if (loaded.status === 'error')
    return (
      <div className="groups">
        <PageHeader title="Group details" />
        <ErrorState
          title="The group could not be loaded"
          description={loaded.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.groups}>
              Back to groups
            </Link>
          }
        />
      </div>
    );

  const { group } = loaded;
  return (
    <div className="groups">
      <PageHeader
        title={group.name}
        description={`${group.memberCount} member${group.memberCount === 1 ? '' : 's'}`}
        actions={
          <Link className="btn btn--primary btn--md" to={manageGroupPath(group._id)}>
            Edit group
          </Link>
        }
      />
      <Card title="Members">
        {group.members.length === 0 ? (
          <EmptyState title="No members yet" description="Edit the group to add members." />
        ) : (
          <ul className="group-detail__members" aria-label="Group members">
            {group.members.map((member) => (
              <li key={member._id} className="group-detail__member">
                <span className="picker__name">{member.name}</span>
                <span className="picker__email">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Videos">
        <dl className="facts" aria-label="Video figures">
          <dt>Assigned</dt>
          <dd>{group.videoFigures.assigned.toLocaleString()}</dd>
          <dt>Watched</dt>
          <dd>{group.videoFigures.watched.toLocaleString()}</dd>
        </dl>
      </Card>
      <Card title="Tasks">
        <TaskFigures figures={group.taskFigures} />
        {group.tasks.length === 0 ? (
          <p className="group-detail__none">No tasks are assigned to this group.</p>
        ) : (
          <ul className="chips" aria-label="Tasks assigned to the group">
            {group.tasks.map((task) => (
              <li key={task._id}>
                <Link className="chip chip--link" to={fillPath(paths.enterprise.viewTask, { id: task._id })}>
                  {task.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
};
