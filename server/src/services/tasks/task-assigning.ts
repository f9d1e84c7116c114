import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { Task } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { conflict } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dueAfter, nowIso } from '../common/clock.ts';
import { assertTaskTypeOn } from '../common/features.ts';
import { assertGroupInEnterprise, assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { queueAssignmentNotices } from '../organisation/notice-queue.ts';
import { CHUNK } from './task-assignment-rows.ts';
import { assertTasksInEnterprise } from './task-rows.ts';

// Assigning tasks to members and groups, and keeping groups' later joiners in step (the task library's side).

/** Inserts the (task, member) pairs that are not assigned yet; answers how many were new. */
const insertAssignments = async (
  db: Db,
  enterpriseId: string,
  pairs: { taskId: string; userId: string; expirySeconds: number }[],
  source: 'direct' | 'group',
) => {
  let inserted = 0;
  const at = nowIso();
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const chunk = pairs.slice(start, start + CHUNK);
    const result = await db
      .insertInto('task_assignments')
      .values(
        chunk.map((pair) => ({
          id: crypto.randomUUID(),
          enterprise_id: enterpriseId,
          task_id: pair.taskId,
          user_id: pair.userId,
          source,
          status: TASK_STATUS.notStarted,
          progress: 0,
          report: null,
          assigned_at: at,
          due_at: dueAfter(at, pair.expirySeconds),
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
      .returning(['user_id', 'task_id', 'due_at'])
      .execute();
    inserted += result.length;
    // Issue 38 item 9: the members are told by mail, once for all this transaction assigns them.
    await queueAssignmentNotices(db, enterpriseId, { tasks: result });
  }
  return inserted;
};

/** Tasks that can be assigned: the enterprise's, not archived, of a type whose feature is on. */
const liveTasks = async (ctx: ServiceContext, enterpriseId: string, taskIds: string[]) => {
  const tasks = await assertTasksInEnterprise(ctx.db, enterpriseId, taskIds);
  if (tasks.some((task) => Number(task.archived) === 1))
    throw conflict('An archived task cannot be assigned; restore it by creating it again');
  for (const task of tasks) assertTaskTypeOn(ctx, Number(task.type) as Task['type']);
  return tasks;
};

export const assignToMembers = async (
  ctx: ServiceContext,
  { taskIds, userIds }: { taskIds: string[]; userIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const tasks = await liveTasks(ctx, enterpriseId, taskIds);
  const members = await assertMembersInEnterprise(ctx.db, enterpriseId, userIds);
  const pairs = tasks.flatMap((task) =>
    members.map((userId) => ({ taskId: task.id, userId, expirySeconds: Number(task.expiry_seconds) })),
  );
  const assigned = await ctx.db
    .transaction()
    .execute((trx) => insertAssignments(trx, enterpriseId, pairs, 'direct'));
  ctx.setMessage(assignedMessage(assigned, pairs.length));
  return { assigned, alreadyAssigned: pairs.length - assigned };
};

const assignedMessage = (assigned: number, asked: number) =>
  assigned === asked
    ? `Assigned successfully (${assigned} new assignment${assigned === 1 ? '' : 's'})`
    : `Assigned successfully (${assigned} new, ${asked - assigned} already assigned)`;

/**
 * Assigns tasks to groups: their current members get the tasks now, and the group keeps the tasks so members
 * who join later get them too (syncGroupTasks runs wherever group membership changes).
 */
export const assignToGroups = async (
  ctx: ServiceContext,
  { taskIds, groupIds }: { taskIds: string[]; groupIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const tasks = await liveTasks(ctx, enterpriseId, taskIds);
  const groups = [...new Set(groupIds)];
  for (const groupId of groups) await assertGroupInEnterprise(ctx.db, enterpriseId, groupId);
  const at = nowIso();
  const assigned = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('task_group_assignments')
      .values(
        tasks.flatMap((task) =>
          groups.map((groupId) => ({
            task_id: task.id,
            group_id: groupId,
            enterprise_id: enterpriseId,
            assigned_at: at,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['task_id', 'group_id']).doNothing())
      .execute();
    return syncGroupTasks(trx, enterpriseId, { groupIds: groups });
  });
  ctx.setMessage(
    `Assigned to ${groups.length} group${groups.length === 1 ? '' : 's'} (${assigned} new assignments)`,
  );
  return { assigned };
};

/**
 * Gives members the tasks of their groups that they do not have yet. Called after group membership changes
 * (a member added to a group, a member's groups edited, an invitation with groups) and after a group
 * assignment; restricted to the given members or groups.
 */
export const syncGroupTasks = async (
  db: Db,
  enterpriseId: string,
  scope: { userIds?: string[]; groupIds?: string[] },
) => {
  let query = db
    .selectFrom('task_group_assignments as tga')
    .innerJoin('group_members as gm', 'gm.group_id', 'tga.group_id')
    .innerJoin('tasks as t', 't.id', 'tga.task_id')
    .where('tga.enterprise_id', '=', enterpriseId)
    .where('t.archived', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('task_assignments as ta')
            .select('ta.id')
            .whereRef('ta.task_id', '=', 'tga.task_id')
            .whereRef('ta.user_id', '=', 'gm.user_id'),
        ),
      ),
    )
    .select(['tga.task_id', 'gm.user_id', 't.expiry_seconds'])
    .distinct();
  if (scope.userIds) {
    if (scope.userIds.length === 0) return 0;
    query = query.where('gm.user_id', 'in', scope.userIds);
  }
  if (scope.groupIds) {
    if (scope.groupIds.length === 0) return 0;
    query = query.where('tga.group_id', 'in', scope.groupIds);
  }
  const missing = await query.execute();
  return insertAssignments(
    db,
    enterpriseId,
    missing.map((row) => ({
      taskId: row.task_id,
      userId: row.user_id,
      expirySeconds: Number(row.expiry_seconds),
    })),
    'group',
  );
};
