import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import {
  type EnterpriseReport,
  enterpriseReports,
  type MemberReportRow,
  type MemberReportSort,
  type ReportTable,
} from '@coach/shared/contract/reports';
import { compactNumber } from '@coach/shared/format/compact-number';
import { useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatUtcDay, formatUtcDayMonth } from '../../lib/dates.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { SearchBox, SortHeader, type SortState } from '../../ui/table.tsx';
import { datesOf, ReportRangePicker, useReportRange } from './report-range.tsx';
import './reports.css';

const ActivityChart = lazy(() => import('../../ui/activity-chart.tsx'));

type Filters = { groupId?: string; startDate?: string; endDate?: string };

/** A figure shown short over 999 (1.2k), the exact number in its title. */
const Figure = ({ value }: { value: number }) => (
  <span title={value.toLocaleString()}>{compactNumber(value)}</span>
);

/** A mean that may not exist (no scored attempt, no recording). */
const maybe = (value: number | null, suffix = '') => (value === null ? '—' : `${value}${suffix}`);

const Stat = ({ label, value, note }: { label: string; value: number; note?: string }) => (
  <div className="stat">
    <dt className="stat__label">{label}</dt>
    <dd className="stat__value">
      <Figure value={value} />
    </dd>
    {note ? <dd className="stat__note">{note}</dd> : null}
  </div>
);

/** Asks the server for one table as CSV and saves it; the button shows the wait. */
const ExportButton = ({
  table,
  filters,
  extra = {},
  label,
}: {
  table: ReportTable;
  filters: Filters;
  extra?: { searchInput?: string; sortBy?: MemberReportSort; sortOrder?: 'asc' | 'desc' };
  label: string;
}) => {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { response, message } = await api.callWithMessage(enterpriseReports.exportTable, {
        table,
        ...filters,
        ...extra,
      });
      downloadText(response.filename, response.csv);
      if (response.truncated)
        notify.error(
          `Only the first ${USAGE_EXPORT_MAX_ROWS.toLocaleString()} members fit in one file: search to narrow the rest.`,
        );
      else notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()} aria-label={label}>
      Export CSV
    </Button>
  );
};

/** A card whose title row carries the table's export. */
const TableCard = ({
  title,
  id,
  action,
  note,
  children,
}: {
  title: string;
  id: string;
  action: ReactNode;
  note?: string;
  children: ReactNode;
}) => (
  <section className="card report-card" aria-labelledby={id}>
    <div className="report-card__head">
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      {action}
    </div>
    {note ? <p className="report-card__note">{note}</p> : null}
    {children}
  </section>
);

