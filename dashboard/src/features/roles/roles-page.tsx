import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type Role, roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '@coach/shared/permissions';
import { useState } from 'react';
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

const PermissionChips = ({ role }: { role: Role }) =>
  role.permissions.length === PERMISSION_KEYS.length ? (
    <span className="chip chip--accent">All sections</span>
  ) : role.permissions.length === 0 ? (
    <span className="chip">No sections</span>
  ) : (
    <span className="chips">
      {role.permissions.map((key) => (
        <span key={key} className="chip">
          {PERMISSION_LABELS[key]}
        </span>
      ))}
    </span>
  );

/** /enterprise/roles: the enterprise's roles, their permission keys and holders (issue 3). */
export const RolesPage = () => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList(`${searchInput}|${sort.by}|${sort.direction}`, (currentPage) =>
    api.call(roles.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
  );
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const deletion = useConfirmedDelete<Role>(async (role) => {
    await api.call(roles.remove, { roleId: role._id });
    return 'Role deleted successfully';
  }, list.reload);

  return (
    <div className="roles">
      <PageHeader
        title="User Roles"
        description="Each role opens a set of sections. Changes apply on the holders' next click."
        actions={<Button onClick={() => setEditing('new')}>Add role</Button>}
      />
      <div className="list-toolbar">
        <SearchBox label="Search roles" placeholder="Search roles..." value={search} onChange={setSearch} />
      </div>

      <PagedTable
        list={list}
        noun="roles"
        empty={{
          title: searchInput ? 'No role matches your search' : 'No roles yet',
          description: searchInput
            ? `Nothing is named like "${searchInput}".`
            : 'Add a role to give members access.',
        }}
        head={
          <>
            <SortHeader column="name" sort={sort} onSort={setSort}>
              Role
            </SortHeader>
            <th scope="col">Sections</th>
            <SortHeader column="members" sort={sort} onSort={setSort}>
              Members
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(role) => (
          <tr key={role._id}>
            <td>
              <span className="roles__name">
                {role.name}
                {role.isDefaultAdminRole ? <span className="chip">Default admin</span> : null}
              </span>
            </td>
            <td data-label="Sections">
              <PermissionChips role={role} />
            </td>
            <td data-label="Members" className="table__number">
              {role.memberCount}
            </td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${role.name}`}
                  onClick={() => setEditing(role)}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${role.name}`}
                  disabled={role.isDefaultAdminRole}
                  title={role.isDefaultAdminRole ? "The default admin's role cannot be deleted" : undefined}
                  onClick={() => deletion.ask(role)}
                >
                  Delete
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
          title={`Delete ${deletion.pending.name}?`}
          description={
            deletion.pending.memberCount > 0
              ? `${deletion.pending.memberCount} member${deletion.pending.memberCount === 1 ? ' holds' : 's hold'} this role. Give them another role before deleting it.`
              : 'The role is removed for good. This cannot be undone.'
          }
          confirmLabel="Delete role"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
