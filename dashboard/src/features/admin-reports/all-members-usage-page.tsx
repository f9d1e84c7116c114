import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminReports, type MemberUsage, USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
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
  const { t } = useTranslation('admin-reports');
  const [range, setRange] = useReportRange();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const reversed = Boolean(range.startDate && range.endDate && range.startDate > range.endDate);
  const query = { ...rangeQuery(range), ...(searchInput ? { searchInput } : {}) };
  const list = usePagedList(
    [adminReports.allMembersUsage.path, JSON.stringify({ query, reversed })],
    (currentPage) =>
      reversed
        ? Promise.reject(new Error(t('filters.reversed')))
        : api.call(adminReports.allMembersUsage, { ...query, currentPage }),
  );
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { response, message } = await api.callWithMessage(adminReports.exportAllMembersUsage, query);
      downloadText(response.filename, response.csv);
      if (response.truncated)
        notify.error(t('usage.truncated', { max: formatNumber(USAGE_EXPORT_MAX_ROWS) }));
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
        title={t('usage.title')}
        description={t('usage.description')}
        actions={
          <Button
            variant="secondary"
            loading={exporting}
            disabled={reversed}
            onClick={() => void exportCsv()}
          >
            {t('usage.export')}
          </Button>
        }
      />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
        <SearchBox
          label={t('usage.search')}
          placeholder={t('usage.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable<MemberUsage>
        list={list}
        noun={t('usage.noun')}
        empty={{ title: t('usage.noMatch'), description: t('usage.noMatchText') }}
        head={
          <>
            <th scope="col">{t('usage.member')}</th>
            <th scope="col">{t('enterprise')}</th>
            <th scope="col" className="table__number">
              {t('usage.tasksCompleted')}
            </th>
            <th scope="col" className="table__number">
              {t('usage.minutesPractised')}
            </th>
            <th scope="col" className="table__number">
              {t('usage.videosWatched')}
            </th>
            <th scope="col">{t('usage.lastActive')}</th>
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label={t('usage.member')}>
              <span className="report-member">
                <span className="report-member__name">{member.name}</span>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label={t('enterprise')}>{member.enterpriseName}</td>
            <td data-label={t('usage.tasksCompleted')} className="table__number">
              {formatNumber(member.tasksCompleted)}
            </td>
            <td data-label={t('usage.minutesPractised')} className="table__number">
              {formatNumber(member.minutesPractised)}
            </td>
            <td data-label={t('usage.videosWatched')} className="table__number">
              {formatNumber(member.videosWatched)}
            </td>
            <td data-label={t('usage.lastActive')} className="report-nowrap">
              {formatUtcDay(member.lastActiveDay, t('usage.never'))}
            </td>
          </tr>
        )}
      />
    </div>
  );
};
