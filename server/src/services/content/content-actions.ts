import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type {
  ContentActionName,
  contentActions,
  DoActionResponse,
  VideoJournal,
} from '@coach/shared/contract/content';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { TaskReport } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { recordPractice } from '../identity/activity.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { openVideoTasks } from '../tasks/video-tasks.ts';
import { loadContent } from './video-rows.ts';

// The viewer's actions on a video (contentactions/*, login only).

/**
 * contentactions/do-action (spec §4). 'viewed' and 'liked' are stored once per viewer and video (a repeat
 * changes nothing and keeps the first time); the first of each moves the video's view or like count.
 * 'unliked' removes the like. Every 'viewed' completes the viewer's open Video tasks for the video, so a task
 * assigned after the first view still completes on the next one.
 */
export const doAction = async (
  ctx: ServiceContext,
  { contentId, actionName }: { contentId: string; actionName: ContentActionName },
): Promise<DoActionResponse> => {
  const s = enterpriseSession(ctx);
  await loadContent(ctx.db, s.enterpriseId, contentId);
  const userId = s.user.id;
  const result = await ctx.db.transaction().execute(async (trx): Promise<DoActionResponse> => {
    const at = nowIso();
    if (actionName === 'unliked') {
      const removed = await trx
        .deleteFrom('content_actions')
        .where('user_id', '=', userId)
        .where('content_id', '=', contentId)
        .where('action', '=', 'liked')
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0)
        await trx
          .updateTable('content')
          .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
          .where('id', '=', contentId)
          .where('like_count', '>', 0)
          .execute();
      return { contentAction: { actionName, contentId, createdAt: at } };
    }
    const inserted = await trx
      .insertInto('content_actions')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: s.enterpriseId,
        user_id: userId,
        content_id: contentId,
        action: actionName,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'content_id', 'action']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      const counter = actionName === 'viewed' ? 'view_count' : 'like_count';
      await trx
        .updateTable('content')
        .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
        .where('id', '=', contentId)
        .execute();
      // A member's first view of a video (a repeat changes nothing, so it says nothing).
      if (actionName === 'viewed')
        await emitEvent(trx, {
          enterpriseId: s.enterpriseId,
          type: 'video.viewed',
          memberId: userId,
          data: { contentId },
        });
    }
    const stored = await trx
      .selectFrom('content_actions')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('content_id', '=', contentId)
      .where('action', '=', actionName)
      .executeTakeFirst();
    const contentAction = { actionName, contentId, createdAt: stored?.created_at ?? at };
    if (actionName !== 'viewed') return { contentAction };
    const [completed] = await completeVideoTasks(trx, s.enterpriseId, userId, contentId);
    return completed ? { contentAction, taskCompleted: { taskId: completed } } : { contentAction };
  });
  // Watching is practice: the day counts as active.
  if (actionName === 'viewed') await recordPractice(ctx);
  ctx.setMessage(
    result.taskCompleted ? 'Video watched: your task is complete' : `Action ${actionName} recorded`,
  );
  return result;
};

/** contentactions/submit-content-review: the viewer's journaling answers for a video (spec §2, §4), replaced on resubmit. */
export const submitReview = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof contentActions.submitContentReview>,
): Promise<VideoJournal> => {
  const s = enterpriseSession(ctx);
  await loadContent(ctx.db, s.enterpriseId, input.contentId);
  const at = nowIso();
  const answers = {
    learned_from_video: input.learnedFromVideo,
    good_outcome: input.goodOutcome,
    steps_for_achievement: input.stepsForAchievement,
  };
  await ctx.db
    .insertInto('content_reviews')
    .values({
      user_id: s.user.id,
      content_id: input.contentId,
      enterprise_id: s.enterpriseId,
      ...answers,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'content_id']).doUpdateSet({ ...answers, updated_at: at }))
    .execute();
  ctx.setMessage('Thank you, your answers are saved');
  return {
    learnedFromVideo: input.learnedFromVideo,
    goodOutcome: input.goodOutcome,
    stepsForAchievement: input.stepsForAchievement,
  };
};

/**
 * 'viewed' of a video (spec §4): the member's not-completed Video tasks for it become progress 100,
 * taskStatus 2, with the report saying the video was watched. Answers the completed task ids.
 */
export const completeVideoTasks = async (db: Db, enterpriseId: string, userId: string, contentId: string) => {
  const open = (await openVideoTasks(db, enterpriseId, userId)).get(contentId) ?? [];
  const at = nowIso();
  for (const row of open) {
    const previous: TaskReport = row.report ? JSON.parse(row.report) : {};
    await db
      .updateTable('task_assignments')
      .set({
        status: TASK_STATUS.completed,
        progress: 100,
        report: JSON.stringify({ ...previous, watchedPercent: 100 }),
        started_at: row.started_at ?? at,
        completed_at: at,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('status', '!=', TASK_STATUS.completed)
      .execute();
    await emitEvent(db, {
      enterpriseId,
      type: 'task.completed',
      memberId: userId,
      data: { taskId: row.task_id, assignmentId: row.id, taskType: TASK_TYPES.video },
    });
  }
  return open.map((row) => row.task_id);
};
