import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type Member, members } from '@coach/shared/contract/members';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox, SortHeader, type SortState } from '../../ui/table.tsx';
import { ImportMembersDialog, InviteMemberDialog } from './invite-dialogs.tsx';
import { ConfirmMemberAction, EditMemberDialog } from './member-dialogs.tsx';
import './members.css';

type SortBy = 'name' | 'email' | 'status' | 'last_active';
type StatusFilter = 'all' | 'Active' | 'Inactive';
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

/** /enterprise/members: the people of the enterprise, narrowed by the top-bar group filter (issue 3). */
export const MembersPage = () => {
  const { t } = useTranslation('members');
  const group = useAtomValue(selectedGroupAtom);
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList(
    [members.list.path, searchInput, status, sort.by, sort.direction, group?._id ?? ''],
    (currentPage) =>
      api.call(members.list, {
        searchInput,
        currentPage,
        sort_by: sort.by,
        sort_type: sort.direction,
        ...(group ? { selected_group: group._id } : {}),
        ...(status === 'all' ? {} : { status }),
      }),
  );
  const filtered = Boolean(searchInput || group || status !== 'all');
  const [editing, setEditing] = useState<Member | null>(null);
  const [adding, setAdding] = useState<'invite' | 'import' | null>(null);
  const [confirming, setConfirming] = useState<{ member: Member; action: 'deactivate' | 'delete' } | null>(
    null,
  );

  const activate = async (member: Member) => {
    try {
      await api.call(members.changeStatus, { memberId: member._id, status: 'Active' });
      notify.success(t('list.activated'));
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    }
  };

  return (
    <div className="members">
      <PageHeader
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
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('list.status')}</legend>
          {(['all', 'Active', 'Inactive'] as const).map((value) => (
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
              {t(`status.${value}`)}
            </label>
          ))}
        </fieldset>
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
            <SortHeader column="name" sort={sort} onSort={setSort}>
              {t('list.name')}
            </SortHeader>
            <th scope="col">{t('list.role')}</th>
            <th scope="col">{t('list.groups')}</th>
            <SortHeader column="status" sort={sort} onSort={setSort}>
              {t('list.status')}
            </SortHeader>
            <SortHeader column="last_active" sort={sort} onSort={setSort}>
              {t('list.lastActive')}
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td>
              <span className="members__who">
                <Link className="members__link" to={memberDetailPath(member._id)}>
                  {member.name}
                </Link>
                <span className="members__email">{member.email}</span>
              </span>
            </td>
            <td data-label={t('list.role')}>{member.role.name}</td>
            <td data-label={t('list.groups')}>
              <GroupChips member={member} />
            </td>
            <td data-label={t('list.status')}>
              <span className="members__badges">
                <span className={`status status--${member.status.toLowerCase()}`}>
                  {t(`status.${member.status}`)}
                </span>
                {member.invitePending ? (
                  <span className="status status--pending">{t('status.invited')}</span>
                ) : null}
              </span>
            </td>
            <td data-label={t('list.lastActive')} className="table__number">
              {formatDate(member.lastActiveAt, t('list.never'))}
            </td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('list.editName', { name: member.name })}
                  onClick={() => setEditing(member)}
                >
                  {t('list.edit')}
                </Button>
                {member.status === 'Active' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('list.deactivateName', { name: member.name })}
                    disabled={member.isDefaultAdmin}
                    onClick={() => setConfirming({ member, action: 'deactivate' })}
                  >
                    {t('list.deactivate')}
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('list.activateName', { name: member.name })}
                    onClick={() => void activate(member)}
                  >
                    {t('list.activate')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('list.deleteName', { name: member.name })}
                  disabled={member.isDefaultAdmin}
                  onClick={() => setConfirming({ member, action: 'delete' })}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
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
    </div>
  );
};
