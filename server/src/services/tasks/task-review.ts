import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { PendingReviewRow, Task, TaskMemberRow, tasks } from '@coach/shared/contract/tasks';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import {
  cappedPage,
  filterOnly,
  MEMBER_WALK,
  memberHits,
  memberMatches,
  SEARCH_CAP,
} from '../common/capped-search.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertGroupInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { tellMemberOfFeedback } from '../organisation/notice-queue.ts';
import { loadAssignment } from './assignment-detail.ts';
import { findAssignment, isOverdue, splitReport, statusOf } from './task-assignment-rows.ts';
import { loadTask, toTasks } from './task-rows.ts';

// Review (the dashboard's task-review feature, task-library permission): who has a task, a member's answers
// and interview messages, feedback, marking reviewed, and the pending-review list.

const loadMember = async (db: Db, enterpriseId: string, userId: string) => {
  const member = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'avatar_url'])
    .where('id', '=', userId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!member) throw notFound('Member not found');
  return member;
};

export const memberTaskData = async (
  ctx: ServiceContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const [taskRow, member] = await Promise.all([
    loadTask(ctx.db, enterpriseId, taskId),
    loadMember(ctx.db, enterpriseId, userId),
  ]);
  const assignment = await findAssignment(ctx.db, enterpriseId, taskId, userId);
  const [task] = await toTasks(ctx.db, [taskRow]);
  return {
    task: task as Task,
    member: { _id: member.id, name: member.name, email: member.email, avatarUrl: member.avatar_url },
    assignment: await loadAssignment(ctx.db, assignment),
  };
};

/**
 * The interview messages (spec §3) of a member's type-6 task: the conversation as far as it went, the coach's
 * summing up and the reviewer's feedback (interview.ts).
 */
export const interviewMessages = async (
  ctx: ServiceContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const { task, assignment } = await memberTaskData(ctx, { taskId, userId });
  if (task.type !== TASK_TYPES.getInterviewReady)
    throw validation('taskId', 'This is not a Get Interview Ready task');
  return { messages: assignment.interview };
};

const completedAssignment = async (ctx: ServiceContext, taskId: string, userId: string) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadTask(ctx.db, enterpriseId, taskId);
  await loadMember(ctx.db, enterpriseId, userId);
  const row = await findAssignment(ctx.db, enterpriseId, taskId, userId);
  if (Number(row.status) !== TASK_STATUS.completed)
    throw new AppError(409, 'CONFLICT', 'The member has not completed this task yet');
  return row;
};

export const addFeedback = async (
  ctx: ServiceContext,
  { taskId, userId, feedback }: { taskId: string; userId: string; feedback: string },
) => {
  const row = await completedAssignment(ctx, taskId, userId);
  const at = nowIso();
  await ctx.db
    .updateTable('task_assignments')
    .set({ feedback, feedback_at: at, updated_at: at })
    .where('id', '=', row.id)
    .execute();
  // The member is told by mail (not again for the same words saved twice).
  if (feedback !== row.feedback) await tellMemberOfFeedback(ctx, { taskId, userId });
  ctx.setMessage('Feedback sent to the member');
  return loadAssignment(ctx.db, { ...row, feedback, feedback_at: at });
};

export const markReviewed = async (
  ctx: ServiceContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const s = enterpriseSession(ctx);
  const row = await completedAssignment(ctx, taskId, userId);
  const at = row.reviewed_at ?? nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('task_assignments')
      .set({ reviewed_at: at, reviewed_by: s.user.id, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    // Marked once: marking again keeps the first time and says nothing new.
    if (!row.reviewed_at)
      await emitEvent(trx, {
        enterpriseId: s.enterpriseId,
        type: 'task.reviewed',
        memberId: userId,
        data: { taskId, assignmentId: row.id, reviewerId: s.user.id },
      });
  });
  ctx.setMessage('Marked as reviewed');
  return loadAssignment(ctx.db, { ...row, reviewed_at: at });
};

/** get-members-by-taskid: who has the task and how far they are, 10 a page by name. */
export const membersOfTask = async (
  ctx: ServiceContext,
  {
    taskId,
    searchQuery,
    currentPage,
  }: { taskId: string; searchQuery?: string | undefined; currentPage: number },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadTask(ctx.db, enterpriseId, taskId);
  const pageSize = 10;
  let query = ctx.db
    .selectFrom('task_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.task_id', '=', taskId)
    .where('a.enterprise_id', '=', enterpriseId);
  if (searchQuery) {
    const pattern = containsPattern(searchQuery);
    query = query.where(
      sql<boolean>`(lower(u.name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`,
    );
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    query
      .select([
        'u.id',
        'u.name',
        'u.email',
        'a.source',
        'a.status',
        'a.progress',
        'a.due_at',
        'a.completed_at',
        'a.reviewed_at',
        'a.report',
      ])
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
  ]);
  const listdata: TaskMemberRow[] = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    source: row.source === 'group' ? 'group' : 'direct',
    taskStatus: statusOf(row.status),
    progress: Number(row.progress),
    dueAt: row.due_at,
    overdue: isOverdue(row.due_at, row.status),
    completedAt: row.completed_at,
    reviewedAt: row.reviewed_at,
    passed: splitReport(row.report).pronunciation?.passed ?? null,
  }));
  return pageOf(listdata, { currentPage, pageSize, total: Number(total?.n ?? 0) });
};

