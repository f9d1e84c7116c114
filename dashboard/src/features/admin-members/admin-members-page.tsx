import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EnterpriseSelect } from '../../ui/enterprise-select.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import './admin-members.css';

type StatusFilter = 'all' | 'Active' | 'Inactive';

/** /admin/enterprises/members: members of every enterprise; search, filter and deactivate (issue 7). */
export const AdminMembersPage = () => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [enterpriseId, setEnterpriseId] = useState('');
  const list = usePagedList(`${searchInput}|${status}|${enterpriseId}`, (currentPage) =>
    api.call(adminMembers.list, {
      searchInput,
      currentPage,
      ...(status === 'all' ? {} : { status }),
      ...(enterpriseId ? { enterpriseId } : {}),
    }),
  );
  const [confirming, setConfirming] = useState<AdminMember | null>(null);
  const [busy, setBusy] = useState(false);

  const setMemberStatus = async (member: AdminMember, next: 'Active' | 'Inactive') => {
    setBusy(true);
    try {
      const { message } = await api.callWithMessage(adminMembers.setStatus, {
        memberId: member._id,
        status: next,
      });
      notify.success(message);
      setConfirming(null);
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const filtered = Boolean(searchInput || status !== 'all' || enterpriseId);
  return (
    <div className="admin-members">
      <PageHeader title="Members" description="Members of every enterprise on the platform." />
      <div className="list-toolbar">
        <SearchBox
          label="Search members"
          placeholder="Search by name, email or enterprise..."
          value={search}
          onChange={setSearch}
        />
        <div className="admin-members__filters">
          <EnterpriseSelect value={enterpriseId} onChange={setEnterpriseId} />
          <fieldset className="segmented">
            <legend className="visually-hidden">Status</legend>
            {(['all', 'Active', 'Inactive'] as const).map((value) => (
              <label
                key={value}
                className={`segmented__option ${status === value ? 'segmented__option--on' : ''}`}
              >
                <input
                  type="radio"
                  name="admin-member-status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                />
                {value === 'all' ? 'All' : value}
              </label>
            ))}
          </fieldset>
        </div>
      </div>

      <PagedTable
        list={list}
        noun="members"
        empty={{
          title: filtered ? 'No member matches' : 'No members yet',
          description: filtered
            ? 'Try another search, enterprise or status.'
            : 'Members appear here when enterprises invite them.',
        }}
        head={
          <>
            <th scope="col">Member</th>
            <th scope="col">Enterprise</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Last active</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td>
              <span className="admin-members__name">{member.name}</span>
              <span className="admin-members__email">{member.email}</span>
            </td>
            <td data-label="Enterprise">{member.enterprise.company_name}</td>
            <td data-label="Role">
              {member.role.name}
              {member.isDefaultAdmin ? <span className="chip admin-members__chip">Default admin</span> : null}
            </td>
            <td data-label="Status">
              <span className={`status status--${member.status.toLowerCase()}`}>{member.status}</span>
            </td>
            <td data-label="Last active">{formatDate(member.lastActiveAt, 'Never')}</td>
            <td>
              <div className="table__actions">
                {member.status === 'Active' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Deactivate ${member.name}`}
                    disabled={member.isDefaultAdmin}
                    title={member.isDefaultAdmin ? "An enterprise's default admin stays active" : undefined}
                    onClick={() => setConfirming(member)}
                  >
                    Deactivate
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Activate ${member.name}`}
                    disabled={busy}
                    onClick={() => void setMemberStatus(member, 'Active')}
                  >
                    Activate
                  </Button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {confirming ? (
        <ConfirmDialog
          title={`Deactivate ${confirming.name}?`}
          description={`${confirming.name} of ${confirming.enterprise.company_name} is signed out at once and cannot sign in until activated again.`}
          confirmLabel="Deactivate"
          busy={busy}
          onConfirm={() => void setMemberStatus(confirming, 'Inactive')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
};
