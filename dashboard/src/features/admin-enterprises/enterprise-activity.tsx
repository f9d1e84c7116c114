import { STATUSES, type Status } from '@coach/shared/constants/statuses';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { adminReports, REPORT_DEFAULT_DAYS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate, formatUtcDay } from '../../lib/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';

/** The enterprise's use of the product in the last 30 days. */
export const EnterpriseUsage = ({ enterpriseId }: { enterpriseId: string }) => {
  const { state, reload } = useLoad(enterpriseId, () =>
    api.call(adminReports.enterpriseUsage, { enterpriseId }),
  );
  return (
    <Card title={`Usage in the last ${REPORT_DEFAULT_DAYS} days`} aria-label="Usage">
      <LoadStates state={state} reload={reload} what="the usage">
        {(usage) => (
          <>
            <dl className="stats stats--compact" aria-label="Usage figures">
              {[
                ['Members', `${usage.activeMembers} of ${usage.members} active`],
                ['Active learners', usage.activeLearners],
                ['Tasks completed', usage.tasksCompleted],
                ['Minutes practised', usage.minutesPractised],
                ['Videos watched', usage.videosWatched],
                ['Last active', formatUtcDay(usage.lastActiveDay, 'Never')],
              ].map(([label, value]) => (
                <div className="stat" key={label}>
                  <dt className="stat__label">{label}</dt>
                  <dd className="stat__value stat__value--small">{value}</dd>
                </div>
              ))}
            </dl>
            <Link className="admin-enterprise__more forward-link" to={paths.admin.allMembersUsage}>
              Each member's usage in All Members Usage
            </Link>
          </>
        )}
      </LoadStates>
    </Card>
  );
};

/** The enterprise's members, searchable, a page at a time (the admin members list, for one enterprise). */
export const EnterpriseMembers = ({ enterpriseId }: { enterpriseId: string }) => {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList(`${enterpriseId}|${searchInput}|${status}`, (currentPage) =>
    api.call(adminMembers.list, { enterpriseId, searchInput, currentPage, ...(status ? { status } : {}) }),
  );
  const filtered = Boolean(searchInput || status);
  return (
    <Card title="Members" aria-label="Members" className="admin-enterprise__members">
      <div className="list-toolbar">
        <SearchBox
          label="Search this enterprise's members"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as Status | '')}
        >
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedTable<AdminMember>
        list={list}
        noun="members"
        empty={{
          title: filtered ? 'No member matches' : 'No members yet',
          description: filtered
            ? 'Try another name, email or status.'
            : 'The default admin invites the first members.',
        }}
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Last active</th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label="Name">
              <span className="report-member">
                <span className="report-member__name">{member.name}</span>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label="Role">
              {member.isDefaultAdmin ? `${member.role.name} (default admin)` : member.role.name}
            </td>
            <td data-label="Status">
              <span className={member.status === 'Active' ? 'chip chip--success' : 'chip'}>
                {member.status}
              </span>
            </td>
            <td data-label="Last active">{formatDate(member.lastActiveAt, 'Never')}</td>
          </tr>
        )}
      />
    </Card>
  );
};
