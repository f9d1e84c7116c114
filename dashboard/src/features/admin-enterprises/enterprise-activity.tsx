import { STATUSES, type Status } from '@coach/shared/constants/statuses';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
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
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';

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
                // Active means used in the period, as on every dashboard and beside "Last active" (issue 38 item 10:
                // "1 of 1 active" counted accounts not switched off, beside "Last active: never").
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

/** The enterprise's members, searchable, a page at a time (the admin members list, for one enterprise). */
export const EnterpriseMembers = ({ enterpriseId }: { enterpriseId: string }) => {
  const { t } = useTranslation('admin-enterprises');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList([adminMembers.list.path, enterpriseId, searchInput, status], (currentPage) =>
    api.call(adminMembers.list, { enterpriseId, searchInput, currentPage, ...(status ? { status } : {}) }),
  );
  const filtered = Boolean(searchInput || status);
  return (
    <Card title={t('members.title')} aria-label={t('members.title')} className="admin-enterprise__members">
      <div className="list-toolbar">
        <SearchBox
          label={t('members.search')}
          placeholder={t('members.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
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
      </div>
      <PagedTable<AdminMember>
        list={list}
        noun={t('members.noun')}
        empty={{
          title: filtered ? t('members.noMatch') : t('members.none'),
          description: filtered ? t('members.noMatchText') : t('members.noneText'),
        }}
        head={
          <>
            <th scope="col">{t('members.name')}</th>
            <th scope="col">{t('members.role')}</th>
            <th scope="col">{t('members.status')}</th>
            <th scope="col">{t('members.lastActive')}</th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label={t('members.name')}>
              <span className="report-member">
                <span className="report-member__name">{member.name}</span>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label={t('members.role')}>
              {member.isDefaultAdmin
                ? t('members.roleDefaultAdmin', { role: member.role.name })
                : member.role.name}
            </td>
            <td data-label={t('members.status')}>
              <span className={member.status === 'Active' ? 'chip chip--success' : 'chip'}>
                {t(`status.${member.status}`)}
              </span>
            </td>
            <td data-label={t('members.lastActive')}>
              {formatDate(member.lastActiveAt, t('members.never'))}
            </td>
          </tr>
        )}
      />
    </Card>
  );
};
