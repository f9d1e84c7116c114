import { type GroupSummary, groups } from '@coach/shared/contract/groups';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { withNumbers } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { groupDetailPath, manageGroupPath } from './group-paths.ts';
import './groups.css';
import { JoinedCount } from '../../ui/joined-count.tsx';

type SortBy = 'name' | 'members' | 'created';

/** /enterprise/groups: the enterprise's groups with member counts, searchable and sortable (spec §2). */
export const GroupsPage = () => {
  const { t } = useTranslation('groups');
  const screen = useListScreen<GroupSummary, SortBy>({
    call: groups.list,
    sort: { by: 'name', direction: 'asc' },
    fetch: ({ search: searchInput, sort, currentPage }) =>
      api.call(groups.list, { searchInput, currentPage, sort_by: sort.by, sort_type: sort.direction }),
    remove: async (group) => {
      await api.call(groups.remove, { groupId: group._id });
      return t('list.deleted');
    },
  });
  const { search } = screen;

  const columns: Column<GroupSummary, SortBy>[] = [
    {
      header: t('list.group'),
      sort: 'name',
      unlabelled: true,
      cell: (group) => (
        <>
          <Link className="groups__link" to={groupDetailPath(group._id)}>
            {group.name}
          </Link>
          {group.course ? (
            <span className="chip groups__course">
              {t('list.courseGroup', { course: group.course.name })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: t('list.members'),
      sort: 'members',
      className: 'table__number',
      // Invited is not joined: the group's invitees are counted apart under its members.
      cell: (group) => <JoinedCount joined={group.memberCount} invited={group.invitedCount} />,
    },
    { header: t('list.created'), sort: 'created', cell: (group) => formatDate(group.createdAt) },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (group) => (
        <div className="table__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={manageGroupPath(group._id)}
            aria-label={t('list.editName', { name: group.name })}
          >
            {t('list.edit')}
          </Link>
          {/* A course's buyers' group stays while the course does (the server refuses its deletion too). */}
          {group.course ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.deleteName', { name: group.name })}
              onClick={() => screen.deletion.ask(group)}
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
      className="groups"
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Link className="btn btn--primary btn--md" to={manageGroupPath()}>
          {t('list.add')}
        </Link>
      }
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      noun={t('list.noun')}
      empty={{
        title: search ? t('list.noMatch') : t('list.none'),
        description: search ? t('list.noMatchText', { search }) : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(group) => group._id}
      confirmDelete={(group) => ({
        title: t('confirm.title', { name: group.name }),
        // Invited is not joined: the invitees lose the group too, said apart ("its 0 members stay" hid two).
        description: [
          t('confirm.text', withNumbers({ count: group.memberCount })),
          ...(group.invitedCount > 0
            ? [t('confirm.invited', withNumbers({ count: group.invitedCount }))]
            : []),
        ].join(' '),
        confirmLabel: t('confirm.delete'),
      })}
    />
  );
};
