import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminGeneral } from '@coach/shared/contract/admin';
import { type AppUserCounts, adminReports, CLIENT_PLATFORMS } from '@coach/shared/contract/admin-reports';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
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

const Counts = ({ data }: { data: AppUserCounts }) => {
  const { t } = useTranslation('admin-reports');
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  // `t` changes with the language: the chart's legend follows it.
  const series = useMemo(
    () =>
      CLIENT_PLATFORMS.map((p) => ({
        label: t(`counts.platforms.${p}`),
        values: data.days.map((d) => d[p]),
      })),
    [data, t],
  );
  return (
    <>
      <dl className="stats" aria-label={t('counts.byPlatform')}>
        {CLIENT_PLATFORMS.map((p) => (
          <div className="stat" key={p}>
            <dt className="stat__label">{t(`counts.users.${p}`)}</dt>
            <dd className="stat__value">{formatNumber(data.totals[p])}</dd>
          </div>
        ))}
      </dl>
      <Card title={t('counts.perDay')}>
        <Suspense fallback={<LoadingBlock label={t('chartLoading')} />}>
          <ActivityChart days={days} series={series} />
        </Suspense>
      </Card>
      <Card title={t('byEnterprise')}>
        {data.enterprises.length === 0 ? (
          <EmptyState title={t('counts.none')} description={t('counts.noneText')} />
        ) : (
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">{t('counts.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('enterprise')}</th>
                  {CLIENT_PLATFORMS.map((p) => (
                    <th key={p} scope="col" className="table__number">
                      {/* A name as its maker writes it: "iOS", never "IOS" in the capitals of the header row. */}
                      <span className={p === 'ios' ? 'table__as-written' : undefined}>
                        {t(`counts.platforms.${p}`)}
                      </span>
                    </th>
                  ))}
                  <th scope="col" className="table__number">
                    {t('counts.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.enterprises.map((e) => (
                  <tr key={e.enterpriseId}>
                    <td data-label={t('enterprise')}>{e.enterpriseName}</td>
                    {CLIENT_PLATFORMS.map((p) => (
                      <td key={p} data-label={t(`counts.platforms.${p}`)} className="table__number">
                        {formatNumber(e[p])}
                      </td>
                    ))}
                    <td data-label={t('counts.total')} className="table__number">
                      {formatNumber(e.total)}
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

/** /admin/reports/app-user-counts: members active per platform (web, iOS, Android) over time. */
export const AppUserCountsPage = () => {
  const { t } = useTranslation('admin-reports');
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
        title={t('counts.title')}
        description={t('counts.description')}
        actions={
          <Button variant="secondary" loading={syncing} onClick={() => void sync()}>
            {t('counts.sync')}
          </Button>
        }
      />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
      </div>
      <LoadStates state={state} reload={reload} what={t('counts.what')}>
        {(data) => <Counts data={data} />}
      </LoadStates>
    </div>
  );
};
