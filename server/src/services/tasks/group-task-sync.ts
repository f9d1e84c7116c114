import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { Db } from '../../db/connect.ts';
import { dueAfter, nowIso } from '../common/clock.ts';
import { queueAssignmentNotices } from '../organisation/notice-queue.ts';

// Writing task assignments, and keeping groups' later joiners in step with the tasks assigned to their groups.

const CHUNK = 400;

/** Inserts the (task, member) pairs that are not assigned yet; answers how many were new. */
export const insertAssignments = async (
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
    // The members are told by mail, once for all this transaction assigns them.
    await queueAssignmentNotices(db, enterpriseId, { tasks: result });
  }
  return inserted;
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
