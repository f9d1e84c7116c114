import type { Task } from '@coach/shared/contract/tasks';
import { conflict } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { assertTaskTypeOn } from '../common/features.ts';
import { groupAssignedMessage, peopleInGroups } from '../common/group-assigning.ts';
import { assertGroupInEnterprise, assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { insertAssignments, syncGroupTasks } from './group-task-sync.ts';
import { assertTasksInEnterprise } from './task-rows.ts';

// Assigning tasks to members and groups (the task library's side); group-task-sync.ts writes the assignments.

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
  // An empty group (a course's buyers' group before its first sale) gets nothing now: say so, not "already had".
  const groupMembers = await peopleInGroups(ctx.db, enterpriseId, groups);
  ctx.setMessage(groupAssignedMessage({ groups: groups.length, assigned, groupMembers }));
  return { assigned, groupMembers };
};
