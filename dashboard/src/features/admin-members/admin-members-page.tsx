import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EnterpriseSelect } from '../../widgets/enterprise-select.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { MemberStatus } from '../../widgets/member-status.tsx';
import './admin-members.css';
import { EmailAddress } from '../../ui/user-text.tsx';

type StatusFilter = 'all' | 'Active' | 'Invited' | 'Inactive';

/** /admin/enterprises/members: members of every enterprise; search, filter and deactivate (spec §2). */
export const AdminMembersPage = () => {
  const { t } = useTranslation('admin-members');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [enterpriseId, setEnterpriseId] = useState('');
  const screen = useListScreen<AdminMember>({
    call: adminMembers.list,
    filters: [status, enterpriseId],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminMembers.list, {
        searchInput,
        currentPage,
        ...(status === 'all' ? {} : { status }),
        ...(enterpriseId ? { enterpriseId } : {}),
      }),
  });
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
      await screen.list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<AdminMember>[] = [
    {
      header: t('list.member'),
      unlabelled: true,
      cell: (member) => (
        <>
          <span className="admin-members__name">{member.name}</span>
          <EmailAddress className="admin-members__email" email={member.email} />
        </>
      ),
    },
    { header: t('list.enterprise'), cell: (member) => member.enterprise.company_name },
    {
      header: t('list.role'),
      cell: (member) => (
        <>
          {member.role.name}
          {member.isDefaultAdmin ? (
            <span className="chip admin-members__chip">{t('list.defaultAdmin')}</span>
          ) : null}
        </>
      ),
    },
    {
      header: t('list.status'),
      // An invited member who has not signed in yet is Invited, as on the enterprise's own screens.
      cell: (member) => <MemberStatus member={member} />,
    },
    { header: t('list.lastActive'), cell: (member) => formatDate(member.lastActiveAt, t('list.never')) },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (member) => (
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
      ),
    },
  ];

  const filtered = Boolean(screen.search || status !== 'all' || enterpriseId);
  return (
    <ListScreen
      className="admin-members"
      title={t('list.title')}
      description={t('list.description')}
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
        <div className="admin-members__filters">
          <EnterpriseSelect value={enterpriseId} onChange={setEnterpriseId} />
          <fieldset className="segmented">
            <legend className="visually-hidden">{t('list.status')}</legend>
            {(['all', 'Active', 'Invited', 'Inactive'] as const).map((value) => (
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
      }
      noun={t('list.noun')}
      empty={{
        title: filtered ? t('list.noMatch') : t('list.none'),
        description: filtered ? t('list.noMatchText') : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(member) => member._id}
    >
      {confirming ? (
        <ConfirmDialog
          title={t('confirm.title', { name: confirming.name })}
          // One who never joined is not signed out of anything: their invitation stops working.
          description={t(confirming.invitePending ? 'confirm.invitedText' : 'confirm.text', {
            name: confirming.name,
            enterprise: confirming.enterprise.company_name,
          })}
          confirmLabel={t('confirm.deactivate')}
          busy={busy}
          onConfirm={() => void setMemberStatus(confirming, 'Inactive')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </ListScreen>
  );
};
