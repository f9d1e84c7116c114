import { TASK_TYPES } from '@coach/shared/constants/task-types';
import {
  type Attachment,
  type addTaskRequest,
  type LearnerTask,
  TASK_PAGE_SIZE,
  TASK_SECTION_SIZE,
  type Task,
  type TaskListResponse,
} from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import {
  assertFeatureOn,
  assertTaskCategoryOn,
  assertTaskTypeOn,
  openTaskTypes,
} from '../common/features.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';
import { canAuthor, forLearner, loadTask, selectTasks, type TaskRow, toTask, toTasks } from './task-rows.ts';

type TaskInput = z.output<typeof addTaskRequest>;
type TaskType = Task['type'];

/** The fields each type keeps in tasks.details (JSON); the common fields have columns. */
const DETAIL_KEYS: Record<TaskType, readonly string[]> = {
  1: ['passage'],
  2: ['items'],
  3: ['contentId'],
  4: ['questions'],
  5: ['passage'],
  6: ['jobTitle', 'industry', 'location', 'region'],
  7: ['questions'],
  8: ['questions'],
};

/** The view-all switch of each type's section (spec §7); types without one open their own tab instead. */
export const VIEW_ALL_SWITCH: Partial<Record<TaskType, string>> = {
  1: 'viewallread',
  2: 'viewallpronunciation',
  3: 'viewallvideo',
  4: 'viewallquestions',
  7: 'viewallfreetextquestions',
};

/** A copy of a platform task is the platform admin's to change. */
const assertOwnTask = (row: TaskRow) => {
  if (row.platform_task_id)
    throw conflict(
      'This task comes from the platform library: you can assign it, but only the platform can change it',
    );
};

/** Type 1 may name a reading topic: it must be the enterprise's, and its passage is copied into the task. */
const readingTopicPassage = async (db: Db, enterpriseId: string, topicId: string) => {
  const topic = await db
    .selectFrom('reading_topics')
    .select(['passage'])
    .where('id', '=', topicId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!topic) throw notFound('Reading topic not found');
  return topic.passage;
};

/**
 * New attachment addresses must be the caller's finished uploads; kept ones were checked before. An
 * enterprise adds attachments only while its task-attachment feature is on (spec §3); attachments already
 * on a task stay when it is switched off. Platform templates (admin) are not behind an enterprise's flag.
 */
export const checkAttachments = async (
  ctx: ServiceContext,
  attachments: Attachment[],
  kept: Attachment[] = [],
) => {
  const known = new Set(kept.map((a) => a.fileUrl));
  const added = attachments.filter((attachment) => !known.has(attachment.fileUrl));
  if (added.length > 0 && ctx.session?.audience === 'enterprise')
    assertFeatureOn(ctx, 'enableTaskAttachmentUpload');
  for (const [index, attachment] of attachments.entries()) {
    if (!known.has(attachment.fileUrl))
      await assertUploaded(ctx, `attachments.${index}.fileUrl`, attachment.fileUrl, 'task-attachment');
  }
};

/** The columns a task's authored fields fill (the type's own fields go to `details` as JSON). */
export const authoredColumns = (input: TaskInput, details: Record<string, unknown> = detailsOf(input)) => ({
  type: input.type,
  title: input.title,
  description: input.description || null,
  category: input.category,
  level: input.level,
  time_minutes: input.timeMinutes,
  expiry_seconds: input.expirySeconds,
  details: JSON.stringify(details),
  attachments: JSON.stringify(input.attachments),
});

const detailsOf = (input: TaskInput) => {
  const record = input as unknown as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS[input.type]) if (record[key] !== undefined) details[key] = record[key];
  return details;
};

const columnsOf = async (ctx: ServiceContext, enterpriseId: string, input: TaskInput) => {
  const details = detailsOf(input);
  let readingTopicId: string | null = null;
  if (input.type === TASK_TYPES.read && input.readingTopicId) {
    readingTopicId = input.readingTopicId;
    const passage = await readingTopicPassage(ctx.db, enterpriseId, input.readingTopicId);
    details.passage = input.passage ?? passage;
  }
  if (input.type === TASK_TYPES.video) await assertContent(ctx, enterpriseId, input.contentId);
  return { ...authoredColumns(input, details), reading_topic_id: readingTopicId };
};

