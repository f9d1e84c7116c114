import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type GroupSummary, groups } from '@coach/shared/contract/groups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format.ts';
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
  const { t } = useTranslation('groups');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList([groups.list.path, searchInput, sort.by, sort.direction], (currentPage) =>
    api.call(groups.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
  );

  const deletion = useConfirmedDelete<GroupSummary>(async (group) => {
    await api.call(groups.remove, { groupId: group._id });
    return t('list.deleted');
  }, list.reload);

  return (
    <div className="groups">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Link className="btn btn--primary btn--md" to={manageGroupPath()}>
            {t('list.add')}
          </Link>
        }
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
              {t('list.group')}
            </SortHeader>
            <SortHeader column="members" sort={sort} onSort={setSort}>
              {t('list.members')}
            </SortHeader>
            <SortHeader column="created" sort={sort} onSort={setSort}>
              {t('list.created')}
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
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
            <td data-label={t('list.members')} className="table__number">
              {formatNumber(group.memberCount)}
            </td>
            <td data-label={t('list.created')}>{formatDate(group.createdAt)}</td>
            <td>
              <div className="table__actions">
                <Link
                  className="btn btn--secondary btn--sm"
                  to={manageGroupPath(group._id)}
                  aria-label={t('list.editName', { name: group.name })}
                >
                  {t('list.edit')}
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('list.deleteName', { name: group.name })}
                  onClick={() => deletion.ask(group)}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={t('confirm.title', { name: deletion.pending.name })}
          description={t('confirm.text', { count: deletion.pending.memberCount })}
          confirmLabel={t('confirm.delete')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
