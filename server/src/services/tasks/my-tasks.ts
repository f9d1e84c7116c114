import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  isScoredTaskType,
  MY_TASKS_MAX_ROWS,
  MY_TASKS_PAGE_SIZE,
  type MyTaskRow,
  type MyTasksPage,
  type Task,
  type TaskProgressUpdate,
  type TaskReport,
  type tasks,
} from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import { conflict, forbidden, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { assertFeatureOn, assertTaskTypeOn, openTaskTypes } from '../common/features.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertUploaded, signUpload } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';
import { recordPractice } from '../identity/activity.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { queueLtiScores } from '../lti/score-queue.ts';
import { queueRecordingAnalyses } from '../speech/analysis-rows.ts';
import { pronunciationSettingsForUser } from '../speech/pronunciation.ts';
import { scorePronunciationTask } from '../speech/pronunciation-score.ts';
import { loadAssignment } from './assignment-detail.ts';
import { assertComplete, assertRecordingKeys } from './task-answers.ts';
import { findAssignment, isOverdue, type StoredReport, statusOf } from './task-assignment-rows.ts';
import { attemptStateOf, RETRY_REFUSED } from './task-attempts.ts';
import { canAuthor, forLearner, loadTask, toTasks } from './task-rows.ts';

// The learner's side of tasks (the dashboard's my-tasks feature): their list, one task, saving answers and
// completing, the task variant of the signed upload, and Video tasks completed by a recorded view.

/**
 * tasks/get-my-tasks: a page of the learner's tasks (one status's when taskStatus is given), with the counts
 * per status under the same filters, counted by the database rather than from the page. Types whose feature
 * is off for the enterprise are hidden.
 */
export const myTasks = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof tasks.getMyTasks>,
): Promise<MyTasksPage> => {
  const s = enterpriseSession(ctx);
  let query = ctx.db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    // The member's own rows (a member belongs to one enterprise); user_id alone keeps SQLite on its index.
    .where('a.user_id', '=', s.user.id)
    .where('t.type', 'in', openTaskTypes(ctx));
  if (input.tasktype) query = query.where('t.type', '=', input.tasktype);
  if (input.catSearch) query = query.where('t.category', '=', input.catSearch);
  if (input.search)
    query = query.where(sql<boolean>`lower(t.title) like ${containsPattern(input.search)} escape '\\'`);
  const statusCounts = await query
    .select(['a.status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('a.status')
    .execute();
  const counts = { due: 0, inProgress: 0, done: 0 };
  for (const row of statusCounts) {
    const status = statusOf(row.status);
    if (status === TASK_STATUS.completed) counts.done += Number(row.n);
    else if (status === TASK_STATUS.inProgress) counts.inProgress += Number(row.n);
    else counts.due += Number(row.n);
  }
  const chosen = input.taskStatus;
  if (chosen !== undefined) query = query.where('a.status', '=', chosen);
  const total =
    chosen === undefined
      ? counts.due + counts.inProgress + counts.done
      : ([counts.due, counts.inProgress, counts.done][chosen] ?? 0);
  const allVideos = input.viewallvideo === true && input.tasktype === TASK_TYPES.video;
  const pageSize = allVideos ? MY_TASKS_MAX_ROWS : MY_TASKS_PAGE_SIZE;
  const currentPage = allVideos ? 1 : input.currentPage;
  const rows = await query
    .select([
      'a.task_id',
      'a.status',
      'a.progress',
      'a.assigned_at',
      'a.due_at',
      'a.completed_at',
      'a.reviewed_at',
      'a.feedback',
      't.type',
      't.title',
      't.category',
      't.level',
      't.time_minutes',
    ])
    // Soonest due first; the Done tab newest completed first.
    .$if(chosen === TASK_STATUS.completed, (q) => q.orderBy('a.completed_at', 'desc'))
    .$if(chosen !== TASK_STATUS.completed, (q) => q.orderBy('a.status').orderBy('a.due_at'))
    .orderBy('a.task_id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const listdata: MyTaskRow[] = rows.map((row) => ({
    taskId: row.task_id,
    type: Number(row.type) as Task['type'],
    title: row.title,
    category: row.category as Task['category'],
    level: Number(row.level),
    timeMinutes: Number(row.time_minutes),
    taskStatus: statusOf(row.status),
    progress: Number(row.progress),
    assignedAt: row.assigned_at,
    dueAt: row.due_at,
    overdue: isOverdue(row.due_at, row.status),
    completedAt: row.completed_at,
    reviewedAt: row.reviewed_at,
    hasFeedback: Boolean(row.feedback),
  }));
  return { ...pageOf(listdata, { currentPage, pageSize, total }), counts };
};

