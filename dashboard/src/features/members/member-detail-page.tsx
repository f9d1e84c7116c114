import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type MemberDetail, members } from '@coach/shared/contract/members';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate, formatUtcDayMonth } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { EditMemberDialog } from './member-dialogs.tsx';
import './members.css';
import { TaskFigures } from '../../ui/task-figures.tsx';

/** Twelve weeks of sign-in days as bars, with the numbers in a table for screen readers. */
const ActivityBars = ({ activity }: { activity: MemberDetail['activity'] }) => {
  const total = activity.reduce((sum, week) => sum + week.activeDays, 0);
  return (
    <figure className="activity">
      <div className="activity__bars" aria-hidden="true">
        {activity.map((week) => (
          <div key={week.week} className="activity__col" title={`${week.activeDays} of 7 days`}>
            <span className="activity__bar" style={{ height: `${(week.activeDays / 7) * 100}%` }} />
            <span className="activity__label">{formatUtcDayMonth(week.week)}</span>
          </div>
        ))}
      </div>
      <figcaption className="activity__caption">
        {total === 0
          ? 'No sign-ins in the last 12 weeks.'
          : `Active on ${total} day${total === 1 ? '' : 's'} in the last 12 weeks.`}
      </figcaption>
      <table className="visually-hidden">
        <caption>Active days per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Active days</th>
          </tr>
        </thead>
        <tbody>
          {activity.map((week) => (
            <tr key={week.week}>
              <td>{formatUtcDayMonth(week.week)}</td>
              <td>{week.activeDays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};

/** /enterprise/member/detail/:id: profile, groups and activity of one member. */
export const MemberDetailPage = () => {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(id, () => api.call(members.get, { memberId: id }));
  const [editing, setEditing] = useState(false);
  const [resending, setResending] = useState(false);

  if (state.status === 'loading') return <LoadingBlock label="Loading the member" />;
  if (state.status === 'error')
    return (
      <div className="members">
        <PageHeader title="Member details" />
        <ErrorState
          title="The member could not be loaded"
          description={state.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.members}>
              Back to members
            </Link>
          }
        />
      </div>
    );

  const member = state.data;
  const resend = async () => {
    setResending(true);
    try {
      await api.call(members.resendInvite, { memberId: member._id });
      notify.success(`Invitation sent again to ${member.email}`);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="members member-detail">
      <Link className="back-link" to={paths.enterprise.members}>
        ← Members
      </Link>
      <div className="member-detail__head">
        <Avatar name={member.name} url={member.avatarUrl} size="lg" />
        <PageHeader
          title={member.name}
          description={
            <span className="member-detail__sub">
              {member.email}
              <span className={`status status--${member.status.toLowerCase()}`}>{member.status}</span>
              {member.invitePending ? <span className="status status--pending">Invited</span> : null}
            </span>
          }
          actions={
            <>
              {member.invitePending ? (
                <Button variant="secondary" loading={resending} onClick={() => void resend()}>
                  Resend invitation
                </Button>
              ) : null}
              <Button onClick={() => setEditing(true)}>Edit role and groups</Button>
            </>
          }
        />
      </div>
      <div className="member-detail__grid">
        <Card title="Profile">
          <dl className="facts">
            <dt>Role</dt>
            <dd>{member.role.name}</dd>
            <dt>Mobile</dt>
            <dd>{member.mobile ?? 'Not given'}</dd>
            <dt>Joined</dt>
            <dd>{formatDate(member.createdAt, 'Never')}</dd>
            <dt>Last active</dt>
            <dd>{formatDate(member.lastActiveAt, 'Never')}</dd>
          </dl>
        </Card>
        <Card title="Groups">
          {member.groups.length === 0 ? (
            <p className="members__none">In no group yet.</p>
          ) : (
            <ul className="chips" aria-label="Groups">
              {member.groups.map((group) => (
                <li key={group._id}>
                  <Link
                    className="chip chip--link"
                    to={fillPath(paths.enterprise.groupDetail, { id: group._id })}
                  >
                    {group.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Tasks">
          <TaskFigures figures={member.tasks} />
        </Card>
        <Card title="Videos">
          <dl className="facts" aria-label="Video figures">
            <dt>Assigned</dt>
            <dd>{member.videos.assigned.toLocaleString()}</dd>
            <dt>Watched</dt>
            <dd>{member.videos.watched.toLocaleString()}</dd>
          </dl>
        </Card>
        <Card title="Activity" className="member-detail__wide">
          <ActivityBars activity={member.activity} />
        </Card>
      </div>
      {editing ? (
        <EditMemberDialog
          member={member}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
    </div>
  );
};
