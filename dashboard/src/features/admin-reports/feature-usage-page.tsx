import { adminReports, type FeatureUsage } from '@coach/shared/contract/admin-reports';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { ReportFilters, useReport } from './report-filters.tsx';
import '../../ui/table.css';
import './admin-reports.css';

const Usage = ({ data }: { data: FeatureUsage }) => {
  const { t } = useTranslation('admin-reports');
  const totals = [
    ['videosWatched', data.videosWatched],
    ['videosLiked', data.videosLiked],
    ['journalEntries', data.journalEntries],
    ['courseEnrolments', data.courseEnrolments],
  ] as const;
  return (
    <>
      <dl className="stats" aria-label={t('features.totals')}>
        {totals.map(([key, value]) => (
          <div className="stat" key={key}>
            <dt className="stat__label">{t(`features.${key}`)}</dt>
            <dd className="stat__value">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="report-columns">
        <Card title={t('features.byType')}>
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">{t('features.byType')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('features.taskType')}</th>
                  <th scope="col" className="table__number">
                    {t('features.completed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.tasksCompletedByType.map((row) => (
                  <tr key={row.type}>
                    <td data-label={t('features.taskType')}>{t(`tasks:types.${row.type}`)}</td>
                    <td data-label={t('features.completed')} className="table__number">
                      {formatNumber(row.completed)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <Card title={t('byEnterprise')}>
          {data.enterprises.length === 0 ? (
            <EmptyState title={t('features.none')} description={t('features.noneText')} />
          ) : (
            <div className="table-scroll">
              <table className="table table--stack">
                <caption className="visually-hidden">{t('features.table')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('enterprise')}</th>
                    <th scope="col" className="table__number">
                      {t('features.tasks')}
                    </th>
                    <th scope="col" className="table__number">
                      {t('features.videos')}
                    </th>
                    <th scope="col" className="table__number">
                      {t('features.enrolments')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.enterprises.map((e) => (
                    <tr key={e.enterpriseId}>
                      <td data-label={t('enterprise')}>{e.enterpriseName}</td>
                      <td data-label={t('features.tasks')} className="table__number">
                        {formatNumber(e.tasksCompleted)}
                      </td>
                      <td data-label={t('features.videos')} className="table__number">
                        {formatNumber(e.videosWatched)}
                      </td>
                      <td data-label={t('features.enrolments')} className="table__number">
                        {formatNumber(e.courseEnrolments)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  );
};

/** /admin/reports/feature-usage (routed, not in the menu): which features are used and how much. */
export const FeatureUsagePage = () => {
  const { t } = useTranslation('admin-reports');
  const { range, setRange, state, reload } = useReport(adminReports.featureUsage);
  return (
    <div className="admin-reports">
      <PageHeader title={t('features.title')} description={t('features.description')} />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
      </div>
      <LoadStates state={state} reload={reload} what={t('features.what')}>
        {(data) => <Usage data={data} />}
      </LoadStates>
    </div>
  );
};
