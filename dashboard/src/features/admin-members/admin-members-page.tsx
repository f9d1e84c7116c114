import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { EnterpriseSelect } from '../../widgets/enterprise-select.tsx';
import './admin-members.css';

type StatusFilter = 'all' | 'Active' | 'Inactive';

/** /admin/enterprises/members: members of every enterprise; search, filter and deactivate (issue 7). */
export const AdminMembersPage = () => {
  const { t } = useTranslation('admin-members');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [enterpriseId, setEnterpriseId] = useState('');
  const list = usePagedList([adminMembers.list.path, searchInput, status, enterpriseId], (currentPage) =>
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
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <div className="admin-members__filters">
          <EnterpriseSelect value={enterpriseId} onChange={setEnterpriseId} />
          <fieldset className="segmented">
            <legend className="visually-hidden">{t('list.status')}</legend>
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
                {t(`status.${value}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </div>

      <PagedTable
        list={list}
        noun={t('list.noun')}
        empty={{
          title: filtered ? t('list.noMatch') : t('list.none'),
          description: filtered ? t('list.noMatchText') : t('list.noneText'),
        }}
        head={
          <>
            <th scope="col">{t('list.member')}</th>
            <th scope="col">{t('list.enterprise')}</th>
            <th scope="col">{t('list.role')}</th>
            <th scope="col">{t('list.status')}</th>
            <th scope="col">{t('list.lastActive')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td>
              <span className="admin-members__name">{member.name}</span>
              <span className="admin-members__email">{member.email}</span>
            </td>
            <td data-label={t('list.enterprise')}>{member.enterprise.company_name}</td>
            <td data-label={t('list.role')}>
              {member.role.name}
              {member.isDefaultAdmin ? (
                <span className="chip admin-members__chip">{t('list.defaultAdmin')}</span>
              ) : null}
            </td>
            <td data-label={t('list.status')}>
              <span className={`status status--${member.status.toLowerCase()}`}>
                {t(`status.${member.status}`)}
              </span>
            </td>
            <td data-label={t('list.lastActive')}>{formatDate(member.lastActiveAt, t('list.never'))}</td>
            <td>
              <div className="table__actions">
                {member.status === 'Active' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('list.deactivateName', { name: member.name })}
                    disabled={member.isDefaultAdmin}
                    title={member.isDefaultAdmin ? t('list.defaultAdminStays') : undefined}
                    onClick={() => setConfirming(member)}
                  >
                    {t('list.deactivate')}
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('list.activateName', { name: member.name })}
                    disabled={busy}
                    onClick={() => void setMemberStatus(member, 'Active')}
                  >
                    {t('list.activate')}
                  </Button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {confirming ? (
        <ConfirmDialog
          title={t('confirm.title', { name: confirming.name })}
          description={t('confirm.text', {
            name: confirming.name,
            enterprise: confirming.enterprise.company_name,
          })}
          confirmLabel={t('confirm.deactivate')}
          busy={busy}
          onConfirm={() => void setMemberStatus(confirming, 'Inactive')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
};