export const myTask = async (ctx: ServiceContext, { taskId }: { taskId: string }) => {
  const s = enterpriseSession(ctx);
  const row = await ctx.db
    .selectFrom('task_assignments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Task not found');
  const [task] = await toTasks(ctx.db, [await loadTask(ctx.db, s.enterpriseId, taskId)]);
  const typed = task as Task;
  assertTaskTypeOn(ctx, typed.type);
  const scored = isScoredTaskType(typed.type);
  // A Read & Record task submitted before it was scored is scored when next opened.
  const scoredNow =
    scored && Number(row.status) === TASK_STATUS.completed && !row.report?.includes('"pronunciationResult"')
      ? await scorePronunciationTask(ctx, row.id)
      : null;
  const current = scoredNow ? await findAssignment(ctx.db, s.enterpriseId, taskId, s.user.id) : row;
  // Most Viewed counts learners opening a task they had not started, not every reload while resuming it.
  if (Number(row.status) === TASK_STATUS.notStarted)
    await ctx.db
      .updateTable('tasks')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', taskId)
      .execute();
  const rule = scored ? await pronunciationSettingsForUser(ctx.db, s.enterpriseId, s.user.id) : null;
  return {
    task: forLearner(typed),
    assignment: await loadAssignment(ctx.db, current),
    pronunciation: rule
      ? { accent: rule.accent, passingScore: rule.passingScore, strictness: rule.strictness }
      : null,
  };
};

/**
 * A Video task completes when its video is viewed in the player (spec §4: more than 80 % played, recorded by
 * contentactions/do-action), not when a client claims a watched percentage.
 */
