import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminReports, type MemberUsage, USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatUtcDay } from '../../lib/dates.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { ReportFilters, rangeQuery, useReportRange } from './report-filters.tsx';
import './admin-reports.css';

/** /admin/reports/all-members-usage: every member's tasks, minutes, videos and last activity (spec §2). */
export const AllMembersUsagePage = () => {
  const { t } = useTranslation('admin-reports');
  // A wrong range is only named under the dates: the table keeps the last good range's members.
  const { range, applied, problem, setRange } = useReportRange();
  const screen = useListScreen<MemberUsage>({
    call: adminReports.allMembersUsage,
    filters: [JSON.stringify(rangeQuery(applied))],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminReports.allMembersUsage, {
        ...rangeQuery(applied),
        ...(searchInput ? { searchInput } : {}),
        currentPage,
      }),
  });
  const query = { ...rangeQuery(applied), ...(screen.search ? { searchInput: screen.search } : {}) };
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { response, message } = await api.callWithMessage(adminReports.exportAllMembersUsage, {
        ...query,
        // The file's headers in the language of the screen.
        language: currentLanguage(),
      });
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

  const columns: Column<MemberUsage>[] = [
    {
      header: t('usage.member'),
      cell: (member) => (
        <span className="report-member">
          <span className="report-member__name">{member.name}</span>
          <span className="report-member__email">{member.email}</span>
        </span>
      ),
    },
    { header: t('enterprise'), cell: (member) => member.enterpriseName },
    {
      header: t('usage.tasksCompleted'),
      numeric: true,
      cell: (member) => formatNumber(member.tasksCompleted),
    },
    {
      header: t('usage.minutesPractised'),
      numeric: true,
      cell: (member) => formatNumber(member.minutesPractised),
    },
    { header: t('usage.videosWatched'), numeric: true, cell: (member) => formatNumber(member.videosWatched) },
    {
      header: t('usage.lastActive'),
      className: 'report-nowrap',
      cell: (member) => formatUtcDay(member.lastActiveDay, t('usage.never')),
    },
  ];

  return (
    <ListScreen
      className="admin-reports"
      title={t('usage.title')}
      description={t('usage.description')}
      actions={
        <Button
          variant="secondary"
          loading={exporting}
          disabled={problem !== null}
          onClick={() => void exportCsv()}
        >
          {t('usage.export')}
        </Button>
      }
      screen={screen}
      toolbarClassName="list-toolbar report-toolbar"
      start={<ReportFilters value={range} onChange={setRange} />}
      search={{ label: t('usage.search'), placeholder: t('usage.searchPlaceholder') }}
      noun={t('usage.noun')}
      empty={{ title: t('usage.noMatch'), description: t('usage.noMatchText') }}
      columns={columns}
      rowKey={(member) => member._id}
    />
  );
};