/** A Video task points at a video of the content library that the enterprise has. */
const assertContent = async (ctx: ServiceContext, enterpriseId: string, contentId: string) => {
  const row = await ctx.db
    .selectFrom('content_enterprises')
    .select('content_id')
    .where('enterprise_id', '=', enterpriseId)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  if (!row) throw validation('contentId', 'Choose a video of your content library');
};

export const addTask = async (ctx: ServiceContext, input: TaskInput) => {
  const s = enterpriseSession(ctx);
  assertTaskTypeOn(ctx, input.type);
  assertTaskCategoryOn(ctx, input.category);
  await checkAttachments(ctx, input.attachments);
  const id = crypto.randomUUID();
  const at = nowIso();
  await ctx.db
    .insertInto('tasks')
    .values({
      id,
      enterprise_id: s.enterpriseId,
      ...(await columnsOf(ctx, s.enterpriseId, input)),
      archived: 0,
      like_count: 0,
      view_count: 0,
      created_by: s.user.id,
      created_at: at,
      updated_at: at,
    })
    .execute();
  ctx.setMessage('Task created successfully');
  return toTask(await loadTask(ctx.db, s.enterpriseId, id));
};

export const editTask = async (ctx: ServiceContext, input: TaskInput & { taskId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const existingRow = await loadTask(ctx.db, enterpriseId, input.taskId);
  assertOwnTask(existingRow);
  if (Number(existingRow.archived) === 1)
    throw conflict('An archived task cannot be edited: its learners keep it as it was');
  const existing = toTask(existingRow);
  if (existing.type !== input.type) throw validation('type', 'The type of a task cannot change');
  assertTaskTypeOn(ctx, existing.type);
  // A task filed under a category before its flag went off keeps it; moving one into it is refused.
  if (input.category !== existing.category) assertTaskCategoryOn(ctx, input.category);
  await checkAttachments(ctx, input.attachments, existing.attachments);
  const { taskId, ...task } = input;
  await ctx.db
    .updateTable('tasks')
    .set({ ...(await columnsOf(ctx, enterpriseId, task as TaskInput)), updated_at: nowIso() })
    .where('id', '=', taskId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Task updated successfully');
  const [updated] = await toTasks(ctx.db, [await loadTask(ctx.db, enterpriseId, taskId)]);
  return updated as Task;
};

/** Authors read any task of the enterprise whole; anyone else only a task assigned to them, as its learner gets it. */
export const getTaskById = async (
  ctx: ServiceContext,
  { taskId }: { taskId: string },
): Promise<Task | LearnerTask> => {
  const s = enterpriseSession(ctx);
  const row = await loadTask(ctx.db, s.enterpriseId, taskId);
  assertTaskTypeOn(ctx, Number(row.type) as TaskType);
  const author = canAuthor(ctx);
  if (!author) {
    const mine = await ctx.db
      .selectFrom('task_assignments')
      .select('id')
      .where('task_id', '=', taskId)
      .where('user_id', '=', s.user.id)
      .executeTakeFirst();
    if (!mine) throw notFound('Task not found');
  }
  const [task] = await toTasks(ctx.db, [row]);
  return author ? (task as Task) : forLearner(task as Task);
};

/**
 * A task nobody was given is deleted. One with assignments is archived instead: learners keep their
 * answers and history, the library hides it, and the archive view still shows it.
 */
export const deleteTask = async (ctx: ServiceContext, { taskId }: { taskId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await loadTask(ctx.db, enterpriseId, taskId);
  assertOwnTask(row);
  if (Number(row.assigned_count) > 0) {
    await ctx.db
      .updateTable('tasks')
      .set({ archived: 1, updated_at: nowIso() })
      .where('id', '=', taskId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    await ctx.db.deleteFrom('task_group_assignments').where('task_id', '=', taskId).execute();
    ctx.setMessage('Task archived: its learners keep their answers, and the archive view still shows it');
    return { _id: taskId, archived: true };
  }
  await ctx.db
    .deleteFrom('tasks')
    .where('id', '=', taskId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Task deleted successfully');
  return { _id: taskId, archived: false };
};

type ListFilters = {
  tasktype?: number | undefined;
  search?: string | undefined;
  catSearch?: string | undefined;
  viewArchive?: boolean | undefined;
  sortBy: 'latest' | 'liked' | 'viewed';
  currentPage?: number | undefined;
} & Partial<Record<string, unknown>>;

const filtered = (ctx: ServiceContext, enterpriseId: string, input: ListFilters) => {
  // Types whose feature is off for the enterprise are hidden from the library and its pickers.
  const types = openTaskTypes(ctx);
  let query = selectTasks(ctx.db, enterpriseId)
    .where('tasks.archived', '=', input.viewArchive ? 1 : 0)
    .where('tasks.type', 'in', types);
  let count = ctx.db
    .selectFrom('tasks')
    .where('tasks.enterprise_id', '=', enterpriseId)
    .where('tasks.archived', '=', input.viewArchive ? 1 : 0)
    .where('tasks.type', 'in', types);
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where(sql<boolean>`lower(tasks.title) like ${pattern} escape '\\'`);
    count = count.where(sql<boolean>`lower(tasks.title) like ${pattern} escape '\\'`);
  }
  if (input.catSearch) {
    query = query.where('tasks.category', '=', input.catSearch);
    count = count.where('tasks.category', '=', input.catSearch);
  }
  const sorted = (q: typeof query) => {
    if (input.sortBy === 'liked')
      return q.orderBy('tasks.like_count', 'desc').orderBy('tasks.created_at', 'desc');
    if (input.sortBy === 'viewed')
      return q.orderBy('tasks.view_count', 'desc').orderBy('tasks.created_at', 'desc');
    return q.orderBy('tasks.created_at', 'desc').orderBy('tasks.id');
  };
  return { query, count, sorted };
};

/** tasks/get-list-of-tasks: one type's page, or a section per type with its first tasks (spec §7). */
export const listTasks = async (ctx: ServiceContext, input: ListFilters): Promise<TaskListResponse> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const { query, count, sorted } = filtered(ctx, enterpriseId, input);
  if (input.tasktype) {
    const currentPage = input.currentPage ?? 1;
    const type = input.tasktype;
    const [total, rows] = await Promise.all([
      count
        .where('tasks.type', '=', type)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
      sorted(query.where('tasks.type', '=', type))
        .limit(TASK_PAGE_SIZE)
        .offset((currentPage - 1) * TASK_PAGE_SIZE)
        .execute(),
    ]);
    return {
      mode: 'list',
      ...pageOf(await toTasks(ctx.db, rows), {
        currentPage,
        pageSize: TASK_PAGE_SIZE,
        total: Number(total?.n ?? 0),
      }),
    };
  }
  const totals = await count
    .groupBy('tasks.type')
    .select(['tasks.type', (eb) => eb.fn.countAll().as('n')])
    .execute();
  const sections = await Promise.all(
    totals
      .map((row) => ({ type: Number(row.type) as TaskType, totalCount: Number(row.n) }))
      .sort((a, b) => a.type - b.type)
      .map(async ({ type, totalCount }) => {
        const viewAll = VIEW_ALL_SWITCH[type];
        const size = viewAll && input[viewAll] === true ? TASK_PAGE_SIZE : TASK_SECTION_SIZE;
        const rows = await sorted(query.where('tasks.type', '=', type))
          .limit(size)
          .execute();
        return { type, totalCount, listdata: await toTasks(ctx.db, rows) };
      }),
  );
  return { mode: 'sections', sections };
};

/** A page of the enterprise's live tasks matching a title search (search-task, get-enterprise-tasks). */
export const searchTasks = async (
  ctx: ServiceContext,
  { search, currentPage, limit }: { search?: string | undefined; currentPage: number; limit: number },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const { query, count, sorted } = filtered(ctx, enterpriseId, { search, sortBy: 'latest' });
  const [total, rows] = await Promise.all([
    count.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    sorted(query)
      .limit(limit)
      .offset((currentPage - 1) * limit)
      .execute(),
  ]);
  return pageOf(await toTasks(ctx.db, rows), { currentPage, pageSize: limit, total: Number(total?.n ?? 0) });
};

/** Every live task of the enterprise, id and title, for pickers (bounded). */
export const allTaskOptions = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('tasks')
    .select(['id', 'type', 'title', 'category'])
    .where('enterprise_id', '=', enterpriseId)
    .where('archived', '=', 0)
    .where('type', 'in', openTaskTypes(ctx))
    .orderBy('title')
    .limit(5000)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    type: Number(row.type) as TaskType,
    title: row.title,
    category: row.category as Task['category'],
  }));
};
