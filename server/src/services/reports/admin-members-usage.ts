import { DEFAULT_LANGUAGE } from '@coach/shared/constants/languages';
import {
  type adminReports,
  type MemberUsage,
  USAGE_EXPORT_MAX_ROWS,
  USAGE_PAGE_SIZE,
} from '@coach/shared/contract/admin-reports';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { csvText } from '../common/csv.ts';
import { hasJoined } from '../common/joined.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { type ReportRange as Range, resolveRange } from '../common/report-range.ts';
import type { ServiceContext } from '../context.ts';
import { assertEnterprise } from './internal/platform-sources.ts';
import { completedByMember, count, viewedByMember } from './internal/report-sql.ts';
import { USAGE_CSV_COLUMNS } from './report-csv-texts.ts';

// All members' usage (the admin's /admin/reports/all-members-usage): a page of it, and the whole of it as CSV.

/** The filters both calls take (the page adds its number). */
type UsageFilters = ParsedRequestOf<typeof adminReports.exportAllMembersUsage>;

/** The members the report lists, page and CSV alike: those who have joined (a pending invitee has no usage yet). */
const usageQuery = (ctx: ServiceContext, input: UsageFilters) => {
  let q = ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .where(hasJoined());
  if (input.enterpriseId) q = q.where('users.enterprise_id', '=', input.enterpriseId);
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    q = q.where(
      sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  return q;
};

/**
 * Each member's figures in the range, as correlated counts (only the page's members are counted) over the per-user
 * indexes, not the platform-wide time indexes the dashboard uses (completedByMember, viewedByMember).
 */
const usageRows = (ctx: ServiceContext, input: UsageFilters, range: Range) =>
  usageQuery(ctx, input)
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.enterprise_id',
      'enterprises.name as enterprise_name',
    ])
    .select((eb: ExpressionBuilder<Database, 'users' | 'enterprises'>) => [
      completedByMember(ctx.db, range)
        .select((sub) => sub.fn.countAll().as('n'))
        .as('tasks_completed'),
      completedByMember(ctx.db, range)
        .innerJoin('tasks as t', 't.id', 'ta.task_id')
        .select((sub) => sub.fn.sum('t.time_minutes').as('m'))
        .as('minutes'),
      viewedByMember(ctx.db, range)
        .select((sub) => sub.fn.countAll().as('n'))
        .as('videos'),
      eb
        .selectFrom('activity_days as ad')
        .select((sub) => sub.fn.max('ad.day').as('d'))
        .whereRef('ad.user_id', '=', 'users.id')
        .as('last_day'),
    ]);

type UsageRow = Awaited<ReturnType<ReturnType<typeof usageRows>['execute']>>[number];
const toUsage = (row: UsageRow): MemberUsage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  enterpriseId: row.enterprise_id,
  enterpriseName: row.enterprise_name,
  tasksCompleted: count(row.tasks_completed),
  minutesPractised: count(row.minutes),
  videosWatched: count(row.videos),
  lastActiveDay: (row.last_day as string | null) ?? null,
});

/** reports/get-all-members-usage: a page of members (by name) with their figures in the range. */
export const allMembersUsage = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminReports.allMembersUsage>,
) => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const total = count(
    (
      await usageQuery(ctx, input)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );
  const rows = await usageRows(ctx, input, range)
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(USAGE_PAGE_SIZE)
    .offset((input.currentPage - 1) * USAGE_PAGE_SIZE)
    .execute();
  return {
    ...pageOf(rows.map(toUsage), { currentPage: input.currentPage, pageSize: USAGE_PAGE_SIZE, total }),
    from: range.from,
    to: range.to,
  };
};

/** reports/export-all-members-usage: the report as CSV text, every matching member up to the cap. */
export const exportAllMembersUsage = async (ctx: ServiceContext, input: UsageFilters) => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const rows = await usageRows(ctx, input, range)
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(USAGE_EXPORT_MAX_ROWS + 1)
    .execute();
  const truncated = rows.length > USAGE_EXPORT_MAX_ROWS;
  const usage = rows.slice(0, USAGE_EXPORT_MAX_ROWS).map(toUsage);
  const csv = csvText(
    // The headers in the reader's language (English by default, as integrators have read them).
    USAGE_CSV_COLUMNS[input.language ?? DEFAULT_LANGUAGE],
    usage.map((u) => [
      u.name,
      u.email,
      u.enterpriseName,
      u.tasksCompleted,
      u.minutesPractised,
      u.videosWatched,
      u.lastActiveDay,
    ]),
  );
  ctx.setMessage(
    truncated
      ? `The first ${USAGE_EXPORT_MAX_ROWS} members exported`
      : `${usage.length} ${usage.length === 1 ? 'member' : 'members'} exported`,
  );
  return {
    filename: `members-usage-${range.from}-to-${range.to}.csv`,
    csv,
    rows: usage.length,
    truncated,
  };
};
