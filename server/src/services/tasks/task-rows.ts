import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { Attachment, LearnerTask, Task } from '@coach/shared/contract/tasks';
import { hasPermission } from '@coach/shared/permissions';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

// The rows of tasks as every task service reads them: the enterprise's tasks with their counts and groups, and
// the checks that an id is one of them.

type TaskType = Task['type'];

const assignedCount = sql<number>`(select count(*) from task_assignments a where a.task_id = tasks.id)`;
const completedCount = sql<number>`(select count(*) from task_assignments a where a.task_id = tasks.id and a.status = 2)`;

export const selectTasks = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('tasks')
    .where('tasks.enterprise_id', '=', enterpriseId)
    .selectAll('tasks')
    .select([assignedCount.as('assigned_count'), completedCount.as('completed_count')]);

export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/** Builds the wire task: the authored fields of its type plus counts and groups. */
export const toTask = (row: TaskRow, groupIds: string[] = []): Task =>
  ({
    _id: row.id,
    type: Number(row.type) as TaskType,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    category: row.category,
    level: Number(row.level),
    timeMinutes: Number(row.time_minutes),
    expirySeconds: Number(row.expiry_seconds),
    attachments: JSON.parse(row.attachments) as Attachment[],
    ...(JSON.parse(row.details) as object),
    ...(row.reading_topic_id ? { readingTopicId: row.reading_topic_id } : {}),
    archived: Number(row.archived) === 1,
    likeCount: Number(row.like_count),
    viewCount: Number(row.view_count),
    assignedCount: Number(row.assigned_count),
    completedCount: Number(row.completed_count),
    groupIds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.platform_task_id ? { platformTaskId: row.platform_task_id } : {}),
  }) as Task;

/**
 * A task as its learner gets it (learnerTaskSchema): the library's figures (how many people have it and finished it,
 * the groups it is assigned to) are other people's and for staff. A Multiple Choice task's expected answers would give
 * the quiz away, so they stay out of the task always: once the learner has submitted, their assignment carries the
 * marks instead (choice-marks.ts: each question right or wrong, with its right answer), never before.
 */
export const forLearner = (task: Task): LearnerTask => {
  const { assignedCount: _assigned, completedCount: _completed, groupIds: _groups, ...learner } = task;
  if (learner.type !== TASK_TYPES.multipleChoiceQuestion) return learner;
  return { ...learner, questions: learner.questions.map(({ answer: _answer, ...question }) => question) };
};

/** The groups each task is assigned to, for a page of tasks. */
const groupIdsOf = async (db: Db, taskIds: string[]) => {
  const byTask = new Map<string, string[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('task_group_assignments')
    .select(['task_id', 'group_id'])
    .where('task_id', 'in', taskIds)
    .execute();
  for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row.group_id]);
  return byTask;
};

export const toTasks = async (db: Db, rows: TaskRow[]) => {
  const groups = await groupIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTask(row, groups.get(row.id) ?? []));
};

/** One task of the enterprise; another tenant's id is 404. */
export const loadTask = async (db: Db, enterpriseId: string, taskId: string) => {
  const row = await selectTasks(db, enterpriseId).where('tasks.id', '=', taskId).executeTakeFirst();
  if (!row) throw notFound('Task not found');
  return row;
};

export const canAuthor = (ctx: ServiceContext) => {
  const s = enterpriseSession(ctx);
  return hasPermission({
    permissions: s.permissions,
    isDefaultAdmin: s.user.is_default_admin === 1,
    key: 'task-library',
  });
};

/** Every id must be a task of the enterprise (another tenant's id is 404). */
export const assertTasksInEnterprise = async (db: Db, enterpriseId: string, taskIds: string[]) => {
  const unique = [...new Set(taskIds)];
  const found = await db
    .selectFrom('tasks')
    .select(['id', 'type', 'archived', 'expiry_seconds'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw notFound('Task not found');
  return found;
};
