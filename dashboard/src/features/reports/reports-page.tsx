import { enterpriseReports } from '@coach/shared/contract/reports';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatUtcDay } from '../../lib/dates.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { MemberTable } from './report-members.tsx';
import { Overview } from './report-overview.tsx';
import type { Filters } from './report-parts.tsx';
import { datesOf, notStarted, ReportRangePicker, useReportRange } from './report-range.tsx';
import './reports.css';

/** /enterprise/reports (spec §2): the period's figures for the enterprise or the top-bar group. */
export const ReportsPage = () => {
  const { t } = useTranslation('reports');
  const group = useAtomValue(selectedGroupAtom);
  const { range, applied, setRange } = useReportRange();
  const { startDate, endDate } = datesOf(applied);
  const filters: Filters = {
    ...(group ? { groupId: group._id } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  };
  const key = JSON.stringify(filters);
  // A period still to come has no figures: it is said so, rather than shown as zeros, and nothing is asked.
  const future = notStarted(startDate);
  const { state, reload } = useLoad(
    [enterpriseReports.overview.path, key],
    ({ signal }) => api.call(enterpriseReports.overview, filters, { signal }),
    { enabled: !future },
  );
  return (
    <div className="reports">
      <PageHeader
        title={t('title')}
        description={group ? t('descriptionIn', { group: group.name }) : t('description')}
      />
      <div className="reports__toolbar">
        <ReportRangePicker value={range} onChange={setRange} />
        {state.status === 'ready' && !future ? (
          <p className="reports__period">
            {t('period', { from: formatUtcDay(state.data.from), to: formatUtcDay(state.data.to) })}
          </p>
        ) : null}
      </div>
      {future ? (
        <Card>
          <EmptyState
            title={t('future.title')}
            description={t('future.text', { date: formatUtcDay(startDate) })}
          />
        </Card>
      ) : (
        <>
          <LoadStates state={state} reload={() => void reload()} what={t('what')}>
            {(data) => <Overview data={data} filters={filters} />}
          </LoadStates>
          <MemberTable filters={filters} />
        </>
      )}
    </div>
  );
};
