import { STATUSES, type Status } from '@coach/shared/constants/statuses';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { adminReports, REPORT_DEFAULT_DAYS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate, formatUtcDay } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { type Column, ListView, useListScreen } from '../../widgets/list-screen.tsx';
import { MemberStatus } from '../../widgets/member-status.tsx';

/** The enterprise's use of the product in the last 30 days. */
export const EnterpriseUsage = ({ enterpriseId }: { enterpriseId: string }) => {
  const { t } = useTranslation('admin-enterprises');
  const { state, reload } = useCall(adminReports.enterpriseUsage, { enterpriseId });
  return (
    <Card
      title={t('usage.title', { count: REPORT_DEFAULT_DAYS, days: formatNumber(REPORT_DEFAULT_DAYS) })}
      aria-label={t('usage.label')}
    >
      <LoadStates state={state} reload={reload} what={t('usage.what')}>
        {(usage) => (
          <>
            <dl className="stats stats--compact" aria-label={t('usage.figures')}>
              {[
                [t('usage.members'), formatNumber(usage.members)],
                // Active means used in the period, as on every dashboard and beside "Last active" (counting the
                // accounts not switched off showed "1 of 1 active" beside "Last active: never").
                [
                  t('usage.activeLearners'),
                  t('usage.membersActive', {
                    active: formatNumber(usage.activeLearners),
                    total: formatNumber(usage.members),
                  }),
                ],
                [t('usage.tasksCompleted'), formatNumber(usage.tasksCompleted)],
                [t('usage.minutesPractised'), formatNumber(usage.minutesPractised)],
                [t('usage.videosWatched'), formatNumber(usage.videosWatched)],
                [t('usage.lastActive'), formatUtcDay(usage.lastActiveDay, t('usage.never'))],
              ].map(([label, value]) => (
                <div className="stat" key={label}>
                  <dt className="stat__label">{label}</dt>
                  <dd className="stat__value stat__value--small">{value}</dd>
                </div>
              ))}
            </dl>
            <Link className="admin-enterprise__more forward-link" to={paths.admin.allMembersUsage}>
              {t('usage.more')}
            </Link>
          </>
        )}
      </LoadStates>
    </Card>
  );
};

/**
 * The enterprise's members, searchable, a page at a time (the admin members list, for one enterprise). A member whose
 * invitation is still open shows Invited, as in the company card, not Active.
 */
export const EnterpriseMembers = ({ enterpriseId }: { enterpriseId: string }) => {
  const { t } = useTranslation('admin-enterprises');
  const [status, setStatus] = useState<Status | ''>('');
  const screen = useListScreen<AdminMember>({
    call: adminMembers.list,
    filters: [enterpriseId, status],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminMembers.list, { enterpriseId, searchInput, currentPage, ...(status ? { status } : {}) }),
  });
  const filtered = Boolean(screen.search || status);
  const columns: Column<AdminMember>[] = [
    {
      header: t('members.name'),
      cell: (member) => (
        <span className="report-member">
          <span className="report-member__name">{member.name}</span>
          <span className="report-member__email">{member.email}</span>
        </span>
      ),
    },
    {
      header: t('members.role'),
      cell: (member) =>
        member.isDefaultAdmin ? t('members.roleDefaultAdmin', { role: member.role.name }) : member.role.name,
    },
    {
      header: t('members.status'),
      cell: (member) => <MemberStatus member={member} />,
    },
    {
      header: t('members.lastActive'),
      cell: (member) => formatDate(member.lastActiveAt, t('members.never')),
    },
  ];
  return (
    <Card title={t('members.title')} aria-label={t('members.title')} className="admin-enterprise__members">
      <ListView
        screen={screen}
        search={{ label: t('members.search'), placeholder: t('members.searchPlaceholder') }}
        filters={
          <SelectField
            label={t('members.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as Status | '')}
          >
            <option value="">{t('members.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
        }
        noun={t('members.noun')}
        nounOne={t('members.nounOne')}
        empty={{
          title: filtered ? t('members.noMatch') : t('members.none'),
          description: filtered ? t('members.noMatchText') : t('members.noneText'),
        }}
        columns={columns}
        rowKey={(member) => member._id}
      />
    </Card>
  );
};
