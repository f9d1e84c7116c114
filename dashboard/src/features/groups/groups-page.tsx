import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type GroupSummary, groups } from '@coach/shared/contract/groups';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox, SortHeader, type SortState } from '../../ui/table.tsx';
import { groupDetailPath, manageGroupPath } from './group-paths.ts';
import './groups.css';

type SortBy = 'name' | 'members' | 'created';

/** /enterprise/groups: the enterprise's groups with member counts (issue 3). */
export const GroupsPage = () => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList(`${searchInput}|${sort.by}|${sort.direction}`, (currentPage) =>
    api.call(groups.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
  );

  const deletion = useConfirmedDelete<GroupSummary>(async (group) => {
    await api.call(groups.remove, { groupId: group._id });
    return 'Group deleted successfully';
  }, list.reload);

  return (
    <div className="groups">
      <PageHeader
        title="Groups"
        description="Organise members into groups to filter lists and assign work."
        actions={
          <Link className="btn btn--primary btn--md" to={manageGroupPath()}>
            Add group
          </Link>
        }
      />
      <div className="list-toolbar">
        <SearchBox label="Search groups" placeholder="Search groups..." value={search} onChange={setSearch} />
      </div>
      <PagedTable
        list={list}
        noun="groups"
        empty={{
          title: searchInput ? 'No group matches your search' : 'No groups yet',
          description: searchInput
            ? `Nothing is named like "${searchInput}".`
            : 'Add a group to organise members.',
        }}
        head={
          <>
            <SortHeader column="name" sort={sort} onSort={setSort}>
              Group
            </SortHeader>
            <SortHeader column="members" sort={sort} onSort={setSort}>
              Members
            </SortHeader>
            <SortHeader column="created" sort={sort} onSort={setSort}>
              Created
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(group) => (
          <tr key={group._id}>
            <td>
              <Link className="groups__link" to={groupDetailPath(group._id)}>
                {group.name}
              </Link>
            </td>
            <td data-label="Members" className="table__number">
              {group.memberCount}
            </td>
            <td data-label="Created">{formatDate(group.createdAt)}</td>
            <td>
              <div className="table__actions">
                <Link
                  className="btn btn--secondary btn--sm"
                  to={manageGroupPath(group._id)}
                  aria-label={`Edit ${group.name}`}
                >
                  Edit
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${group.name}`}
                  onClick={() => deletion.ask(group)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={`Delete ${deletion.pending.name}?`}
          description={`The group is removed for good; its ${deletion.pending.memberCount} member${deletion.pending.memberCount === 1 ? '' : 's'} stay in your organisation.`}
          confirmLabel="Delete group"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
