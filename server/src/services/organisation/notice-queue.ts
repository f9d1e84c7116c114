import type { Db } from '../../db/connect.ts';
import { enqueue, enqueueMany } from '../../jobs/queue.ts';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

/**
 * Telling a member of their work by mail: something assigned to them, tasks due tomorrow and
 * not done, a reviewer's feedback. Each is a job of the durable queue (jobs/queue.ts) written in the transaction
 * of the change it tells of, so a rolled-back assignment mails nobody and a crash loses nothing; the notices'
 * runner (jobs/start-jobs.ts) sends them.
 *
 * - One mail per action: everything one transaction assigns to a member (tasks of several chunks, a group's tasks
 *   and videos) is one job, because a job not yet taken is added to rather than repeated.
 * - Due tomorrow: one job per member and due time, written at assignment and due a day before. It runs once for
 *   the assignments it covers and mails the ones not done by then.
 * - Sent once: before a mail is handed over its job's row goes into sent_notices; a job taken again (a restart,
 *   another process after the lease ran out) finds it and sends nothing. A mail that fails to go is tried again.
 * - The member's choices (notice_settings, their profile) are read when the mail is about to go, not when queued.
 *   A member whose invitation is still pending is not mailed (the invitation says what to do first).
 */

// Queueing the notices, in the transaction of the change they tell of (the assignment and review services call
// these); notices.ts sends them and keeps the member's choices.

export const DAY_MS = 24 * 60 * 60 * 1000;

export type AssignedPayload = {
  enterpriseId: string;
  userId: string;
  taskIds: string[];
  contentIds: string[];
};
export type DuePayload = { enterpriseId: string; userId: string; taskIds: string[]; dueAt: string };
export type FeedbackPayload = { enterpriseId: string; userId: string; taskId: string; reviewerId: string };

/** What an assignment insert added: the rows it wrote (task or video, and the member). */
export type NewAssignments = {
  tasks?: readonly { user_id: string; task_id: string; due_at: string }[];
  videos?: readonly { user_id: string; content_id: string }[];
};

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * The hook of the assignment services: call it with the rows an insert just added, in the same transaction. It
 * queues the member's "assigned" mail (added to one already waiting for them) and the tasks' due-tomorrow
 * reminders. The seed's demo assignments do not call it.
 */
export const queueAssignmentNotices = async (db: Db, enterpriseId: string, added: NewAssignments) => {
  const tasks = added.tasks ?? [];
  const videos = added.videos ?? [];
  if (tasks.length === 0 && videos.length === 0) return;
  const byMember = new Map<string, { taskIds: string[]; contentIds: string[] }>();
  const of = (userId: string) => {
    const entry = byMember.get(userId) ?? { taskIds: [], contentIds: [] };
    byMember.set(userId, entry);
    return entry;
  };
  for (const row of tasks) of(row.user_id).taskIds.push(row.task_id);
  for (const row of videos) of(row.user_id).contentIds.push(row.content_id);

  // Jobs of this enterprise not taken yet (written earlier in this transaction, or waiting for a worker).
  const waiting = await db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', 'assignment-notice')
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('locked_until', 'is', null)
    .where('payload', 'like', `${JSON.stringify({ enterpriseId }).slice(0, -1)},%`)
    .limit(5000)
    .execute();
  const waitingFor = new Map(
    waiting.map((job) => {
      const payload = JSON.parse(job.payload) as AssignedPayload;
      return [payload.userId, { id: job.id, payload }] as const;
    }),
  );
  const fresh: { payload: AssignedPayload }[] = [];
  for (const [userId, { taskIds, contentIds }] of byMember) {
    const job = waitingFor.get(userId);
    if (job) {
      const payload: AssignedPayload = {
        ...job.payload,
        taskIds: union(job.payload.taskIds, taskIds),
        contentIds: union(job.payload.contentIds, contentIds),
      };
      // Only while no worker has it: a job taken meanwhile is left as it is and a new one follows.
      const merged = await db
        .updateTable('jobs')
        .set({ payload: JSON.stringify(payload) })
        .where('id', '=', job.id)
        .where('attempts', '=', 0)
        .where('locked_until', 'is', null)
        .executeTakeFirst();
      if (Number(merged.numUpdatedRows) === 1) continue;
    }
    fresh.push({ payload: { enterpriseId, userId, taskIds, contentIds } });
  }
  await enqueueMany(db, 'assignment-notice', fresh);

  const reminders = new Map<string, DuePayload>();
  const now = Date.now();
  for (const row of tasks) {
    if (Date.parse(row.due_at) - DAY_MS <= now) continue;
    const key = `${row.user_id} ${row.due_at}`;
    const reminder = reminders.get(key);
    if (reminder) reminder.taskIds.push(row.task_id);
    else reminders.set(key, { enterpriseId, userId: row.user_id, taskIds: [row.task_id], dueAt: row.due_at });
  }
  await enqueueMany(
    db,
    'due-reminder',
    [...reminders.values()].map((payload) => ({
      payload,
      runAfter: new Date(Date.parse(payload.dueAt) - DAY_MS).toISOString(),
    })),
  );
};

/** The hook of the review service: a reviewer's new or changed feedback on a member's task. */
export const tellMemberOfFeedback = async (
  ctx: ServiceContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  const payload: FeedbackPayload = { enterpriseId, userId, taskId, reviewerId: user.id };
  await enqueue(ctx.db, 'feedback-notice', payload);
  ctx.jobs.poke();
};
