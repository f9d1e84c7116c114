import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { ReportRange } from '../../common/report-range.ts';
import type { ServiceContext } from '../../context.ts';

// Small pieces of the reports' queries and figures, shared by the enterprise's reports and the admin's.

/** Whose figures an enterprise report reads: the caller's enterprise, one group's members or all, the range. */
export type Scope = { enterpriseId: string; groupId: string | undefined; range: ReportRange };

/** A count as the database answers it (number, numeric text or bigint; null for none) as a number. */
export const count = (value: unknown) => Number(value ?? 0);
export const mean = (sum: number, n: number) => (n === 0 ? null : sum / n);
export const whole = (value: number | null) => (value === null ? null : Math.round(value));
export const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The day (YYYY-MM-DD) of an ISO timestamp column, to group by. */
export const dayOfTs = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** `column in (the group's members)`, or true without a group. */
export const inGroup = (column: string, groupId: string | undefined) =>
  groupId
    ? sql<boolean>`${sql.ref(column)} in (select user_id from group_members where group_id = ${groupId})`
    : sql<boolean>`1 = 1`;

/** Overdue means due in the range and before now: a day still to come cannot have been missed yet. */
export const overdueBefore = (range: ReportRange, now = new Date()) => {
  const nowTs = now.toISOString();
  // ISO texts compare as times: a day ('2025-01-02') sorts before every time of that day.
  if (nowTs < range.toTs) return nowTs;
  return range.toTs;
};

/** The scope's assignments completed in its range, joined to their tasks. */
export const completedInRange = (ctx: ServiceContext, { enterpriseId, groupId, range }: Scope) =>
  ctx.db
    .selectFrom('task_assignments as ta')
    .innerJoin('tasks as t', 't.id', 'ta.task_id')
    .where('ta.enterprise_id', '=', enterpriseId)
    .where('ta.status', '=', TASK_STATUS.completed)
    .where('ta.completed_at', '>=', range.fromTs)
    .where('ta.completed_at', '<', range.toTs)
    .where(inGroup('ta.user_id', groupId));

/**
 * One member's rows in the range, for correlated counts beside `users` (per member of a page or an export): the
 * assignments they completed and the videos they viewed. Status and action are compared as expressions (`+ 0`,
 * `|| ''`) so SQLite keeps to the per-user indexes instead of the time indexes, which would scan every completed
 * task (or every view) once per member.
 */
export const completedByMember = (db: Db, range: ReportRange) =>
  db
    .selectFrom('task_assignments as ta')
    .where('ta.user_id', '=', sql.ref<string>('users.id'))
    .where(sql`ta.status + 0`, '=', TASK_STATUS.completed)
    .where('ta.completed_at', '>=', range.fromTs)
    .where('ta.completed_at', '<', range.toTs);

export const viewedByMember = (db: Db, range: ReportRange) =>
  db
    .selectFrom('content_actions as ca')
    .where('ca.user_id', '=', sql.ref<string>('users.id'))
    .where(sql`ca.action || ''`, '=', 'viewed')
    .where('ca.created_at', '>=', range.fromTs)
    .where('ca.created_at', '<', range.toTs);
