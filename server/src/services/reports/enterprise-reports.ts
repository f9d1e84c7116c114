import { DEFAULT_LANGUAGE } from '@coach/shared/constants/languages';
import { USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type EnterpriseReport,
  type enterpriseReports,
  MEMBER_REPORT_PAGE_SIZE,
} from '@coach/shared/contract/reports';
import { enterpriseSession } from '../../session/session.ts';
import { csvText } from '../common/csv.ts';
import { pageOf } from '../common/lists.ts';
import { resolveRange } from '../common/report-range.ts';
import { assertGroupInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { overviewOf } from './internal/enterprise-overview.ts';
import { memberQuery, sortedMembers, toMemberRow } from './internal/member-rows.ts';
import { count, type Scope } from './internal/report-sql.ts';
import { REPORT_CSV_TEXTS } from './report-csv-texts.ts';

// An enterprise's reports (the /enterprise/reports screen): the range and its limits are the admin reports'
// (common/report-range.ts); every source is filtered by the caller's enterprise first, then by the group's current
// members when the top-bar group filter names one.

/** The filters every enterprise report call takes (the member table and the export add their own). */
type Filters = ParsedRequestOf<typeof enterpriseReports.overview>;

/** The caller's enterprise, the range, and the group (404 when it is another enterprise's or missing). */
const scopeOf = async (ctx: ServiceContext, input: Filters): Promise<Scope> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const range = resolveRange(input);
  if (input.groupId) await assertGroupInEnterprise(ctx.db, enterpriseId, input.groupId);
  return { enterpriseId, groupId: input.groupId, range };
};

/** reports/get-enterprise-report: the figures, the days and the per-type tables. */
export const enterpriseReport = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.overview>,
): Promise<EnterpriseReport> => overviewOf(ctx, await scopeOf(ctx, input));

/** reports/get-member-report: one page of the members' figures, searched and sorted. */
export const memberReport = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.members>,
) => {
  const scope = await scopeOf(ctx, input);
  const currentPage = input.currentPage ?? 1;
  const [total, rows] = await Promise.all([
    memberQuery(ctx, scope, input.searchInput)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    sortedMembers(ctx, scope, input)
      .limit(MEMBER_REPORT_PAGE_SIZE)
      .offset((currentPage - 1) * MEMBER_REPORT_PAGE_SIZE)
      .execute(),
  ]);
  return {
    ...pageOf(rows.map(toMemberRow), {
      currentPage,
      pageSize: MEMBER_REPORT_PAGE_SIZE,
      total: count(total?.n),
    }),
    from: scope.range.from,
    to: scope.range.to,
  };
};

/** reports/export-report: one table of the report as CSV text (the admin export's defused cells). */
export const exportReportTable = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.exportTable>,
) => {
  const scope = await scopeOf(ctx, input);
  const { from, to } = scope.range;
  const filename = `report-${input.table}-${from}-to-${to}.csv`;
  // The headers and the words in cells (task types, survey states) in the reader's language; English by default.
  const words = REPORT_CSV_TEXTS[input.language ?? DEFAULT_LANGUAGE];
  const headers = words.columns[input.table];
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
      headers,
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
        headers,
        report.days.map((d) => [d.day, d.activeMembers, d.tasksCompleted, d.videosWatched]),
      ),
      report.days.length,
    );
  if (input.table === 'tasks')
    return done(
      csvText(
        headers,
        report.tasksByType.map((r) => [words.taskTypes[r.type], r.assigned, r.completed, r.overdue]),
      ),
      report.tasksByType.length,
    );
  if (input.table === 'surveys')
    return done(
      csvText(
        headers,
        report.surveys.map((r) => [r.title, words.surveyStatuses[r.status], r.assigned, r.responded, r.rate]),
      ),
      report.surveys.length,
    );
  return done(
    csvText(
      headers,
      report.scoresByType.map((r) => [
        words.taskTypes[r.type],
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
