import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminReports, type MemberUsage, USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatUtcDay } from '../../lib/dates.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { ReportFilters, rangeQuery, useReportRange } from './report-filters.tsx';
import './admin-reports.css';

/** /admin/reports/all-members-usage: every member's tasks, minutes, videos and last activity (issue 7). */
export const AllMembersUsagePage = () => {
  const [range, setRange] = useReportRange();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const reversed = Boolean(range.startDate && range.endDate && range.startDate > range.endDate);
  const query = { ...rangeQuery(range), ...(searchInput ? { searchInput } : {}) };
  const list = usePagedList(JSON.stringify({ query, reversed }), (currentPage) =>
    reversed
      ? Promise.reject(new Error('The start date must not be after the end date'))
      : api.call(adminReports.allMembersUsage, { ...query, currentPage }),
  );
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { response, message } = await api.callWithMessage(adminReports.exportAllMembersUsage, query);
      downloadText(response.filename, response.csv);
      if (response.truncated)
        notify.error(
          `Only the first ${USAGE_EXPORT_MAX_ROWS.toLocaleString()} members fit in one file: narrow the filters for the rest.`,
        );
      else notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="admin-reports">
      <PageHeader
        title="All Members Usage"
        description="What each member did in the period: tasks completed, minutes practised (the time each completed task is set to take) and videos watched."
        actions={
          <Button
            variant="secondary"
            loading={exporting}
            disabled={reversed}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
        <SearchBox
          label="Search members"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable<MemberUsage>
        list={list}
        noun="members"
        empty={{ title: 'No member matches', description: 'Try another enterprise, period or search.' }}
        head={
          <>
            <th scope="col">Member</th>
            <th scope="col">Enterprise</th>
            <th scope="col" className="table__number">
              Tasks completed
            </th>
            <th scope="col" className="table__number">
              Minutes practised
            </th>
            <th scope="col" className="table__number">
              Videos watched
            </th>
            <th scope="col">Last active</th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label="Member">
              <span className="report-member">
                <span className="report-member__name">{member.name}</span>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label="Enterprise">{member.enterpriseName}</td>
            <td data-label="Tasks completed" className="table__number">
              {member.tasksCompleted}
            </td>
            <td data-label="Minutes practised" className="table__number">
              {member.minutesPractised}
            </td>
            <td data-label="Videos watched" className="table__number">
              {member.videosWatched}
            </td>
            <td data-label="Last active" className="report-nowrap">
              {formatUtcDay(member.lastActiveDay, 'Never')}
            </td>
          </tr>
        )}
      />
    </div>
  );
};
