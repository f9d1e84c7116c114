import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Member, type MemberListStatus, members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { MemberStatus } from '../../widgets/member-status.tsx';
import { ImportMembersDialog, InviteMemberDialog } from './invite-dialogs.tsx';
import { ConfirmMemberAction, EditMemberDialog } from './member-dialogs.tsx';
import { useResendInvite } from './use-resend-invite.ts';
import './members.css';
import { EmailAddress } from '../../ui/user-text.tsx';

type SortBy = 'name' | 'email' | 'status' | 'last_active';
/** The status filter's choices: Active lists the members who joined, Invited those who have not yet (the server's). */
type StatusFilter = 'all' | MemberListStatus;
const STATUS_FILTERS = ['all', 'Active', 'Invited', 'Inactive'] as const satisfies readonly StatusFilter[];
const VISIBLE_GROUPS = 3;

const memberDetailPath = (id: string) => fillPath(paths.enterprise.memberDetail, { id });

const GroupChips = ({ member }: { member: Member }) => {
  const { t } = useTranslation('members');
  if (member.groups.length === 0) return <span className="members__none">{t('list.noGroups')}</span>;
  const shown = member.groups.slice(0, VISIBLE_GROUPS);
  const more = member.groups.length - shown.length;
  return (
    <span className="chips">
      {shown.map((group) => (
        <span key={group._id} className="chip">
          {group.name}
        </span>
      ))}
      {more > 0 ? (
        <span className="chip" title={formatList(member.groups.slice(VISIBLE_GROUPS).map((g) => g.name))}>
          +{formatNumber(more)}
        </span>
      ) : null}
    </span>
  );
};