const assertVideoViewed = async (ctx: ServiceContext, contentId: string) => {
  const s = enterpriseSession(ctx);
  const viewed = await ctx.db
    .selectFrom('content_actions')
    .select('id')
    .where('user_id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .where('content_id', '=', contentId)
    .where('action', '=', 'viewed')
    .executeTakeFirst();
  if (!viewed)
    throw validation(
      'report.watchedPercent',
      'Watch the video in the player: it completes the task once 80 % has played',
    );
};

/**
 * tasks/update-my-task. taskStatus: 0 not started, 1 in progress (progress saved as the learner goes), 2 completed
 * (spec §4). A completed task stays completed. Recordings must be the learner's own finished uploads.
 */
export const updateMyTask = async (ctx: ServiceContext, input: TaskProgressUpdate) => {
  const s = enterpriseSession(ctx);
  if (input.userId !== s.user.id) throw forbidden('You can only update your own tasks');
  const row = await ctx.db
    .selectFrom('task_assignments')
    .selectAll()
    .where('task_id', '=', input.taskId)
    .where('user_id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Task not found');
  if (Number(row.status) === TASK_STATUS.completed)
    throw conflict('This task is already completed; its answers are kept as they were submitted');
  const previous: TaskReport = row.report ? JSON.parse(row.report) : {};
  const report: TaskReport = input.report ?? previous;
  const [task] = await toTasks(ctx.db, [await loadTask(ctx.db, s.enterpriseId, input.taskId)]);
  if (!task) throw notFound('Task not found');
  assertRecordingKeys(task, report);
  for (const [key, recording] of Object.entries(report.recordings ?? {})) {
    if (previous.recordings?.[key]?.fileUrl !== recording.fileUrl)
      await assertUploaded(ctx, `report.recordings.${key}`, recording.fileUrl, 'task-recording');
  }
  assertTaskTypeOn(ctx, task.type);
  const completing = input.taskStatus === TASK_STATUS.completed;
  if (completing) assertComplete(task, report);
  if (completing && task.type === TASK_TYPES.video) await assertVideoViewed(ctx, task.contentId);
  // A learner's report never carries a score; the server writes it once the recordings are heard.
  const stored: StoredReport = report;
  const at = nowIso();
  // The attempt and the analyses of its new recordings are written together: nothing saved unheard.
  const queued = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('task_assignments')
      .set({
        status: input.taskStatus,
        progress: completing ? 100 : Math.min(input.progress, 99),
        report: JSON.stringify(stored),
        started_at: row.started_at ?? (input.taskStatus > 0 ? at : null),
        completed_at: completing ? at : null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    if (completing)
      await emitEvent(trx, {
        enterpriseId: s.enterpriseId,
        type: 'task.completed',
        memberId: s.user.id,
        data: { taskId: task._id, assignmentId: row.id, taskType: task.type },
      });
    // An LMS activity linking this task hears of it: a scored task once its recordings are heard (below).
    const graded = completing && !isScoredTaskType(task.type) ? await queueLtiScores(trx, row.id) : 0;
    const analyses = await queueRecordingAnalyses(trx, {
      enterpriseId: s.enterpriseId,
      assignmentId: row.id,
      task,
      previous,
      report,
    });
    return analyses || graded > 0;
  });
  if (queued) ctx.jobs.poke();
  // An attempt saved or submitted is practice: the day counts as active.
  await recordPractice(ctx);
  // Every item heard already (nothing re-recorded at the end): the score is there at once.
  if (completing && isScoredTaskType(task.type) && (await scorePronunciationTask(ctx, row.id)))
    ctx.jobs.poke();
  const saved = await loadAssignment(
    ctx.db,
    await findAssignment(ctx.db, s.enterpriseId, input.taskId, s.user.id),
  );
  // A scored try is a success only once it passed: one below its passing score is submitted (the page offers
  // another try while tries are left), one still being heard is submitted with its score to come.
  const scored = isScoredTaskType(task.type);
  ctx.setMessage(
    !completing
      ? 'Progress saved'
      : !scored || saved.pronunciation?.passed === true
        ? 'Task completed successfully'
        : saved.pronunciation?.passed === false
          ? 'Task submitted: not passed yet'
          : 'Task submitted: your score is on its way',
  );
  return saved;
};

/**
 * tasks/retry-my-task: a scored task submitted, scored and not passed opens a new try. The submitted
 * try is kept whole in task_attempts (its report, score, dates and the reviewer's word on it) and its analyses are
 * marked with it; the assignment starts over in progress with no answers, awaiting review again once submitted.
 * The counting score stays on the assignment meanwhile. Another learner's task or another enterprise's is a
 * missing one (404).
 */
export const retryMyTask = async (ctx: ServiceContext, { taskId }: { taskId: string }) => {
  const s = enterpriseSession(ctx);
  const row = await ctx.db
    .selectFrom('task_assignments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Task not found');
  const [task] = await toTasks(ctx.db, [await loadTask(ctx.db, s.enterpriseId, taskId)]);
  if (!task) throw notFound('Task not found');
  assertTaskTypeOn(ctx, task.type);
  if (!isScoredTaskType(task.type))
    throw validation('taskId', 'Only scored tasks (Pronunciation, Read & Record) can be tried again');
  const rule = await pronunciationSettingsForUser(ctx.db, s.enterpriseId, s.user.id);
  const { attempts, retry } = await attemptStateOf(ctx.db, row, task, rule.attemptCounts);
  if (retry?.reason) throw conflict(RETRY_REFUSED[retry.reason]);
  const kept = attempts.find((attempt) => attempt.current);
  if (!kept) throw conflict(RETRY_REFUSED.open);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    // Only the submitted try opens a new one: a second Try again on its way finds it open and stops.
    const reopened = await trx
      .updateTable('task_assignments')
      .set({
        status: TASK_STATUS.inProgress,
        progress: 0,
        report: null,
        started_at: at,
        completed_at: null,
        reviewed_at: null,
        reviewed_by: null,
        feedback: null,
        feedback_at: null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('status', '=', TASK_STATUS.completed)
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) throw conflict(RETRY_REFUSED.open);
    const attemptId = crypto.randomUUID();
    await trx
      .insertInto('task_attempts')
      .values({
        id: attemptId,
        enterprise_id: s.enterpriseId,
        assignment_id: row.id,
        number: kept.number,
        report: row.report ?? '{}',
        score: kept.result?.score ?? null,
        passed: kept.result?.passed ? 1 : 0,
        started_at: row.started_at,
        completed_at: row.completed_at,
        reviewed_at: row.reviewed_at,
        feedback: row.feedback,
        feedback_at: row.feedback_at,
        created_at: at,
      })
      .execute();
    await trx
      .updateTable('recording_analyses')
      .set({ attempt_id: attemptId })
      .where('assignment_id', '=', row.id)
      .where('attempt_id', 'is', null)
      .execute();
  });
  ctx.setMessage('A new try is open: your earlier tries are kept');
  return loadAssignment(ctx.db, await findAssignment(ctx.db, s.enterpriseId, taskId, s.user.id));
};

/**
 * general/put-signed-request-for-upload-to-s3-task: only task files (attachments, recordings). With a taskId the
 * caller must be able to see the task: an author of the enterprise's library, or the learner it is assigned to.
 */
export const signTaskUpload = async (
  ctx: ServiceContext,
  input: Parameters<typeof signUpload>[1] & { taskId?: string | undefined },
) => {
  const s = enterpriseSession(ctx);
  if (input.purpose !== 'task-attachment' && input.purpose !== 'task-recording')
    throw validation('purpose', 'Task uploads are attachments or recordings');
  if (input.purpose === 'task-attachment') assertFeatureOn(ctx, 'enableTaskAttachmentUpload');
  if (input.taskId) {
    await loadTask(ctx.db, s.enterpriseId, input.taskId);
    if (input.purpose === 'task-recording' || !canAuthor(ctx))
      await findAssignment(ctx.db, s.enterpriseId, input.taskId, s.user.id).catch(() => {
        throw notFound('Task not found');
      });
  }
  const { taskId: _taskId, ...upload } = input;
  return signUpload(ctx, upload);
};
