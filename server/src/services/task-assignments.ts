import { ANSWERED_INTERVIEW_STAGES, interviewPrompt } from '@coach/shared/constants/interview';
import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import {
  type Assignment,
  type InterviewMessage,
  MY_TASKS_MAX_ROWS,
  MY_TASKS_PAGE_SIZE,
  type MyTaskRow,
  type MyTasksPage,
  type PendingReviewRow,
  type PronunciationResult,
  type Task,
  type TaskMemberRow,
  type TaskOfType,
  type TaskProgressUpdate,
  type TaskReport,
} from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { CallContext } from '../adapter.ts';
import type { Db } from '../db/connect.ts';
import { AppError, coachUnavailable, conflict, forbidden, notFound, validation } from '../errors.ts';
import { enterpriseSession } from '../session.ts';
import { assertFeatureOn, assertTaskTypeOn, openTaskTypes } from './features.ts';
import { containsPattern, pageOf } from './lists.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';
import { assertTasksInEnterprise, canAuthor, loadTask, toTasks } from './tasks.ts';
import { assertGroupInEnterprise, assertMembersInEnterprise } from './tenant.ts';
import { assertUploaded, signUpload } from './uploads.ts';

const now = () => new Date().toISOString();

const dueAfter = (from: string, seconds: number) => new Date(Date.parse(from) + seconds * 1000).toISOString();
const CHUNK = 400;

type AssignmentRow = {
  id: string;
  task_id: string;
  user_id: string;
  source: string;
  status: number;
  progress: number;
  report: string | null;
  assigned_at: string;
  due_at: string;
  started_at: string | null;
  completed_at: string | null;
  reviewed_at: string | null;
  feedback: string | null;
  feedback_at: string | null;
};

const statusOf = (value: number) => Number(value) as 0 | 1 | 2;
const isOverdue = (dueAt: string, status: number) =>
  Number(status) !== TASK_STATUS.completed && dueAt < now();

/** The stored report: the learner's answers plus, for Pronunciation tasks, the server's score. */
type StoredReport = TaskReport & { pronunciationResult?: PronunciationResult };

const splitReport = (json: string | null) => {
  const { pronunciationResult, ...report } = (json ? JSON.parse(json) : {}) as StoredReport;
  return { report: report as TaskReport, pronunciation: pronunciationResult ?? null };
};

const toAssignment = (row: AssignmentRow): Assignment => ({
  ...splitReport(row.report),
  _id: row.id,
  taskId: row.task_id,
  userId: row.user_id,
  source: row.source === 'group' ? 'group' : 'direct',
  taskStatus: statusOf(row.status),
  progress: Number(row.progress),
  assignedAt: row.assigned_at,
  dueAt: row.due_at,
  overdue: isOverdue(row.due_at, row.status),
  startedAt: row.started_at,
  completedAt: row.completed_at,
  reviewedAt: row.reviewed_at,
  feedback: row.feedback,
  feedbackAt: row.feedback_at,
});

const findAssignment = async (db: Db, enterpriseId: string, taskId: string, userId: string) => {
  const row = await db
    .selectFrom('task_assignments')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('This task is not assigned to the member');
  return row;
};

/** Inserts the (task, member) pairs that are not assigned yet; answers how many were new. */
const insertAssignments = async (
  db: Db,
  enterpriseId: string,
  pairs: { taskId: string; userId: string; expirySeconds: number }[],
  source: 'direct' | 'group',
) => {
  let inserted = 0;
  const at = now();
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
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
};

/** Tasks that can be assigned: the enterprise's, not archived, of a type whose feature is on. */
const liveTasks = async (ctx: CallContext, enterpriseId: string, taskIds: string[]) => {
  const tasks = await assertTasksInEnterprise(ctx.db, enterpriseId, taskIds);
  if (tasks.some((task) => Number(task.archived) === 1))
    throw conflict('An archived task cannot be assigned; restore it by creating it again');
  for (const task of tasks) assertTaskTypeOn(ctx, Number(task.type) as Task['type']);
  return tasks;
};