const REVIEW_SORT = { name: 'u.name', taskName: 't.title', completedAt: 'a.completed_at' } as const;

/**
 * Completed, not yet reviewed attempts (spec §7, §9: 10 a page, by name ascending by default). The filters
 * work on task_assignments alone (its review index counts them); by name without a search, the page walks the
 * members' name index and stops after one page instead of sorting every pending attempt; a search starts from
 * the (few) matching members instead.
 */
export const pendingReview = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof tasks.getCompletedTasksPendingReview>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  if (input.selected_group) await assertGroupInEnterprise(ctx.db, enterpriseId, input.selected_group);
  // No a.enterprise_id here: the members' join (or the count's tenant term) scopes the rows, and leaving it out
  // keeps SQLite on the per-member index when it walks members by name.
  const conditions = [sql<boolean>`a.status = ${TASK_STATUS.completed}`, sql<boolean>`a.reviewed_at is null`];
  if (input.selected_group)
    conditions.push(
      sql<boolean>`a.user_id in (select group_members.user_id from group_members where group_members.group_id = ${input.selected_group})`,
    );
  const pending = sql<boolean>`${sql.join(conditions, sql` and `)}`;
  // The same terms from a task to its attempts: they are read from their own partial index (migrations 034, 038),
  // whose terms the database must see, so the status is a literal.
  const pendingOfTask = sql<boolean>`${sql.join(
    [sql<boolean>`a.status = ${sql.lit(TASK_STATUS.completed)}`, ...conditions.slice(1)],
    sql` and `,
  )}`;
  // A search ranks and counts at most SEARCH_CAP pending attempts (capped-search.ts): those of the first matching
  // members and of the tasks whose title matches, each read from its index and stopped.
  if (input.searchInput)
    return searchPending(ctx, enterpriseId, input, input.searchInput, pending, pendingOfTask);
  // By date or task, SQLite must not read 038's partial index: it took the tasks one by one and sorted every pending
  // attempt (100 ms on the bench's 33,000, against 37 before the index), where by date 015's (status, completed_at)
  // index walks them in date order and stops after the page. "+" hides the term from the index, not its meaning.
  const pendingInOrder =
    ctx.dbKind === 'sqlite'
      ? sql<boolean>`${sql.join([conditions[0], sql<boolean>`+a.reviewed_at is null`, ...conditions.slice(2)], sql` and `)}`
      : pending;
  const columns = [
    'a.id',
    'a.task_id',
    'a.user_id',
    'u.name',
    'u.email',
    't.title',
    't.type',
    'a.completed_at',
  ] as const;
  const rowsQuery =
    input.sort_by === 'name'
      ? // CROSS JOIN keeps SQLite's join order: members by name first (PostgreSQL plans it as an inner join).
        ctx.db
          .selectFrom('users as u')
          .crossJoin('task_assignments as a')
          .innerJoin('tasks as t', 't.id', 'a.task_id')
          .whereRef('a.user_id', '=', 'u.id')
          .where('u.enterprise_id', '=', enterpriseId)
          .where(pending)
          .select(columns)
          .orderBy('u.name', input.sort_type)
          .orderBy('a.id')
      : ctx.db
          .selectFrom('task_assignments as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .innerJoin('tasks as t', 't.id', 'a.task_id')
          .where('a.enterprise_id', '=', enterpriseId)
          .where(pendingInOrder)
          .select(columns)
          .orderBy(REVIEW_SORT[input.sort_by], input.sort_type)
          .orderBy('a.id');
  const [total, rows] = await Promise.all([
    ctx.db
      .selectFrom('task_assignments as a')
      .where('a.enterprise_id', '=', enterpriseId)
      .where(pending)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    rowsQuery
      .limit(input.limit)
      .offset((input.currentPage - 1) * input.limit)
      .execute(),
  ]);
  return pageOf(rows.map(toPendingRow), {
    currentPage: input.currentPage,
    pageSize: input.limit,
    total: Number(total?.n ?? 0),
  });
};

type PendingRowColumns = {
  id: string;
  task_id: string;
  user_id: string;
  name: string;
  email: string;
  title: string;
  type: number | string;
  completed_at: string | null;
};

const toPendingRow = (row: PendingRowColumns): PendingReviewRow => ({
  _id: row.id,
  taskId: row.task_id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  taskName: row.title,
  taskType: Number(row.type) as Task['type'],
  completedAt: row.completed_at ?? '',
});

