import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type Role, roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox, SortHeader, type SortState } from '../../ui/table.tsx';
import { RoleFormDialog } from './role-form-dialog.tsx';
import './roles.css';

type SortBy = 'name' | 'members';

const _messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

const PermissionChips = ({ role }: { role: Role }) => {
  const { t } = useTranslation('roles');
  return role.permissions.length === PERMISSION_KEYS.length ? (
    <span className="chip chip--accent">{t('list.allSections')}</span>
  ) : role.permissions.length === 0 ? (
    <span className="chip">{t('list.noSections')}</span>
  ) : (
    <span className="chips">
      {role.permissions.map((key) => (
        <span key={key} className="chip">
          {t(`permissions.${key}`)}
        </span>
      ))}
    </span>
  );
};

/** /enterprise/roles: the enterprise's roles, their permission keys and holders (issue 3). */
export const RolesPage = () => {
  const { t } = useTranslation('roles');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList([roles.list.path, searchInput, sort.by, sort.direction], (currentPage) =>
    api.call(roles.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
  );
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const deletion = useConfirmedDelete<Role>(async (role) => {
    await api.call(roles.remove, { roleId: role._id });
    return t('deleted');
  }, list.reload);

  return (
    <div className="roles">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </div>

      <PagedTable
        list={list}
        noun={t('list.noun')}
        empty={{
          title: searchInput ? t('list.noMatch') : t('list.none'),
          description: searchInput ? t('list.noMatchText', { search: searchInput }) : t('list.noneText'),
        }}
        head={
          <>
            <SortHeader column="name" sort={sort} onSort={setSort}>
              {t('list.role')}
            </SortHeader>
            <th scope="col">{t('list.sections')}</th>
            <SortHeader column="members" sort={sort} onSort={setSort}>
              {t('list.members')}
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </>
        }
        row={(role) => (
          <tr key={role._id}>
            <td>
              <span className="roles__name">
                {role.name}
                {role.isDefaultAdminRole ? <span className="chip">{t('list.defaultAdmin')}</span> : null}
              </span>
            </td>
            <td data-label={t('list.sections')}>
              <PermissionChips role={role} />
            </td>
            <td data-label={t('list.members')} className="table__number">
              {formatNumber(role.memberCount)}
            </td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('list.editName', { name: role.name })}
                  onClick={() => setEditing(role)}
                >
                  {t('list.edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('list.deleteName', { name: role.name })}
                  disabled={role.isDefaultAdminRole}
                  title={role.isDefaultAdminRole ? t('list.cannotDelete') : undefined}
                  onClick={() => deletion.ask(role)}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      />

      {editing ? (
        <RoleFormDialog
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
      {deletion.pending ? (
        <ConfirmDialog
          title={t('confirm.title', { name: deletion.pending.name })}
          description={
            deletion.pending.memberCount > 0
              ? t('confirm.held', { count: deletion.pending.memberCount })
              : t('confirm.text')
          }
          confirmLabel={t('confirm.delete')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
