import {
  enterpriseReports,
  type MemberReportRow,
  type MemberReportSort,
} from '@coach/shared/contract/reports';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatUtcDay } from '../../lib/dates.ts';
import { type Column, ListView, useListScreen } from '../../widgets/list-screen.tsx';
import { ExportButton, Figure, type Filters, TableCard } from './report-parts.tsx';

const memberPath = (id: string) => fillPath(paths.enterprise.memberDetail, { id });

/** Each member's figures for the period, searchable and sortable a page at a time; the export follows both. */
export const MemberTable = ({ filters }: { filters: Filters }) => {
  const { t } = useTranslation('reports');
  const extraOf = (search: string, sort: { by: MemberReportSort; direction: 'asc' | 'desc' }) => ({
    ...(search ? { searchInput: search } : {}),
    sortBy: sort.by,
    sortOrder: sort.direction,
  });
  const screen = useListScreen<MemberReportRow, MemberReportSort>({
    call: enterpriseReports.members,
    filters: [JSON.stringify(filters)],
    sort: { by: 'name', direction: 'asc' },
    fetch: ({ search, sort, currentPage }) =>
      api.call(enterpriseReports.members, { ...filters, ...extraOf(search, sort), currentPage }),
  });
  const figure = (
    header: string,
    sort: MemberReportSort,
    value: (member: MemberReportRow) => number,
  ): Column<MemberReportRow, MemberReportSort> => ({
    header,
    sort,
    className: 'table__number',
    cell: (member) => <Figure value={value(member)} />,
  });
  const columns: Column<MemberReportRow, MemberReportSort>[] = [
    {
      header: t('members.member'),
      sort: 'name',
      cell: (member) => (
        <span className="report-member">
          <Link className="report-member__name report-link" to={memberPath(member._id)}>
            {member.name}
          </Link>
          <span className="report-member__email">{member.email}</span>
        </span>
      ),
    },
    figure(t('members.activeDays'), 'activeDays', (member) => member.activeDays),
    figure(t('members.assigned'), 'tasksAssigned', (member) => member.tasksAssigned),
    figure(t('members.completed'), 'tasksCompleted', (member) => member.tasksCompleted),
    figure(t('members.overdue'), 'tasksOverdue', (member) => member.tasksOverdue),
    figure(t('members.videos'), 'videosWatched', (member) => member.videosWatched),
    {
      header: t('members.lastActive'),
      sort: 'lastActive',
      className: 'reports__nowrap',
      cell: (member) => formatUtcDay(member.lastActiveDay, t('members.never')),
    },
  ];
  return (
    <TableCard
      title={t('members.title')}
      id="report-members"
      action={
        <ExportButton
          table="members"
          filters={filters}
          extra={extraOf(screen.search, screen.sort ?? { by: 'name', direction: 'asc' })}
          label={t('members.export')}
        />
      }
      note={t('members.note')}
    >
      <ListView
        screen={screen}
        toolbarClassName="report-card__search"
        search={{ label: t('members.search'), placeholder: t('members.searchPlaceholder') }}
        noun={t('members.noun')}
        empty={{ title: t('members.noMatch'), description: t('members.noMatchText') }}
        columns={columns}
        rowKey={(member) => member._id}
      />
    </TableCard>
  );
};
