import { type MemberDetail, members } from '@coach/shared/contract/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { formatDate, formatUtcDayMonth } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { EditMemberDialog } from './member-dialogs.tsx';
import { SpeakingTrend } from './speaking-trend.tsx';
import './members.css';
import { TaskFigures } from '../../ui/task-figures.tsx';
import { MemberStatus } from '../../widgets/member-status.tsx';
import { useResendInvite } from './use-resend-invite.ts';

/** Twelve weeks of sign-in days as bars, with the numbers in a table for screen readers. */
const ActivityBars = ({ activity }: { activity: MemberDetail['activity'] }) => {
  const { t } = useTranslation('members');
  const total = activity.reduce((sum, week) => sum + week.activeDays, 0);
  return (
    <figure className="activity">
      <div className="activity__bars" aria-hidden="true">
        {activity.map((week) => (
          <div
            key={week.week}
            className="activity__col"
            title={t('activity.ofSeven', { days: formatNumber(week.activeDays), week: formatNumber(7) })}
          >
            <span className="activity__bar" style={{ height: `${(week.activeDays / 7) * 100}%` }} />
            <span className="activity__label">{formatUtcDayMonth(week.week)}</span>
          </div>
        ))}
      </div>
      <figcaption className="activity__caption">
        {total === 0 ? t('activity.none') : t('activity.active', { count: total })}
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('activity.perWeek')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.weekOf')}</th>
            <th scope="col">{t('activity.activeDays')}</th>
          </tr>
        </thead>
        <tbody>
          {activity.map((week) => (
            <tr key={week.week}>
              <td>{formatUtcDayMonth(week.week)}</td>
              <td>{formatNumber(week.activeDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};

/** /enterprise/member/detail/:id: profile, groups and activity of one member. */
export const MemberDetailPage = () => {
  const { t } = useTranslation('members');
  const { id = '' } = useParams();
  const { state, reload } = useCall(members.get, { memberId: id });
  const [editing, setEditing] = useState(false);
  const { resending, resend } = useResendInvite();

  if (state.status === 'loading') return <LoadingBlock label={t('detail.loading')} />;
  if (state.status === 'error')
    return (
      <div className="members">
        <PageHeader title={t('detail.title')} />
        <ErrorState
          title={t('detail.loadError')}
          description={state.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.members}>
              {t('detail.back')}
            </Link>
          }
        />
      </div>
    );

  const member = state.data;
  return (
    <div className="members member-detail">
      <Link className="back-link" to={paths.enterprise.members}>
        {t('list.title')}
      </Link>
      <div className="member-detail__head">
        <Avatar name={member.name} url={member.avatarUrl} size="lg" />
        <PageHeader
          title={member.name}
          description={
            <span className="member-detail__sub">
              {member.email}
              <MemberStatus member={member} />
            </span>
          }
          actions={
            <>
              {member.invitePending ? (
                <Button
                  variant="secondary"
                  loading={resending === member._id}
                  onClick={() => void resend(member)}
                >
                  {t('detail.resend')}
                </Button>
              ) : null}
              <Button onClick={() => setEditing(true)}>{t('detail.edit')}</Button>
            </>
          }
        />
      </div>
      <div className="member-detail__grid">
        <Card title={t('detail.profile')}>
          <dl className="facts">
            <dt>{t('list.role')}</dt>
            <dd>{member.role.name}</dd>
            <dt>{t('detail.mobile')}</dt>
            <dd>
              {member.mobile ? <span className="ltr-value">{member.mobile}</span> : t('detail.notGiven')}
            </dd>
            {/* Invited is not joined: an invitee joins on accepting the emailed link. */}
            {member.invitePending ? (
              <>
                <dt>{t('detail.invited')}</dt>
                <dd>{formatDate(member.invitedAt ?? member.createdAt, t('list.never'))}</dd>
              </>
            ) : (
              <>
                <dt>{t('detail.joined')}</dt>
                <dd>{formatDate(member.joinedAt ?? member.createdAt, t('list.never'))}</dd>
              </>
            )}
            <dt>{t('list.lastActive')}</dt>
            <dd>{formatDate(member.lastActiveAt, t('list.never'))}</dd>
          </dl>
        </Card>
        <Card title={t('list.groups')}>
          {member.groups.length === 0 ? (
            <p className="members__none">{t('detail.noGroups')}</p>
          ) : (
            <ul className="chips" aria-label={t('list.groups')}>
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
        <Card title={t('detail.tasks')}>
          <TaskFigures figures={member.tasks} />
        </Card>
        <Card title={t('detail.videos')}>
          <dl className="facts" aria-label={t('detail.videoFigures')}>
            <dt>{t('detail.assigned')}</dt>
            <dd>{formatNumber(member.videos.assigned)}</dd>
            <dt>{t('detail.watched')}</dt>
            <dd>{formatNumber(member.videos.watched)}</dd>
          </dl>
        </Card>
        <Card title={t('detail.activity')} className="member-detail__wide">
          <ActivityBars activity={member.activity} />
        </Card>
        <Card title={t('trend.title')} className="member-detail__wide">
          <SpeakingTrend memberId={member._id} />
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