/**
 * The pending-review search in one statement, as PostgreSQL's member search: the matching members'
 * pending attempts and those of the tasks whose title matches, each part capped, then the page sorted and counted
 * from at most SEARCH_CAP attempts. Sending the 500 member ids back as an array to find their attempts, and then
 * the attempts' ids to find their rows, held PostgreSQL to 90 searches a second. SQLite ran three statements, the
 * last looking the 500 sampled attempts up again by id.
 */
const searchPending = async (
  ctx: ServiceContext,
  enterpriseId: string,
  input: { currentPage: number; limit: number; sort_by: keyof typeof REVIEW_SORT; sort_type: 'asc' | 'desc' },
  search: string,
  pending: RawBuilder<boolean>,
  pendingOfTask: RawBuilder<boolean>,
) => {
  const direction = input.sort_type === 'desc' ? sql`desc` : sql`asc`;
  const sortColumn = { name: sql`a.name`, taskName: sql`t.title`, completedAt: sql`a.completed_at` }[
    input.sort_by
  ];
  const ofTenant = filterOnly(ctx, 'a.enterprise_id', enterpriseId);
  // The matching members in their index's order, each joined to their pending attempts, until SEARCH_CAP + 1
  // attempts (MEMBER_WALK: members with nothing to review do not use the cap up). The walk is read only as far
  // as by_member needs: PostgreSQL reads a materialized CTE on demand, and SQLite runs a subquery with a limit as a
  // coroutine (its MATERIALIZED would run the whole walk first). PostgreSQL: hits carries the members' columns
  // from its one trigram scan, and LATERAL with a limit keeps it on each member's index (a plain join became a
  // hash join over every pending attempt). SQLite: hits streams from the FTS5 index and CROSS JOIN keeps the
  // order written, so a member's columns are looked up only for the attempts found (joined to the member first, it
  // looked up all 1,111 members "member 42" matches: half of that search's time).
  const byMember =
    ctx.dbKind === 'postgres'
      ? sql`hits as materialized (
          select users.id, users.name, users.email from users
          where users.enterprise_id = ${enterpriseId} and ${await memberMatches(ctx, search)}
          limit ${MEMBER_WALK}),
        by_member as materialized (
          select a.id, a.task_id, h.id as user_id, h.name, h.email, a.completed_at
          from hits h
          cross join lateral (
            select a.id, a.task_id, a.completed_at from task_assignments a
            where a.user_id = h.id and ${pending} and ${ofTenant}
            limit ${SEARCH_CAP + 1}) a
          limit ${SEARCH_CAP + 1})`
      : sql`by_member as materialized (
          select a.id, a.task_id, a.user_id, u.name, u.email, a.completed_at
          from (${await memberHits(ctx, enterpriseId, search, MEMBER_WALK)}) h
          cross join task_assignments a cross join users u
          where a.user_id = h.user_id and ${pending} and ${ofTenant} and u.id = a.user_id
          limit ${SEARCH_CAP + 1})`;
  // Each part carries the columns the page shows, so the page only joins the enterprise's tasks: no attempt or
  // member is looked up twice. by_task goes from the (few) matching tasks to their attempts (CROSS JOIN), never from
  // every completed attempt. found keeps an attempt both parts hold once, by its id (a union compared every column
  // of 500 rows), and is counted directly (a window over the page's join cost more). found holds both parts, so it
  // is over the cap whenever either is. The page looks each attempt's task up (CROSS JOIN: SQLite otherwise scanned
  // the tasks and indexed found to join it).
  const page = (offset: number) =>
    sql<PendingRowColumns & { found_count: number | string }>`
      with ${byMember},
      by_task as materialized (
        select a.id, a.task_id, u.id as user_id, u.name, u.email, a.completed_at
        from tasks cross join task_assignments a inner join users u on u.id = a.user_id
        where a.task_id = tasks.id and tasks.enterprise_id = ${enterpriseId}
          and lower(tasks.title) like ${containsPattern(search)} escape '\\' and ${pendingOfTask}
        limit ${SEARCH_CAP + 1}),
      found as materialized (
        select * from by_member
        union all
        select * from by_task t where not exists (select 1 from by_member m where m.id = t.id))
      select a.id, a.task_id, a.user_id, a.name, a.email, t.title, t.type, a.completed_at,
        (select count(*) from found) as found_count
      from (select * from found limit ${SEARCH_CAP}) a
      cross join tasks t where t.id = a.task_id
      order by ${sortColumn} ${direction}, a.id
      limit ${input.limit} offset ${offset}`.execute(ctx.db);
  const { rows } = await page((input.currentPage - 1) * input.limit);
  // A page past the end has no row to carry the count: the first page does (or nothing matched).
  const counted = rows[0] ?? (input.currentPage > 1 ? (await page(0)).rows[0] : undefined);
  if (!counted) return pageOf([], { currentPage: input.currentPage, pageSize: input.limit, total: 0 });
  const found = Number(counted.found_count);
  return cappedPage(rows.map(toPendingRow), {
    currentPage: input.currentPage,
    pageSize: input.limit,
    matched: Math.min(found, SEARCH_CAP),
    capped: found > SEARCH_CAP,
  });
};
