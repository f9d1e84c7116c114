import { type Role, roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withNumbers } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { RoleFormDialog } from './role-form-dialog.tsx';
import './roles.css';
import { JoinedCount } from '../../ui/joined-count.tsx';

type SortBy = 'name' | 'members';

const PermissionChips = ({ role }: { role: Role }) => {
  const { t } = useTranslation('roles');
  return role.permissions.length === PERMISSION_KEYS.length ? (
    <span className="chip chip--accent">{t('list.allSections')}</span>
  ) : role.permissions.length === 0 ? (
    // No keys is no limits (spec §6: an empty list is not blocked): every section, not none.
    <span className="chip chip--accent">{t('list.noLimits')}</span>
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

/** /enterprise/roles: the enterprise's roles, their permission keys and holders (spec §2). */
export const RolesPage = () => {
  const { t } = useTranslation('roles');
  const screen = useListScreen<Role, SortBy>({
    call: roles.list,
    sort: { by: 'name', direction: 'asc' },
    fetch: ({ search: searchInput, sort, currentPage }) =>
      api.call(roles.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
    remove: async (role) => {
      await api.call(roles.remove, { roleId: role._id });
      return t('deleted');
    },
  });
  const { search, list } = screen;
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const columns: Column<Role, SortBy>[] = [
    {
      header: t('list.role'),
      sort: 'name',
      unlabelled: true,
      cell: (role) => (
        <span className="roles__name">
          {role.name}
          {role.isDefaultAdminRole ? <span className="chip">{t('list.defaultAdmin')}</span> : null}
        </span>
      ),
    },
    { header: t('list.sections'), cell: (role) => <PermissionChips role={role} /> },
    {
      header: t('list.members'),
      sort: 'members',
      className: 'table__number',
      // Invited is not joined: a role's invitees are counted apart under its members.
      cell: (role) => <JoinedCount joined={role.memberCount} invited={role.invitedCount} />,
    },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (role) => (
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
            onClick={() => screen.deletion.ask(role)}
          >
            {t('list.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      className="roles"
      title={t('title')}
      description={t('description')}
      actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      noun={t('list.noun')}
      empty={{
        title: search ? t('list.noMatch') : t('list.none'),
        description: search ? t('list.noMatchText', { search }) : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(role) => role._id}
      // A role members or invitees still hold cannot be deleted (the server answers 409): the dialog says so and
      // only closes.
      confirmDelete={(role) => ({
        title: t('confirm.title', { name: role.name }),
        description:
          role.memberCount > 0
            ? t('confirm.held', { count: role.memberCount })
            : role.invitedCount > 0
              ? t('confirm.heldInvited', withNumbers({ count: role.invitedCount }))
              : t('confirm.text'),
        confirmLabel: t('confirm.delete'),
        blocked: role.memberCount > 0 || role.invitedCount > 0,
      })}
    >
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
    </ListScreen>
  );
};
