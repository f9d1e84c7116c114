import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { TaskFigures } from '@coach/shared/contract/general';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * Task figures for the dashboard, a member's detail page and a group's detail page (issue 3 with issue 5): how
 * many assignments there are, how many are in progress, completed (within the range when one is given),
 * overdue, and completed but not reviewed yet.
 */
export const taskFigures = async (
  db: Db,
  {
    enterpriseId,
    userId,
    groupId,
    completedFrom,
    completedBefore,
  }: {
    enterpriseId: string;
    userId?: string | undefined;
    groupId?: string | undefined;
    completedFrom?: string | undefined;
    completedBefore?: string | undefined;
  },
): Promise<TaskFigures> => {
  const now = new Date().toISOString();
  const completed = TASK_STATUS.completed;
  let query = db.selectFrom('task_assignments as a').where('a.enterprise_id', '=', enterpriseId);
  if (userId) query = query.where('a.user_id', '=', userId);
  if (groupId)
    query = query.where('a.user_id', 'in', (eb) =>
      eb.selectFrom('group_members').select('user_id').where('group_id', '=', groupId),
    );
  const inRange =
    completedFrom && completedBefore
      ? sql<boolean>`a.completed_at >= ${completedFrom} and a.completed_at < ${completedBefore}`
      : sql<boolean>`1 = 1`;
  const row = await query
    .select([
      (eb) => eb.fn.countAll().as('assigned'),
      sql<number>`sum(case when a.status = ${TASK_STATUS.inProgress} then 1 else 0 end)`.as('in_progress'),
      sql<number>`sum(case when a.status = ${completed} and ${inRange} then 1 else 0 end)`.as('completed'),
      sql<number>`sum(case when a.status <> ${completed} and a.due_at < ${now} then 1 else 0 end)`.as(
        'overdue',
      ),
      sql<number>`sum(case when a.status = ${completed} and a.reviewed_at is null then 1 else 0 end)`.as(
        'pending_review',
      ),
    ])
    .executeTakeFirst();
  return {
    assigned: Number(row?.assigned ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
    completed: Number(row?.completed ?? 0),
    overdue: Number(row?.overdue ?? 0),
    pendingReview: Number(row?.pending_review ?? 0),
  };
};