export const assignToMembers = async (
  ctx: CallContext,
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
  ctx: CallContext,
  { taskIds, groupIds }: { taskIds: string[]; groupIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const tasks = await liveTasks(ctx, enterpriseId, taskIds);
  const groups = [...new Set(groupIds)];
  for (const groupId of groups) await assertGroupInEnterprise(ctx.db, enterpriseId, groupId);
  const at = now();
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

// ---------------------------------------------------------------------------------------------
// The learner's side
// ---------------------------------------------------------------------------------------------

/**
 * tasks/get-my-tasks: a page of the learner's tasks (one status's when taskStatus is given), with the counts
 * per status under the same filters, counted by the database rather than from the page. Types whose feature
 * is off for the enterprise are hidden (issue 7).
 */
export const myTasks = async (
  ctx: CallContext,
  input: {
    tasktype?: number | undefined;
    search?: string | undefined;
    catSearch?: string | undefined;
    viewallvideo?: boolean | undefined;
    taskStatus?: number | undefined;
    currentPage: number;
  },
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

export const myTask = async (ctx: CallContext, { taskId }: { taskId: string }) => {
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
  // Most Viewed counts learners opening a task they had not started, not every reload while resuming it.
  if (Number(row.status) === TASK_STATUS.notStarted)
    await ctx.db
      .updateTable('tasks')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', taskId)
      .execute();
  return {
    task: typed,
    assignment: toAssignment(row),
    pronunciation:
      typed.type === 2 ? await pronunciationSettingsForUser(ctx.db, s.enterpriseId, s.user.id) : null,
  };
};

const stageKeys = ANSWERED_INTERVIEW_STAGES;

/** What a completed report must hold, per type; throws 422 naming the first missing answer. */
export const assertComplete = (task: Task, report: TaskReport) => {
  const recorded = (key: string, message: string) => {
    if (!report.recordings?.[key]) throw validation(`report.recordings.${key}`, message);
  };
  switch (task.type) {
    case 1:
      if (report.read !== true)
        throw validation('report.read', 'Please read the passage and mark it as read');
      return;
    case 2:
      task.items.forEach((item, index) => {
        recorded(String(index), `Please record "${item}"`);
      });
      return;
    case 3:
      if ((report.watchedPercent ?? 0) < 80)
        throw validation('report.watchedPercent', 'Please watch at least 80 % of the video');
      return;
    case 4:
      task.questions.forEach((_question, index) => {
        recorded(String(index), `Please record your answer to question ${index + 1}`);
      });
      return;
    case 5:
      recorded('passage', 'Please record yourself reading the passage');
      return;
    case 6:
      for (const stage of stageKeys) recorded(stage, `Please record your answer for ${stage.toLowerCase()}`);
      return;
    case 7:
      task.questions.forEach((_question, index) => {
        if (!report.answers?.[index]?.trim())
          throw validation(`report.answers.${index}`, `Please answer question ${index + 1}`);
      });
      return;
    case 8:
      assertChoices(task, report);
      return;
  }
};

/** The multiple-choice rules of spec §3: required, options only (or other when allowed), single or multiple. */
const assertChoices = (task: TaskOfType<8>, report: TaskReport) => {
  for (const question of task.questions) {
    const field = `report.choices.${question.id}`;
    const choice = report.choices?.[question.id];
    const other = choice?.other?.trim();
    const values = choice?.values ?? [];
    if (values.length === 0 && !other) {
      if (question.required) throw validation(field, `Please answer: ${question.text}`);
      continue;
    }
    const allowed = new Set(question.options.map((option) => option.value));
    if (values.some((value) => !allowed.has(value))) throw validation(field, 'Choose from the options given');
    if (other && !question.hasOther) throw validation(field, 'This question has no "other" answer');
    if (!question.multipleSelection && values.length + (other ? 1 : 0) > 1)
      throw validation(field, `Choose one answer: ${question.text}`);
  }
};

/**
 * A Video task completes when its video is viewed in the player (spec §4: more than 80 % played, recorded by
 * contentactions/do-action), not when a client claims a watched percentage.
 */
const assertVideoViewed = async (ctx: CallContext, contentId: string) => {
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
export const updateMyTask = async (ctx: CallContext, input: TaskProgressUpdate) => {
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
  for (const [key, recording] of Object.entries(report.recordings ?? {})) {
    if (previous.recordings?.[key]?.fileUrl !== recording.fileUrl)
      await assertUploaded(ctx, `report.recordings.${key}`, recording.fileUrl, 'task-recording');
  }
  const [task] = await toTasks(ctx.db, [await loadTask(ctx.db, s.enterpriseId, input.taskId)]);
  if (!task) throw notFound('Task not found');
  assertTaskTypeOn(ctx, task.type);
  const completing = input.taskStatus === TASK_STATUS.completed;
  if (completing) assertComplete(task, report);
  if (completing && task.type === TASK_TYPES.video) await assertVideoViewed(ctx, task.contentId);
  const stored: StoredReport =
    completing && task.type === 2
      ? { ...report, pronunciationResult: await scorePronunciation(ctx, task, report) }
      : report;
  const at = now();
  await ctx.db
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
  ctx.setMessage(completing ? 'Task completed successfully' : 'Progress saved');
  return toAssignment(await findAssignment(ctx.db, s.enterpriseId, input.taskId, s.user.id));
};

/** Recordings are read for a transcribing engine up to this size (OpenAI's limit is 25 MB). */
const SCORE_READ_BYTES = 25 * 1024 * 1024;

/** Scores a completed Pronunciation task with the coach engine and the learner's group settings. */
const scorePronunciation = async (
  ctx: CallContext,
  task: TaskOfType<2>,
  report: TaskReport,
): Promise<PronunciationResult> => {
  const s = enterpriseSession(ctx);
  const settings = await pronunciationSettingsForUser(ctx.db, s.enterpriseId, s.user.id);
  const attempts = task.items.map((expected, index) => {
    const recording = report.recordings?.[String(index)];
    const key = recording ? ctx.storage.keyOf(recording.fileUrl) : null;
    return {
      expected,
      durationMs: recording?.durationMs,
      audio: async () => {
        if (!key) return null;
        const [bytes, upload] = await Promise.all([
          ctx.storage.head(key, SCORE_READ_BYTES),
          ctx.db.selectFrom('uploads').select('content_type').where('key', '=', key).executeTakeFirst(),
        ]);
        return bytes && upload ? { bytes, contentType: upload.content_type } : null;
      },
    };
  });
  let scoring: Awaited<ReturnType<CallContext['coach']['scorePronunciation']>>;
  try {
    scoring = await ctx.coach.scorePronunciation({
      attempts,
      accent: settings.accent,
      strictness: settings.strictness,
    });
  } catch {
    throw coachUnavailable('The coach could not score your recordings. Please try again.');
  }
  return {
    ...scoring,
    engine: ctx.coach.kind,
    passingScore: settings.passingScore,
    passed: scoring.score >= settings.passingScore,
    accent: settings.accent,
    strictness: settings.strictness,
    scoredAt: now(),
  };
};

// ---------------------------------------------------------------------------------------------
// Review (task-library)
// ---------------------------------------------------------------------------------------------

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
  ctx: CallContext,
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
    assignment: toAssignment(assignment),
  };
};

/** The interview messages (spec §3) of a member's type-6 task, one per answered stage plus the feedback. */
export const interviewMessages = async (
  ctx: CallContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const { task, assignment } = await memberTaskData(ctx, { taskId, userId });
  if (task.type !== 6) throw validation('taskId', 'This is not a Get Interview Ready task');
  const messages: InterviewMessage[] = [];
  for (const stage of ANSWERED_INTERVIEW_STAGES) {
    const recording = assignment.report.recordings?.[stage];
    if (!recording) continue;
    messages.push({
      requestType: stage,
      request: interviewPrompt(stage, task),
      response: '',
      audioKeys: [recording.fileUrl],
      answerAnalysis: null,
      createdAt: recording.recordedAt ?? assignment.completedAt ?? assignment.assignedAt,
    });
  }
  if (assignment.feedback)
    messages.push({
      requestType: 'FEEDBACK',
      request: interviewPrompt('FEEDBACK', task),
      response: assignment.feedback,
      audioKeys: [],
      answerAnalysis: null,
      createdAt: assignment.feedbackAt ?? assignment.completedAt ?? assignment.assignedAt,
    });
  return { messages };
};

const completedAssignment = async (ctx: CallContext, taskId: string, userId: string) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadTask(ctx.db, enterpriseId, taskId);
  await loadMember(ctx.db, enterpriseId, userId);
  const row = await findAssignment(ctx.db, enterpriseId, taskId, userId);
  if (Number(row.status) !== TASK_STATUS.completed)
    throw new AppError(409, 'CONFLICT', 'The member has not completed this task yet');
  return row;
};

export const addFeedback = async (
  ctx: CallContext,
  { taskId, userId, feedback }: { taskId: string; userId: string; feedback: string },
) => {
  const row = await completedAssignment(ctx, taskId, userId);
  const at = now();
  await ctx.db
    .updateTable('task_assignments')
    .set({ feedback, feedback_at: at, updated_at: at })
    .where('id', '=', row.id)
    .execute();
  ctx.setMessage('Feedback sent to the member');
  return toAssignment({ ...row, feedback, feedback_at: at });
};

export const markReviewed = async (
  ctx: CallContext,
  { taskId, userId }: { taskId: string; userId: string },
) => {
  const s = enterpriseSession(ctx);
  const row = await completedAssignment(ctx, taskId, userId);
  const at = row.reviewed_at ?? now();
  await ctx.db
    .updateTable('task_assignments')
    .set({ reviewed_at: at, reviewed_by: s.user.id, updated_at: now() })
    .where('id', '=', row.id)
    .execute();
  ctx.setMessage('Marked as reviewed');
  return toAssignment({ ...row, reviewed_at: at });
};

/** get-members-by-taskid: who has the task and how far they are, 10 a page by name. */
export const membersOfTask = async (
  ctx: CallContext,
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
  }));
  return pageOf(listdata, { currentPage, pageSize, total: Number(total?.n ?? 0) });
};