const Overview = ({ data, filters }: { data: EnterpriseReport; filters: Filters }) => {
  const series = useMemo(
    () => [
      { label: 'Active members', values: data.days.map((d) => d.activeMembers) },
      { label: 'Tasks completed', values: data.days.map((d) => d.tasksCompleted) },
      { label: 'Videos watched', values: data.days.map((d) => d.videosWatched) },
    ],
    [data],
  );
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const quiet = data.days.every((d) => d.activeMembers + d.tasksCompleted + d.videosWatched === 0);
  return (
    <>
      <dl className="stats" aria-label="Key figures">
        <Stat
          label="Active members"
          value={data.activeMembers}
          note={`of ${data.members.toLocaleString()} ${data.members === 1 ? 'member' : 'members'}`}
        />
        <Stat label="Tasks assigned" value={data.tasksAssigned} />
        <Stat label="Tasks completed" value={data.tasksCompleted} />
        <Stat label="Overdue tasks" value={data.tasksOverdue} note="Due in the period, not completed" />
        <Stat label="Videos watched" value={data.videosWatched} />
        <Stat label="Recordings heard" value={data.speech.recordings} />
      </dl>

      <TableCard
        title="Activity per day"
        id="report-activity"
        action={<ExportButton table="activity" filters={filters} label="Export CSV of activity per day" />}
      >
        {quiet ? (
          <EmptyState
            title="No activity in this period"
            description="Choose a longer period or another group."
          />
        ) : (
          <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
            <ActivityChart days={days} series={series} />
          </Suspense>
        )}
        <table className="visually-hidden">
          <caption>Activity per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Active members</th>
              <th scope="col">Tasks completed</th>
              <th scope="col">Videos watched</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <td>{formatUtcDayMonth(d.day)}</td>
                <td>{d.activeMembers}</td>
                <td>{d.tasksCompleted}</td>
                <td>{d.videosWatched}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title="Tasks by type"
        id="report-tasks"
        action={<ExportButton table="tasks" filters={filters} label="Export CSV of tasks by type" />}
        note="Assigned and completed in the period; overdue: due in the period and not completed."
      >
        <table className="table table--stack">
          <caption className="visually-hidden">Tasks by type</caption>
          <thead>
            <tr>
              <th scope="col">Task type</th>
              <th scope="col" className="table__number">
                Assigned
              </th>
              <th scope="col" className="table__number">
                Completed
              </th>
              <th scope="col" className="table__number">
                Overdue
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tasksByType.map((row) => (
              <tr key={row.type}>
                <th scope="row">{TASK_TYPE_LABELS[row.type]}</th>
                <td data-label="Assigned" className="table__number">
                  <Figure value={row.assigned} />
                </td>
                <td data-label="Completed" className="table__number">
                  <Figure value={row.completed} />
                </td>
                <td data-label="Overdue" className="table__number">
                  <Figure value={row.overdue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title="Scores by task type"
        id="report-scores"
        action={<ExportButton table="scores" filters={filters} label="Export CSV of scores by task type" />}
        note="Attempts completed in the period. Score: the Pronunciation score, or the share of multiple-choice questions with an expected answer chosen right. Speech: the means of the recordings heard."
      >
        <table className="table table--stack">
          <caption className="visually-hidden">Scores by task type</caption>
          <thead>
            <tr>
              <th scope="col">Task type</th>
              <th scope="col" className="table__number">
                Avg. score
              </th>
              <th scope="col" className="table__number">
                Recordings
              </th>
              <th scope="col" className="table__number">
                Pronunciation
              </th>
              <th scope="col" className="table__number">
                Pace (wpm)
              </th>
              <th scope="col" className="table__number">
                Fillers / 100 words
              </th>
            </tr>
          </thead>
          <tbody>
            {data.scoresByType.map((row) => (
              <tr key={row.type}>
                <th scope="row">{TASK_TYPE_LABELS[row.type]}</th>
                <td data-label="Avg. score" className="table__number">
                  {maybe(row.averageScore)}
                  {row.scoredAttempts ? (
                    <span className="report-card__count"> ({compactNumber(row.scoredAttempts)})</span>
                  ) : null}
                </td>
                <td data-label="Recordings" className="table__number">
                  <Figure value={row.recordings} />
                </td>
                <td data-label="Pronunciation" className="table__number">
                  {maybe(row.pronunciation)}
                </td>
                <td data-label="Pace (wpm)" className="table__number">
                  {maybe(row.wordsPerMinute)}
                </td>
                <td data-label="Fillers / 100 words" className="table__number">
                  {maybe(row.fillersPer100Words)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title="Survey response rates"
        id="report-surveys"
        action={
          <ExportButton table="surveys" filters={filters} label="Export CSV of survey response rates" />
        }
        note="Surveys open in the period: the members who have each one today and how many of them answered."
      >
        {data.surveys.length === 0 ? (
          <EmptyState
            title="No survey was open in this period"
            description="Published surveys appear here."
          />
        ) : (
          <table className="table table--stack">
            <caption className="visually-hidden">Survey response rates</caption>
            <thead>
              <tr>
                <th scope="col">Survey</th>
                <th scope="col">Status</th>
                <th scope="col" className="table__number">
                  Assigned
                </th>
                <th scope="col" className="table__number">
                  Responded
                </th>
                <th scope="col" className="table__number">
                  Response rate
                </th>
              </tr>
            </thead>
            <tbody>
              {data.surveys.map((survey) => (
                <tr key={survey._id}>
                  <th scope="row">{survey.title}</th>
                  <td data-label="Status">{survey.status}</td>
                  <td data-label="Assigned" className="table__number">
                    <Figure value={survey.assigned} />
                  </td>
                  <td data-label="Responded" className="table__number">
                    <Figure value={survey.responded} />
                  </td>
                  <td data-label="Response rate" className="table__number">
                    {maybe(survey.rate, '%')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableCard>
    </>
  );
};

const memberPath = (id: string) => fillPath(paths.enterprise.memberDetail, { id });

const MemberTable = ({ filters }: { filters: Filters }) => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<MemberReportSort>>({ by: 'name', direction: 'asc' });
  const extra = {
    ...(searchInput ? { searchInput } : {}),
    sortBy: sort.by,
    sortOrder: sort.direction,
  };
  const list = usePagedList(JSON.stringify({ filters, extra }), (currentPage) =>
    api.call(enterpriseReports.members, { ...filters, ...extra, currentPage }),
  );
  const header = (column: MemberReportSort, label: string) => (
    <SortHeader column={column} sort={sort} onSort={setSort}>
      {label}
    </SortHeader>
  );
  return (
    <TableCard
      title="Members"
      id="report-members"
      action={<ExportButton table="members" filters={filters} extra={extra} label="Export CSV of members" />}
      note="Each member's activity in the period; open a member for their tasks and speaking trend."
    >
      <div className="report-card__search">
        <SearchBox
          label="Search members"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable<MemberReportRow>
        list={list}
        noun="members"
        empty={{ title: 'No member matches', description: 'Try another search, group or period.' }}
        head={
          <>
            {header('name', 'Member')}
            {header('activeDays', 'Active days')}
            {header('tasksAssigned', 'Assigned')}
            {header('tasksCompleted', 'Completed')}
            {header('tasksOverdue', 'Overdue')}
            {header('videosWatched', 'Videos')}
            {header('lastActive', 'Last active')}
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label="Member">
              <span className="report-member">
                <Link className="report-member__name report-link" to={memberPath(member._id)}>
                  {member.name}
                </Link>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label="Active days" className="table__number">
              <Figure value={member.activeDays} />
            </td>
            <td data-label="Assigned" className="table__number">
              <Figure value={member.tasksAssigned} />
            </td>
            <td data-label="Completed" className="table__number">
              <Figure value={member.tasksCompleted} />
            </td>
            <td data-label="Overdue" className="table__number">
              <Figure value={member.tasksOverdue} />
            </td>
            <td data-label="Videos" className="table__number">
              <Figure value={member.videosWatched} />
            </td>
            <td data-label="Last active" className="reports__nowrap">
              {formatUtcDay(member.lastActiveDay, 'Never')}
            </td>
          </tr>
        )}
      />
    </TableCard>
  );
};

/** /enterprise/reports (issue 17 item 2): the period's figures for the enterprise or the top-bar group. */
export const ReportsPage = () => {
  const group = useAtomValue(selectedGroupAtom);
  const [range, setRange] = useReportRange();
  const { startDate, endDate, reversed } = datesOf(range);
  const filters: Filters = {
    ...(group ? { groupId: group._id } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  };
  const key = JSON.stringify(filters);
  const { state, reload } = useLoad(key, () =>
    reversed
      ? Promise.reject(new Error('The start date must not be after the end date'))
      : api.call(enterpriseReports.overview, filters),
  );
  return (
    <div className="reports">
      <PageHeader
        title="Reports"
        description={
          group
            ? `Activity and progress of the members of ${group.name}. Change the group in the top bar.`
            : 'Activity and progress of all your members. Choose a group in the top bar to see one.'
        }
      />
      <div className="reports__toolbar">
        <ReportRangePicker value={range} onChange={setRange} />
        {state.status === 'ready' ? (
          <p className="reports__period">
            {formatUtcDay(state.data.from)} – {formatUtcDay(state.data.to)}
          </p>
        ) : null}
      </div>
      <LoadStates state={state} reload={() => void reload()} what="the report">
        {(data) => <Overview data={data} filters={filters} />}
      </LoadStates>
      {reversed ? null : <MemberTable filters={filters} />}
    </div>
  );
};
