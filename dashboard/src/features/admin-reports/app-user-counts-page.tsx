import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminGeneral } from '@coach/shared/contract/admin';
import { type AppUserCounts, adminReports, CLIENT_PLATFORMS } from '@coach/shared/contract/admin-reports';
import { lazy, Suspense, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { ReportFilters, useReport } from './report-filters.tsx';
import '../../ui/table.css';
import './admin-reports.css';

const ActivityChart = lazy(() => import('../../ui/activity-chart.tsx'));
const PLATFORM_LABELS = { web: 'Web', ios: 'iOS', android: 'Android' } as const;

const Counts = ({ data }: { data: AppUserCounts }) => {
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const series = useMemo(
    () => CLIENT_PLATFORMS.map((p) => ({ label: PLATFORM_LABELS[p], values: data.days.map((d) => d[p]) })),
    [data],
  );
  return (
    <>
      <dl className="stats" aria-label="Users by platform">
        {CLIENT_PLATFORMS.map((p) => (
          <div className="stat" key={p}>
            <dt className="stat__label">{PLATFORM_LABELS[p]} users</dt>
            <dd className="stat__value">{data.totals[p].toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <Card title="Users per day">
        <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
          <ActivityChart days={days} series={series} />
        </Suspense>
      </Card>
      <Card title="By enterprise">
        {data.enterprises.length === 0 ? (
          <EmptyState title="No one was active" description="No member signed in during this period." />
        ) : (
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">Users by enterprise and platform</caption>
              <thead>
                <tr>
                  <th scope="col">Enterprise</th>
                  {CLIENT_PLATFORMS.map((p) => (
                    <th key={p} scope="col" className="table__number">
                      {PLATFORM_LABELS[p]}
                    </th>
                  ))}
                  <th scope="col" className="table__number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.enterprises.map((e) => (
                  <tr key={e.enterpriseId}>
                    <td data-label="Enterprise">{e.enterpriseName}</td>
                    {CLIENT_PLATFORMS.map((p) => (
                      <td key={p} data-label={PLATFORM_LABELS[p]} className="table__number">
                        {e[p]}
                      </td>
                    ))}
                    <td data-label="Total" className="table__number">
                      {e.total}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
};

/** /admin/reports/app-user-counts: members active per platform (web, iOS, Android) over time (issue 7). */
export const AppUserCountsPage = () => {
  const { range, setRange, state, reload } = useReport(adminReports.appUserCounts);
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      const { message } = await api.callWithMessage(adminGeneral.syncFirebaseData, {});
      notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSyncing(false);
    }
  };
  return (
    <div className="admin-reports">
      <PageHeader
        title="App User Counts"
        description="Members active in the period, by the platform they used (the first sign-in of each day counts)."
        actions={
          <Button variant="secondary" loading={syncing} onClick={() => void sync()}>
            Sync mobile app data
          </Button>
        }
      />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
      </div>
      <LoadStates state={state} reload={reload} what="the counts">
        {(data) => <Counts data={data} />}
      </LoadStates>
    </div>
  );
};
