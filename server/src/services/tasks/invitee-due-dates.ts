import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { Db } from '../../db/connect.ts';
import { dueAfter } from '../common/clock.ts';

/**
 * An invitee's task clock starts when they join: a task assigned while the invitation waited is due its time after
 * the day they accept, not after the day it was assigned (invited on Monday to a 7-day task and joining on
 * Saturday, they had two days left, though they could not open it before). Only tasks not started move, and never
 * earlier; videos and surveys carry no due date per member.
 */
export const startTaskClocksOnJoining = async (db: Db, userId: string, joinedAt: string) => {
  const waiting = await db
    .selectFrom('task_assignments')
    .select(['id', 'assigned_at', 'due_at'])
    .where('user_id', '=', userId)
    .where('status', '=', TASK_STATUS.notStarted)
    .where('started_at', 'is', null)
    .where('assigned_at', '<', joinedAt)
    .execute();
  for (const row of waiting) {
    const due = dueAfter(joinedAt, (Date.parse(row.due_at) - Date.parse(row.assigned_at)) / 1000);
    if (due <= row.due_at) continue;
    await db
      .updateTable('task_assignments')
      .set({ due_at: due, updated_at: joinedAt })
      .where('id', '=', row.id)
      .execute();
  }
};
