import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { Db } from '../../db/connect.ts';

// The member's open Video tasks (type 3) as the content library reads them: a video viewed in the player
// completes the ones that point at it (content-actions.ts).

/**
 * The member's not-completed Video tasks (type 3) keyed by the video they point at, earliest due first.
 * A member has few open tasks, so tasks.details is read here rather than queried as JSON on two dialects.
 */
export const openVideoTasks = async (db: Db, enterpriseId: string, userId: string) => {
  const rows = await db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select(['a.id', 'a.task_id', 'a.report', 'a.started_at', 't.details'])
    .where('a.user_id', '=', userId)
    .where('a.enterprise_id', '=', enterpriseId)
    .where('t.type', '=', 3)
    .where('a.status', '!=', TASK_STATUS.completed)
    .orderBy('a.due_at')
    .orderBy('a.id')
    .execute();
  const byContent = new Map<string, typeof rows>();
  for (const row of rows) {
    const { contentId } = JSON.parse(row.details) as { contentId?: string };
    if (contentId) byContent.set(contentId, [...(byContent.get(contentId) ?? []), row]);
  }
  return byContent;
};
