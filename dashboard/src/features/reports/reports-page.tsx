import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { TaskType } from '@coach/shared/constants/task-types';
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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
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

/**
 * A figure over 999 shown short: spec §5's "1.2k" in English (cut, never rounded up), the language's own
 * compact form elsewhere ("1.2万", "1.2 हज़ार"), cut the same way.
 */
const shortNumber = (value: number) => {
  if (Math.abs(value) < 1000) return formatNumber(value);
  if (currentLanguage() === 'en') return compactNumber(value);
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' });
};

/** A figure shown short over 999 (1.2k), the exact number in its title. */
const Figure = ({ value }: { value: number }) => (
  <span title={formatNumber(value)}>{shortNumber(value)}</span>
);

/** A mean that may not exist (no scored attempt, no recording). */
const maybe = (value: number | null) => (value === null ? '—' : formatNumber(value));

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
  const { t } = useTranslation('reports');
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
        notify.error(t('export.truncated', { max: formatNumber(USAGE_EXPORT_MAX_ROWS) }));
      else notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()} aria-label={label}>
      {t('export.button')}
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
  const { t } = useTranslation('reports');
  const series = useMemo(
    () => [
      { label: t('activity.activeMembers'), values: data.days.map((d) => d.activeMembers) },
      { label: t('activity.tasksCompleted'), values: data.days.map((d) => d.tasksCompleted) },
      { label: t('activity.videosWatched'), values: data.days.map((d) => d.videosWatched) },
    ],
    // `t` changes with the language: the chart's legend follows it.
    [data, t],
  );
  const typeName = (type: TaskType) => t(`tasks:types.${type}`);
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const quiet = data.days.every((d) => d.activeMembers + d.tasksCompleted + d.videosWatched === 0);
  return (
    <>
      <dl className="stats" aria-label={t('figures.label')}>
        <Stat
          label={t('figures.activeMembers')}
          value={data.activeMembers}
          note={t('figures.ofMembers', { count: data.members, total: formatNumber(data.members) })}
        />
        <Stat label={t('figures.tasksAssigned')} value={data.tasksAssigned} />
        <Stat label={t('figures.tasksCompleted')} value={data.tasksCompleted} />
        <Stat label={t('figures.overdue')} value={data.tasksOverdue} note={t('figures.overdueNote')} />
        <Stat label={t('figures.videosWatched')} value={data.videosWatched} />
        <Stat label={t('figures.recordings')} value={data.speech.recordings} />
      </dl>

      <TableCard
        title={t('activity.title')}
        id="report-activity"
        action={<ExportButton table="activity" filters={filters} label={t('activity.export')} />}
      >
        {quiet ? (
          <EmptyState title={t('activity.none')} description={t('activity.noneText')} />
        ) : (
          <Suspense fallback={<LoadingBlock label={t('activity.chartLoading')} />}>
            <ActivityChart days={days} series={series} />
          </Suspense>
        )}
        <table className="visually-hidden">
          <caption>{t('activity.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activity.day')}</th>
              <th scope="col">{t('activity.activeMembers')}</th>
              <th scope="col">{t('activity.tasksCompleted')}</th>
              <th scope="col">{t('activity.videosWatched')}</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <td>{formatUtcDayMonth(d.day)}</td>
                <td>{formatNumber(d.activeMembers)}</td>
                <td>{formatNumber(d.tasksCompleted)}</td>
                <td>{formatNumber(d.videosWatched)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title={t('tasks.title')}
        id="report-tasks"
        action={<ExportButton table="tasks" filters={filters} label={t('tasks.export')} />}
        note={t('tasks.note')}
      >
        <table className="table table--stack">
          <caption className="visually-hidden">{t('tasks.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.type')}</th>
              <th scope="col" className="table__number">
                {t('tasks.assigned')}
              </th>
              <th scope="col" className="table__number">
                {t('tasks.completed')}
              </th>
              <th scope="col" className="table__number">
                {t('tasks.overdue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tasksByType.map((row) => (
              <tr key={row.type}>
                <th scope="row">{typeName(row.type)}</th>
                <td data-label={t('tasks.assigned')} className="table__number">
                  <Figure value={row.assigned} />
                </td>
                <td data-label={t('tasks.completed')} className="table__number">
                  <Figure value={row.completed} />
                </td>
                <td data-label={t('tasks.overdue')} className="table__number">
                  <Figure value={row.overdue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title={t('scores.title')}
        id="report-scores"
        action={<ExportButton table="scores" filters={filters} label={t('scores.export')} />}
        note={t('scores.note')}
      >
        <table className="table table--stack">
          <caption className="visually-hidden">{t('scores.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scores.type')}</th>
              <th scope="col" className="table__number">
                {t('scores.average')}
              </th>
              <th scope="col" className="table__number">
                {t('scores.recordings')}
              </th>
              <th scope="col" className="table__number">
                {t('scores.pronunciation')}
              </th>
              <th scope="col" className="table__number">
                {t('scores.pace')}
              </th>
              <th scope="col" className="table__number">
                {t('scores.fillers')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.scoresByType.map((row) => (
              <tr key={row.type}>
                <th scope="row">{typeName(row.type)}</th>
                <td data-label={t('scores.average')} className="table__number">
                  {maybe(row.averageScore)}
                  {row.scoredAttempts ? (
                    <span className="report-card__count">
                      {' '}
                      {t('scores.attempts', { n: shortNumber(row.scoredAttempts) })}
                    </span>
                  ) : null}
                </td>
                <td data-label={t('scores.recordings')} className="table__number">
                  <Figure value={row.recordings} />
                </td>
                <td data-label={t('scores.pronunciation')} className="table__number">
                  {maybe(row.pronunciation)}
                </td>
                <td data-label={t('scores.pace')} className="table__number">
                  {maybe(row.wordsPerMinute)}
                </td>
                <td data-label={t('scores.fillers')} className="table__number">
                  {maybe(row.fillersPer100Words)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <TableCard
        title={t('surveys.title')}
        id="report-surveys"
        action={<ExportButton table="surveys" filters={filters} label={t('surveys.export')} />}
        note={t('surveys.note')}
      >
        {data.surveys.length === 0 ? (
          <EmptyState title={t('surveys.none')} description={t('surveys.noneText')} />
        ) : (
          <table className="table table--stack">
            <caption className="visually-hidden">{t('surveys.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('surveys.survey')}</th>
                <th scope="col">{t('surveys.status')}</th>
                <th scope="col" className="table__number">
                  {t('surveys.assigned')}
                </th>
                <th scope="col" className="table__number">
                  {t('surveys.responded')}
                </th>
                <th scope="col" className="table__number">
                  {t('surveys.rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.surveys.map((survey) => (
                <tr key={survey._id}>
                  <th scope="row">{survey.title}</th>
                  <td data-label={t('surveys.status')}>{t(`surveys.statuses.${survey.status}`)}</td>
                  <td data-label={t('surveys.assigned')} className="table__number">
                    <Figure value={survey.assigned} />
                  </td>
                  <td data-label={t('surveys.responded')} className="table__number">
                    <Figure value={survey.responded} />
                  </td>
                  <td data-label={t('surveys.rate')} className="table__number">
                    {survey.rate === null
                      ? '—'
                      : formatNumber(survey.rate / 100, { style: 'percent', maximumFractionDigits: 1 })}
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
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<MemberReportSort>>({ by: 'name', direction: 'asc' });
  const extra = {
    ...(searchInput ? { searchInput } : {}),
    sortBy: sort.by,
    sortOrder: sort.direction,
  };
  const list = usePagedList(
    [enterpriseReports.members.path, JSON.stringify({ filters, extra })],
    (currentPage) => api.call(enterpriseReports.members, { ...filters, ...extra, currentPage }),
  );
  const header = (column: MemberReportSort, label: string) => (
    <SortHeader column={column} sort={sort} onSort={setSort}>
      {label}
    </SortHeader>
  );
  return (
    <TableCard
      title={t('members.title')}
      id="report-members"
      action={<ExportButton table="members" filters={filters} extra={extra} label={t('members.export')} />}
      note={t('members.note')}
    >
      <div className="report-card__search">
        <SearchBox
          label={t('members.search')}
          placeholder={t('members.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable<MemberReportRow>
        list={list}
        noun={t('members.noun')}
        empty={{ title: t('members.noMatch'), description: t('members.noMatchText') }}
        head={
          <>
            {header('name', t('members.member'))}
            {header('activeDays', t('members.activeDays'))}
            {header('tasksAssigned', t('members.assigned'))}
            {header('tasksCompleted', t('members.completed'))}
            {header('tasksOverdue', t('members.overdue'))}
            {header('videosWatched', t('members.videos'))}
            {header('lastActive', t('members.lastActive'))}
          </>
        }
        row={(member) => (
          <tr key={member._id}>
            <td data-label={t('members.member')}>
              <span className="report-member">
                <Link className="report-member__name report-link" to={memberPath(member._id)}>
                  {member.name}
                </Link>
                <span className="report-member__email">{member.email}</span>
              </span>
            </td>
            <td data-label={t('members.activeDays')} className="table__number">
              <Figure value={member.activeDays} />
            </td>
            <td data-label={t('members.assigned')} className="table__number">
              <Figure value={member.tasksAssigned} />
            </td>
            <td data-label={t('members.completed')} className="table__number">
              <Figure value={member.tasksCompleted} />
            </td>
            <td data-label={t('members.overdue')} className="table__number">
              <Figure value={member.tasksOverdue} />
            </td>
            <td data-label={t('members.videos')} className="table__number">
              <Figure value={member.videosWatched} />
            </td>
            <td data-label={t('members.lastActive')} className="reports__nowrap">
              {formatUtcDay(member.lastActiveDay, t('members.never'))}
            </td>
          </tr>
        )}
      />
    </TableCard>
  );
};

/** /enterprise/reports (issue 17 item 2): the period's figures for the enterprise or the top-bar group. */
export const ReportsPage = () => {
  const { t } = useTranslation('reports');
  const group = useAtomValue(selectedGroupAtom);
  const [range, setRange] = useReportRange();
  const { startDate, endDate, reversed } = datesOf(range);
  const filters: Filters = {
    ...(group ? { groupId: group._id } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  };
  const key = JSON.stringify(filters);
  const { state, reload } = useLoad([enterpriseReports.overview.path, key], () =>
    reversed ? Promise.reject(new Error(t('range.reversed'))) : api.call(enterpriseReports.overview, filters),
  );
  return (
    <div className="reports">
      <PageHeader
        title={t('title')}
        description={group ? t('descriptionIn', { group: group.name }) : t('description')}
      />
      <div className="reports__toolbar">
        <ReportRangePicker value={range} onChange={setRange} />
        {state.status === 'ready' ? (
          <p className="reports__period">
            {t('period', { from: formatUtcDay(state.data.from), to: formatUtcDay(state.data.to) })}
          </p>
        ) : null}
      </div>
      <LoadStates state={state} reload={() => void reload()} what={t('what')}>
        {(data) => <Overview data={data} filters={filters} />}
      </LoadStates>
      {reversed ? null : <MemberTable filters={filters} />}
    </div>
  );
};
