import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type GroupDetail, groups } from '@coach/shared/contract/groups';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ENTERPRISE_MENU_CALLS } from '../../config/menus.ts';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { useInviteesApart } from '../../ui/joined-count.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { manageGroupPath } from './group-paths.ts';
import '../../ui/table.css';
import './groups.css';
import { EmailAddress } from '../../ui/user-text.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; group: GroupDetail };

/** /enterprise/groups/detail/:id — who is in the group. */
export const GroupDetailPage = () => {
  const { t } = useTranslation('groups');
  const inviteesApart = useInviteesApart();
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // A course's buyers group: the way to its course and to the libraries its lessons are assigned from.
  const opensCourses = useCan(ENTERPRISE_MENU_CALLS.courses) === true;
  const assignsTasks = useCan(ENTERPRISE_MENU_CALLS.tasksLibrary) === true;
  const assignsVideos = useCan(ENTERPRISE_MENU_CALLS.contentLibrary) === true;

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

  if (loaded.status === 'loading') return <LoadingBlock label={t('loading')} />;
  if (loaded.status === 'error')
    return (
      <div className="groups">
        <PageHeader title={t('detail.title')} />
        <ErrorState
          title={t('loadError')}
          description={loaded.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.groups}>
              {t('back')}
            </Link>
          }
        />
      </div>
    );

  const { group } = loaded;
  // Its members who joined, then apart its invitees (invited is not joined), then the course it belongs to.
  const counts = [
    t('detail.count', { count: group.memberCount }),
    group.invitedCount > 0 ? inviteesApart(group.invitedCount) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  const { course } = group;
  const ways = course
    ? [
        opensCourses
          ? { to: fillPath(paths.enterprise.editCourse, { id: course._id }), label: t('detail.openCourse') }
          : null,
        assignsTasks ? { to: paths.enterprise.tasksLibrary, label: t('detail.assignTasks') } : null,
        assignsVideos ? { to: paths.enterprise.contentLibrary, label: t('detail.assignVideos') } : null,
      ].filter((way) => way !== null)
    : [];
  const summary = course ? (
    <>
      {counts} · {t('detail.courseGroup', { course: course.name })}
      {ways.map((way) => (
        <span key={way.to}>
          {' · '}
          <Link to={way.to}>{way.label}</Link>
        </span>
      ))}
    </>
  ) : (
    counts
  );
  return (
    <div className="groups">
      <PageHeader
        title={group.name}
        description={summary}
        actions={
          <Link className="btn btn--primary btn--md" to={manageGroupPath(group._id)}>
            {t('detail.edit')}
          </Link>
        }
      />
      <Card title={t('detail.members')}>
        {group.members.length === 0 ? (
          <EmptyState title={t('detail.noMembers')} description={t('detail.noMembersText')} />
        ) : (
          <ul className="group-detail__members" aria-label={t('detail.groupMembers')}>
            {group.members.map((member) => (
              <li key={member._id} className="group-detail__member">
                <span className="picker__name">{member.name}</span>
                <EmailAddress className="picker__email" email={member.email} />
                {member.invitePending ? <span className="chip">{t('detail.invitePending')}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('detail.tasks')}>
        {group.tasks.length === 0 ? (
          <p className="group-detail__none">{t('detail.noTasks')}</p>
        ) : (
          <>
            <p className="group-detail__scope">{t('detail.scope')}</p>
            <dl className="facts" aria-label={t('detail.tasks')}>
              <dt>{t('detail.assigned')}</dt>
              <dd>{formatNumber(group.taskFigures.assigned)}</dd>
              <dt>{t('detail.inProgress')}</dt>
              <dd>{formatNumber(group.taskFigures.inProgress)}</dd>
              <dt>{t('detail.completed')}</dt>
              <dd>{formatNumber(group.taskFigures.completed)}</dd>
              <dt>{t('detail.overdue')}</dt>
              <dd>{formatNumber(group.taskFigures.overdue)}</dd>
              <dt>{t('detail.pendingReview')}</dt>
              <dd>{formatNumber(group.taskFigures.pendingReview)}</dd>
            </dl>
            <ul className="chips" aria-label={t('detail.heldTasks')}>
              {group.tasks.map((task) => (
                <li key={task._id}>
                  <Link
                    className="chip chip--link"
                    to={fillPath(paths.enterprise.viewTask, { id: task._id })}
                  >
                    {task.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={t('detail.videos')}>
        <dl className="facts" aria-label={t('detail.videos')}>
          <dt>{t('detail.videosGiven')}</dt>
          <dd>{formatNumber(group.videoFigures.assigned)}</dd>
          <dt>{t('detail.watched')}</dt>
          <dd>{formatNumber(group.videoFigures.watched)}</dd>
        </dl>
      </Card>
    </div>
  );
};
