import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseReports, MemberReportRow, MemberReportSort } from '@coach/shared/contract/reports';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { joinedAt } from '../../common/joined.ts';
import { containsPattern } from '../../common/lists.ts';
import type { ServiceContext } from '../../context.ts';
import {
  completedByMember,
  count,
  inGroup,
  overdueBefore,
  type Scope,
  viewedByMember,
} from './report-sql.ts';

// The per-member table of an enterprise's reports: its page and its CSV export read the same rows.

/** How the member table is searched and sorted (the page and the export ask alike). */
type MemberQuery = Pick<
  ParsedRequestOf<typeof enterpriseReports.members>,
  'searchInput' | 'sortBy' | 'sortOrder'
>;

/**
 * The members the table lists: those who had joined by the range's end (an invitee on accepting: joinedAt). A
 * manager reading a past month sees the people who could have been active then, as the report's "of N members"
 * counts them (enterprise-overview.ts).
 */
export const memberQuery = (
  ctx: ServiceContext,
  { enterpriseId, groupId, range }: Scope,
  searchInput: string | undefined,
) => {
  let q = ctx.db
    .selectFrom('users')
    .where('users.enterprise_id', '=', enterpriseId)
    .where(joinedAt(), '<', range.toTs)
    .where(inGroup('users.id', groupId));
  if (searchInput) {
    const pattern = containsPattern(searchInput);
    q = q.where(
      sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  return q;
};

/**
 * Each member's figures as correlated counts over the per-user indexes (status compared as `+ 0`, as in the
 * admin's usage report, so SQLite does not walk the enterprise-wide time indexes once per member). The last
 * active day is '' rather than null so both dialects sort it the same way.
 * The last active day is the latest up to the range's end, not the latest ever: a manager reading a past month
 * sees who had gone quiet by then (a day before the range), and no date after the period the figures are for.
 * For the default range, which ends today, it is the latest ever.
 */
const memberRows = (ctx: ServiceContext, scope: Scope, searchInput: string | undefined) => {
  const { range } = scope;
  const dueBefore = overdueBefore(range);
  const completed = TASK_STATUS.completed;
  return memberQuery(ctx, scope, searchInput)
    .select(['users.id', 'users.name', 'users.email'])
    .select((eb: ExpressionBuilder<Database, 'users'>) => [
      eb
        .selectFrom('activity_days as ad')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('ad.user_id', '=', 'users.id')
        .where('ad.day', '>=', range.from)
        .where('ad.day', '<=', range.to)
        .as('active_days'),
      eb
        .selectFrom('task_assignments as ta')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('ta.user_id', '=', 'users.id')
        .where('ta.assigned_at', '>=', range.fromTs)
        .where('ta.assigned_at', '<', range.toTs)
        .as('tasks_assigned'),
      completedByMember(ctx.db, range)
        .select((sub) => sub.fn.countAll().as('n'))
        .as('tasks_completed'),
      eb
        .selectFrom('task_assignments as ta')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('ta.user_id', '=', 'users.id')
        .where(sql`ta.status + 0`, '<>', completed)
        .where('ta.due_at', '>=', range.fromTs)
        .where('ta.due_at', '<', dueBefore)
        .as('tasks_overdue'),
      viewedByMember(ctx.db, range)
        .select((sub) => sub.fn.countAll().as('n'))
        .as('videos'),
      sql<string>`coalesce((select max(ad.day) from activity_days as ad where ad.user_id = users.id and ad.day <= ${range.to}), '')`.as(
        'last_day',
      ),
    ]);
};

const SORT_COLUMNS: Record<MemberReportSort, string> = {
  name: 'name',
  activeDays: 'active_days',
  tasksAssigned: 'tasks_assigned',
  tasksCompleted: 'tasks_completed',
  tasksOverdue: 'tasks_overdue',
  videosWatched: 'videos',
  lastActive: 'last_day',
};

export const sortedMembers = (ctx: ServiceContext, scope: Scope, input: MemberQuery) => {
  const by = input.sortBy ?? 'name';
  const order = input.sortOrder ?? 'asc';
  const rows = memberRows(ctx, scope, input.searchInput);
  const byName = by === 'name' ? rows : rows.orderBy(sql.ref(SORT_COLUMNS[by]), order);
  return byName.orderBy(sql`lower(users.name)`, by === 'name' ? order : 'asc').orderBy('users.id');
};

type Row = Awaited<ReturnType<ReturnType<typeof memberRows>['execute']>>[number];
export const toMemberRow = (row: Row): MemberReportRow => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  activeDays: count(row.active_days),
  tasksAssigned: count(row.tasks_assigned),
  tasksCompleted: count(row.tasks_completed),
  tasksOverdue: count(row.tasks_overdue),
  videosWatched: count(row.videos),
  lastActiveDay: row.last_day || null,
});