/** /enterprise/members: the people of the enterprise, narrowed by the top-bar group filter (spec §2). */
export const MembersPage = () => {
  const { t } = useTranslation('members');
  const group = useAtomValue(selectedGroupAtom);
  const [status, setStatus] = useState<StatusFilter>('all');
  const screen = useListScreen<Member, SortBy>({
    call: members.list,
    filters: [status, group?._id ?? ''],
    sort: { by: 'name', direction: 'asc' },
    fetch: ({ search: searchInput, sort, currentPage }) =>
      api.call(members.list, {
        searchInput,
        currentPage,
        sort_by: sort.by,
        sort_type: sort.direction,
        ...(group ? { selected_group: group._id } : {}),
        ...(status === 'all' ? {} : { status }),
      }),
  });
  const { list } = screen;
  const filtered = Boolean(screen.search || group || status !== 'all');
  // Nobody waiting to join is news of its own, not a search that missed.
  const noInvitees = status === 'Invited' && !screen.search && !group;
  const [editing, setEditing] = useState<Member | null>(null);
  const [adding, setAdding] = useState<'invite' | 'import' | null>(null);
  const [confirming, setConfirming] = useState<{ member: Member; action: 'deactivate' | 'delete' } | null>(
    null,
  );

  // What the server refuses (409) is not offered: the default admin and oneself are never deactivated or deleted,
  // so their rows have no such buttons (a greyed one with no reason looked like a fault). A member whose role the
  // caller could not give is out of reach for now (none of the three, reactivating included): greyed.
  const me = useAtomValue(enterpriseUserAtom);
  const roleList = useCall(roles.options, {});
  const grantable =
    roleList.state.status === 'ready'
      ? new Set(roleList.state.data.filter((role) => role.grantable).map((role) => role._id))
      : null;
  const inReach = (member: Member) => grantable === null || grantable.has(member.role._id);
  const neverRemoved = (member: Member) => member.isDefaultAdmin || member._id === me?._id;
  // Greyed actions are said why once, under the list.
  const someOutOfReach =
    list.load.status === 'ready' && list.load.page.listdata.some((member) => !inReach(member));

  const activate = async (member: Member) => {
    try {
      await api.call(members.changeStatus, { memberId: member._id, status: 'Active' });
      notify.success(t('list.activated'));
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    }
  };

  // An invitee who has not joined yet gets the invitation again from their row (a fresh link; earlier ones stop).
  const { resending, resend } = useResendInvite();

  const columns: Column<Member, SortBy>[] = [
    {
      header: t('list.name'),
      sort: 'name',
      unlabelled: true,
      cell: (member) => (
        <span className="members__who">
          <Link className="members__link" to={memberDetailPath(member._id)}>
            {member.name}
          </Link>
          <EmailAddress className="members__email" email={member.email} />
        </span>
      ),
    },
    { header: t('list.role'), cell: (member) => member.role.name },
    { header: t('list.groups'), cell: (member) => <GroupChips member={member} /> },
    {
      header: t('list.status'),
      sort: 'status',
      cell: (member) => <MemberStatus member={member} />,
    },
    {
      header: t('list.lastActive'),
      sort: 'last_active',
      className: 'table__number',
      cell: (member) => formatDate(member.lastActiveAt, t('list.never')),
    },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (member) => (
        <div className="table__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('list.editName', { name: member.name })}
            onClick={() => setEditing(member)}
          >
            {t('list.edit')}
          </Button>
          {member.status !== 'Active' ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.activateName', { name: member.name })}
              disabled={!inReach(member)}
              onClick={() => void activate(member)}
            >
              {t('list.activate')}
            </Button>
          ) : member.invitePending && !neverRemoved(member) ? (
            // Not joined yet: sending the invitation again is what is wanted, not deactivating (Delete stays).
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.resendName', { name: member.name })}
              disabled={!inReach(member)}
              loading={resending === member._id}
              onClick={() => void resend(member)}
            >
              {t('list.resend')}
            </Button>
          ) : neverRemoved(member) ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.deactivateName', { name: member.name })}
              disabled={!inReach(member)}
              onClick={() => setConfirming({ member, action: 'deactivate' })}
            >
              {t('list.deactivate')}
            </Button>
          )}
          {neverRemoved(member) ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.deleteName', { name: member.name })}
              disabled={!inReach(member)}
              onClick={() => setConfirming({ member, action: 'delete' })}
            >
              {t('list.delete')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      className="members"
      title={t('list.title')}
      description={group ? t('list.descriptionIn', { group: group.name }) : t('list.description')}
      actions={
        <>
          <Button variant="secondary" onClick={() => setAdding('import')}>
            {t('list.import')}
          </Button>
          <Button onClick={() => setAdding('invite')}>{t('list.invite')}</Button>
        </>
      }
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('list.status')}</legend>
          {STATUS_FILTERS.map((value) => (
            <label
              key={value}
              className={`segmented__option ${status === value ? 'segmented__option--on' : ''}`}
            >
              <input
                type="radio"
                name="member-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              {value === 'Invited' ? t('status.invited') : t(`status.${value}`)}
            </label>
          ))}
        </fieldset>
      }
      noun={t('list.noun')}
      empty={
        noInvitees
          ? { title: t('list.noInvitees'), description: t('list.noInviteesText') }
          : {
              title: filtered ? t('list.noMatch') : t('list.none'),
              description: filtered ? t('list.noMatchText') : t('list.noneText'),
            }
      }
      columns={columns}
      rowKey={(member) => member._id}
    >
      {someOutOfReach ? <p className="members__out-of-reach">{t('list.outOfReach')}</p> : null}
      {editing ? (
        <EditMemberDialog
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
      {adding === 'invite' ? (
        <InviteMemberDialog
          onClose={() => setAdding(null)}
          onInvited={() => {
            setAdding(null);
            void list.reload();
          }}
        />
      ) : null}
      {adding === 'import' ? (
        <ImportMembersDialog onClose={() => setAdding(null)} onImported={() => void list.reload()} />
      ) : null}
      {confirming ? (
        <ConfirmMemberAction
          member={confirming.member}
          action={confirming.action}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            void list.reload();
          }}
        />
      ) : null}
    </ListScreen>
  );
};
