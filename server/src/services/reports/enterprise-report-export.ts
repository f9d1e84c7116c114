import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseReports } from '@coach/shared/contract/reports';
import { csvText } from '../common/csv.ts';
import type { ServiceContext } from '../context.ts';
import { overviewOf } from './internal/enterprise-overview.ts';
import { sortedMembers, toMemberRow } from './internal/member-rows.ts';
import { scopeOf } from './internal/report-scope.ts';

/** reports/export-report: one table of the report as CSV text (the admin export's defused cells). */
export const exportReportTable = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.exportTable>,
) => {
  const scope = await scopeOf(ctx, input);
  const { from, to } = scope.range;
  const filename = `report-${input.table}-${from}-to-${to}.csv`;
  const done = (csv: string, rows: number, truncated = false) => {
    ctx.setMessage(
      truncated
        ? `The first ${USAGE_EXPORT_MAX_ROWS} rows exported`
        : `${rows} ${rows === 1 ? 'row' : 'rows'} exported`,
    );
    return { filename, csv, rows, truncated };
  };
  if (input.table === 'members') {
    const rows = await sortedMembers(ctx, scope, input)
      .limit(USAGE_EXPORT_MAX_ROWS + 1)
      .execute();
    const truncated = rows.length > USAGE_EXPORT_MAX_ROWS;
    const members = rows.slice(0, USAGE_EXPORT_MAX_ROWS).map(toMemberRow);
    const csv = csvText(
      [
        'Member',
        'Email',
        'Active days',
        'Tasks assigned',
        'Tasks completed',
        'Tasks overdue',
        'Videos watched',
        'Last active',
      ],
      members.map((m) => [
        m.name,
        m.email,
        m.activeDays,
        m.tasksAssigned,
        m.tasksCompleted,
        m.tasksOverdue,
        m.videosWatched,
        m.lastActiveDay,
      ]),
    );
    return done(csv, members.length, truncated);
  }
  const report = await overviewOf(ctx, scope);
  if (input.table === 'activity')
    return done(
      csvText(
        ['Day', 'Active members', 'Tasks completed', 'Videos watched'],
        report.days.map((d) => [d.day, d.activeMembers, d.tasksCompleted, d.videosWatched]),
      ),
      report.days.length,
    );
  if (input.table === 'tasks')
    return done(
      csvText(
        ['Task type', 'Assigned', 'Completed', 'Overdue'],
        report.tasksByType.map((r) => [TASK_TYPE_LABELS[r.type], r.assigned, r.completed, r.overdue]),
      ),
      report.tasksByType.length,
    );
  if (input.table === 'surveys')
    return done(
      csvText(
        ['Survey', 'Status', 'Members assigned', 'Responded', 'Response rate (%)'],
        report.surveys.map((r) => [r.title, r.status, r.assigned, r.responded, r.rate]),
      ),
      report.surveys.length,
    );
  return done(
    csvText(
      [
        'Task type',
        'Scored attempts',
        'Average score',
        'Recordings heard',
        'Pronunciation',
        'Words per minute',
        'Fillers per 100 words',
      ],
      report.scoresByType.map((r) => [
        TASK_TYPE_LABELS[r.type],
        r.scoredAttempts,
        r.averageScore,
        r.recordings,
        r.pronunciation,
        r.wordsPerMinute,
        r.fillersPer100Words,
      ]),
    ),
    report.scoresByType.length,
  );
};