const REVIEW_SORT = { name: 'u.name', taskName: 't.title', completedAt: 'a.completed_at' } as const;

/** Members matching a search: the FTS5 trigram index on SQLite (three characters or more), else like. */
const memberMatch = (ctx: CallContext, search: string) => {
  if (ctx.dbKind === 'sqlite' && search.length >= 3)
    return sql<boolean>`a.user_id in (select member_search.user_id from member_search where member_search match ${`"${search.replace(/"/g, '""')}"`})`;
  const pattern = containsPattern(search);
  return sql<boolean>`a.user_id in (select users.id from users where lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`;
};

/**
 * Completed, not yet reviewed attempts (spec §7, §9: 10 a page, by name ascending by default). The filters
 * work on task_assignments alone (its review index counts them); by name without a search, the page walks the
 * members' name index and stops after one page instead of sorting every pending attempt; a search starts from
 * the (few) matching members instead.
 */
export const pendingReview = async (
  ctx: CallContext,
  input: {
    currentPage: number;
    limit: number;
    sort_by: keyof typeof REVIEW_SORT;
    sort_type: 'asc' | 'desc';
    selected_group?: string | undefined;
    searchInput?: string | undefined;
  },
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
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    conditions.push(
      sql<boolean>`(${memberMatch(ctx, input.searchInput)} or a.task_id in (select tasks.id from tasks where tasks.enterprise_id = ${enterpriseId} and lower(tasks.title) like ${pattern} escape '\\'))`,
    );
  }
  const pending = sql<boolean>`${sql.join(conditions, sql` and `)}`;
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
  const page = (input.currentPage - 1) * input.limit;
  const rowsQuery =
    input.sort_by === 'name' && !input.searchInput
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
          .where(pending)
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
    rowsQuery.limit(input.limit).offset(page).execute(),
  ]);
  const listdata: PendingReviewRow[] = rows.map((row) => ({
    _id: row.id,
    taskId: row.task_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    taskName: row.title,
    taskType: Number(row.type) as Task['type'],
    completedAt: row.completed_at ?? '',
  }));
  return pageOf(listdata, {
    currentPage: input.currentPage,
    pageSize: input.limit,
    total: Number(total?.n ?? 0),
  });
};

/**
 * general/put-signed-request-for-upload-to-s3-task: only task files (attachments, recordings). With a taskId the
 * caller must be able to see the task: an author of the enterprise's library, or the learner it is assigned to.
 */
export const signTaskUpload = async (
  ctx: CallContext,
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

// ---------------------------------------------------------------------------------------------
// Video tasks and the content library (issue 6)
// ---------------------------------------------------------------------------------------------

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

/**
 * 'viewed' of a video (spec §4): the member's not-completed Video tasks for it become progress 100,
 * taskStatus 2, with the report saying the video was watched. Answers the completed task ids.
 */
export const completeVideoTasks = async (db: Db, enterpriseId: string, userId: string, contentId: string) => {
  const open = (await openVideoTasks(db, enterpriseId, userId)).get(contentId) ?? [];
  const at = now();
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
  }
  return open.map((row) => row.task_id);
};
