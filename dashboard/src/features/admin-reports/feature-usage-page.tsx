import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { adminReports, type FeatureUsage } from '@coach/shared/contract/admin-reports';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { ReportFilters, useReport } from './report-filters.tsx';
import '../../ui/table.css';
import './admin-reports.css';

const Usage = ({ data }: { data: FeatureUsage }) => (
  <>
    <dl className="stats" aria-label="Feature totals">
      {[
        ['Videos watched', data.videosWatched],
        ['Videos liked', data.videosLiked],
        ['Journal entries', data.journalEntries],
        ['Course enrolments', data.courseEnrolments],
      ].map(([label, value]) => (
        <div className="stat" key={label}>
          <dt className="stat__label">{label}</dt>
          <dd className="stat__value">{Number(value).toLocaleString()}</dd>
        </div>
      ))}
    </dl>
    <div className="report-columns">
      <Card title="Tasks completed by type">
        <div className="table-scroll">
          <table className="table table--stack">
            <caption className="visually-hidden">Tasks completed by type</caption>
            <thead>
              <tr>
                <th scope="col">Task type</th>
                <th scope="col" className="table__number">
                  Completed
                </th>
              </tr>
            </thead>
            <tbody>
              {data.tasksCompletedByType.map((row) => (
                <tr key={row.type}>
                  <td data-label="Task type">{TASK_TYPE_LABELS[row.type]}</td>
                  <td data-label="Completed" className="table__number">
                    {row.completed}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title="By enterprise">
        {data.enterprises.length === 0 ? (
          <EmptyState title="Nothing used yet" description="No task, video or enrolment in this period." />
        ) : (
          <div className="table-scroll">
            <table className="table table--stack">
              <caption className="visually-hidden">Feature use by enterprise</caption>
              <thead>
                <tr>
                  <th scope="col">Enterprise</th>
                  <th scope="col" className="table__number">
                    Tasks
                  </th>
                  <th scope="col" className="table__number">
                    Videos
                  </th>
                  <th scope="col" className="table__number">
                    Enrolments
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.enterprises.map((e) => (
                  <tr key={e.enterpriseId}>
                    <td data-label="Enterprise">{e.enterpriseName}</td>
                    <td data-label="Tasks" className="table__number">
                      {e.tasksCompleted}
                    </td>
                    <td data-label="Videos" className="table__number">
                      {e.videosWatched}
                    </td>
                    <td data-label="Enrolments" className="table__number">
                      {e.courseEnrolments}
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

/** /admin/reports/feature-usage (routed, not in the menu): which features are used and how much. */
export const FeatureUsagePage = () => {
  const { range, setRange, state, reload } = useReport(adminReports.featureUsage);
  return (
    <div className="admin-reports">
      <PageHeader title="Feature Usage" description="Which features were used in the period, and how much." />
      <div className="list-toolbar report-toolbar">
        <ReportFilters value={range} onChange={setRange} />
      </div>
      <LoadStates state={state} reload={reload} what="the usage">
        {(data) => <Usage data={data} />}
      </LoadStates>
    </div>
  );
};
