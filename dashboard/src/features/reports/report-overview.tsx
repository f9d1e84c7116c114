import type { TaskType } from '@coach/shared/constants/task-types';
import type { EnterpriseReport } from '@coach/shared/contract/reports';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, shortNumber } from '../../i18n/format.ts';
import { formatUtcDayMonth } from '../../lib/dates.ts';
import { type Column, ReportTable } from '../../ui/report-table.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { ExportButton, Figure, type Filters, maybe, TableCard } from './report-parts.tsx';

const ActivityChart = lazy(() => import('../../ui/activity-chart.tsx'));

type Day = EnterpriseReport['days'][number];
type TaskRow = EnterpriseReport['tasksByType'][number];
type ScoreRow = EnterpriseReport['scoresByType'][number];
type SurveyRow = EnterpriseReport['surveys'][number];

const Stat = ({ label, value, note }: { label: string; value: number; note?: string }) => (
  <div className="stat">
    <dt className="stat__label">{label}</dt>
    <dd className="stat__value">
      <Figure value={value} />
    </dd>
    {note ? <dd className="stat__note">{note}</dd> : null}
  </div>
);

/** The columns of the report's tables, each declared once. */
const useColumns = () => {
  const { t } = useTranslation('reports');
  const typeName = (type: TaskType) => t(`tasks:types.${type}`);
  const days: Column<Day, never>[] = [
    { header: t('activity.day'), cell: (d) => formatUtcDayMonth(d.day) },
    { header: t('activity.activeMembers'), cell: (d) => formatNumber(d.activeMembers) },
    { header: t('activity.tasksCompleted'), cell: (d) => formatNumber(d.tasksCompleted) },
    { header: t('activity.videosWatched'), cell: (d) => formatNumber(d.videosWatched) },
  ];
  const tasks: Column<TaskRow, never>[] = [
    { header: t('tasks.type'), rowHeader: true, cell: (row) => typeName(row.type) },
    { header: t('tasks.assigned'), numeric: true, cell: (row) => <Figure value={row.assigned} /> },
    { header: t('tasks.completed'), numeric: true, cell: (row) => <Figure value={row.completed} /> },
    { header: t('tasks.overdue'), numeric: true, cell: (row) => <Figure value={row.overdue} /> },
  ];
  const scores: Column<ScoreRow, never>[] = [
    { header: t('scores.type'), rowHeader: true, cell: (row) => typeName(row.type) },
    {
      header: t('scores.average'),
      numeric: true,
      cell: (row) => {
        const attempts = row.scoredAttempts
          ? t('scores.attempts', { n: shortNumber(row.scoredAttempts) })
          : null;
        return (
          <>
            {maybe(row.averageScore)}
            {attempts ? (
              <span className="report-card__count">
                {/* A full-width bracket (Chinese) carries its own space. */}
                {attempts.startsWith('（') ? attempts : ` ${attempts}`}
              </span>
            ) : null}
          </>
        );
      },
    },
    { header: t('scores.recordings'), numeric: true, cell: (row) => <Figure value={row.recordings} /> },
    { header: t('scores.pronunciation'), numeric: true, cell: (row) => maybe(row.pronunciation) },
    { header: t('scores.pace'), numeric: true, cell: (row) => maybe(row.wordsPerMinute) },
    { header: t('scores.fillers'), numeric: true, cell: (row) => maybe(row.fillersPer100Words) },
  ];
  const surveys: Column<SurveyRow, never>[] = [
    { header: t('surveys.survey'), rowHeader: true, cell: (survey) => survey.title },
    { header: t('surveys.status'), cell: (survey) => t(`surveys.statuses.${survey.status}`) },
    { header: t('surveys.assigned'), numeric: true, cell: (survey) => <Figure value={survey.assigned} /> },
    { header: t('surveys.responded'), numeric: true, cell: (survey) => <Figure value={survey.responded} /> },
    {
      header: t('surveys.rate'),
      numeric: true,
      cell: (survey) =>
        survey.rate === null
          ? '—'
          : formatNumber(survey.rate / 100, { style: 'percent', maximumFractionDigits: 1 }),
    },
  ];
  return { days, tasks, scores, surveys };
};

/** The period's figures, its activity chart and the tables by task type and survey, each with its export. */
export const Overview = ({ data, filters }: { data: EnterpriseReport; filters: Filters }) => {
  const { t } = useTranslation('reports');
  const columns = useColumns();
  const series = useMemo(
    () => [
      { label: t('activity.activeMembers'), values: data.days.map((d) => d.activeMembers) },
      { label: t('activity.tasksCompleted'), values: data.days.map((d) => d.tasksCompleted) },
      { label: t('activity.videosWatched'), values: data.days.map((d) => d.videosWatched) },
    ],
    // `t` changes with the language: the chart's legend follows it.
    [data, t],
  );
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
        <Stat
          label={t('figures.tasksAssigned')}
          value={data.tasksAssigned}
          note={t('figures.assignedNote')}
        />
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
        <ReportTable
          caption={t('activity.title')}
          columns={columns.days}
          rows={data.days}
          rowKey={(d) => d.day}
          screenReaderOnly
        />
      </TableCard>

      <TableCard
        title={t('tasks.title')}
        id="report-tasks"
        action={<ExportButton table="tasks" filters={filters} label={t('tasks.export')} />}
        note={t('tasks.note')}
      >
        <ReportTable
          caption={t('tasks.title')}
          columns={columns.tasks}
          rows={data.tasksByType}
          rowKey={(row) => String(row.type)}
        />
      </TableCard>

      <TableCard
        title={t('scores.title')}
        id="report-scores"
        action={<ExportButton table="scores" filters={filters} label={t('scores.export')} />}
        note={t('scores.note')}
      >
        <ReportTable
          caption={t('scores.title')}
          columns={columns.scores}
          rows={data.scoresByType}
          rowKey={(row) => String(row.type)}
        />
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
          <ReportTable
            caption={t('surveys.title')}
            columns={columns.surveys}
            rows={data.surveys}
            rowKey={(survey) => survey._id}
          />
        )}
      </TableCard>
    </>
  );
};
