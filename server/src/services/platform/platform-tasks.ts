import { TASK_TYPES } from '@coach/shared/constants/task-types';
import {
  type adminTasks,
  PLATFORM_TASK_PAGE_SIZE,
  type PlatformTask,
} from '@coach/shared/contract/admin-tasks';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { Attachment, addTaskRequest } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { notFound, validation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { authoredColumns, checkAttachments } from '../tasks/tasks.ts';

type TaskInput = z.output<typeof addTaskRequest>;

/** Enterprises holding a live (not archived) copy of the template. */
const enterpriseCount = sql<number>`(select count(*) from tasks c where c.platform_task_id = platform_tasks.id and c.archived = 0)`;

const selectTemplates = (db: Db) =>
  db.selectFrom('platform_tasks').selectAll('platform_tasks').select(enterpriseCount.as('enterprise_count'));
type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['execute']>>[number];

const toPlatformTask = (row: TemplateRow): PlatformTask =>
  ({
    _id: row.id,
    type: Number(row.type),
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    category: row.category,
    level: Number(row.level),
    timeMinutes: Number(row.time_minutes),
    expirySeconds: Number(row.expiry_seconds),
    attachments: JSON.parse(row.attachments) as Attachment[],
    ...(JSON.parse(row.details) as object),
    archived: Number(row.archived) === 1,
    enterpriseCount: Number(row.enterprise_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }) as PlatformTask;

const loadTemplate = async (db: Db, taskId: string) => {
  const row = await selectTemplates(db).where('platform_tasks.id', '=', taskId).executeTakeFirst();
  if (!row) throw notFound('Task not found');
  return row;
};

/** A Video template names a video of the platform library. */
const assertVideo = async (ctx: ServiceContext, input: TaskInput) => {
  if (input.type !== TASK_TYPES.video) return;
  const found = await ctx.db
    .selectFrom('content')
    .select('id')
    .where('id', '=', input.contentId)
    .executeTakeFirst();
  if (!found) throw validation('contentId', 'Choose a video of the content library');
};

/** An offered Video task must play in the enterprise: it gets the video too. */
const offerVideo = async (db: Db, details: string, enterpriseIds: string[]) => {
  const { contentId } = JSON.parse(details) as { contentId?: string };
  if (!contentId || enterpriseIds.length === 0) return;
  const at = nowIso();
  for (const enterpriseId of enterpriseIds)
    await db
      .insertInto('content_enterprises')
      .values({ content_id: contentId, enterprise_id: enterpriseId, assigned_at: at })
      .onConflict((oc) => oc.columns(['enterprise_id', 'content_id']).doNothing())
      .execute();
};

/** tasks/get-tasks: the platform library, newest first, by type and title. */
export const listTemplates = async (ctx: ServiceContext, input: ParsedRequestOf<typeof adminTasks.list>) => {
  let query = ctx.db.selectFrom('platform_tasks').where('archived', '=', input.archived ? 1 : 0);
  if (input.type) query = query.where('type', '=', input.type);
  if (input.searchInput)
    query = query.where(sql<boolean>`lower(title) like ${containsPattern(input.searchInput)} escape '\\'`);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const ids = await query
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(PLATFORM_TASK_PAGE_SIZE)
    .offset((input.currentPage - 1) * PLATFORM_TASK_PAGE_SIZE)
    .execute();
  const rows = ids.length
    ? await selectTemplates(ctx.db)
        .where(
          'platform_tasks.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listdata = ids.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [toPlatformTask(row)] : [];
  });
  return pageOf(listdata, { currentPage: input.currentPage, pageSize: PLATFORM_TASK_PAGE_SIZE, total });
};

/** tasks/get-task: one template and the enterprises that have it (with how many of their learners got it). */
export const getTemplate = async (
  ctx: ServiceContext,
  { taskId }: ParsedRequestOf<typeof adminTasks.get>,
) => {
  const row = await loadTemplate(ctx.db, taskId);
  const enterprises = await ctx.db
    .selectFrom('tasks as c')
    .innerJoin('enterprises as e', 'e.id', 'c.enterprise_id')
    .select([
      'e.id',
      'e.name',
      sql<number>`(select count(*) from task_assignments a where a.task_id = c.id)`.as('assigned'),
    ])
    .where('c.platform_task_id', '=', taskId)
    .where('c.archived', '=', 0)
    .orderBy('e.name')
    .execute();
  return {
    ...toPlatformTask(row),
    enterprises: enterprises.map((e) => ({
      _id: e.id,
      companyName: e.name,
      assignedCount: Number(e.assigned),
    })),
  };
};

/** tasks/add-task: a new template, offered to nobody yet. */
export const addTemplate = async (ctx: ServiceContext, input: ParsedRequestOf<typeof adminTasks.add>) => {
  await checkAttachments(ctx, input.attachments);
  await assertVideo(ctx, input);
  const id = crypto.randomUUID();
  const at = nowIso();
  await ctx.db
    .insertInto('platform_tasks')
    .values({
      id,
      ...authoredColumns(input),
      archived: 0,
      created_by: ctx.session?.audience === 'admin' ? ctx.session.admin.id : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  ctx.setMessage('Task created successfully');
  return toPlatformTask(await loadTemplate(ctx.db, id));
};

/** tasks/edit-task: the template and every enterprise's copy of it change together. */
export const editTemplate = async (ctx: ServiceContext, input: ParsedRequestOf<typeof adminTasks.edit>) => {
  const existing = toPlatformTask(await loadTemplate(ctx.db, input.taskId));
  if (existing.type !== input.type) throw validation('type', 'The type of a task cannot change');
  await checkAttachments(ctx, input.attachments, existing.attachments);
  const { taskId, ...task } = input;
  await assertVideo(ctx, task as TaskInput);
  const columns = authoredColumns(task as TaskInput);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('platform_tasks')
      .set({ ...columns, updated_at: at })
      .where('id', '=', taskId)
      .execute();
    await trx
      .updateTable('tasks')
      .set({ ...columns, updated_at: at })
      .where('platform_task_id', '=', taskId)
      .execute();
    const holders = await trx
      .selectFrom('tasks')
      .select('enterprise_id')
      .where('platform_task_id', '=', taskId)
      .where('archived', '=', 0)
      .execute();
    await offerVideo(
      trx,
      columns.details,
      holders.map((h) => h.enterprise_id),
    );
  });
  ctx.setMessage('Task updated successfully: every enterprise that has it sees the change');
  return toPlatformTask(await loadTemplate(ctx.db, taskId));
};

/**
 * Takes a template's copy out of one enterprise's library: deleted when no learner has it, else archived
 * (learners keep their answers). Answers what happened.
 */
const withdraw = async (
  db: Db,
  taskId: string,
  enterpriseId: string,
): Promise<'deleted' | 'archived' | 'none'> => {
  const copy = await db
    .selectFrom('tasks')
    .select([
      'id',
      sql<number>`(select count(*) from task_assignments a where a.task_id = tasks.id)`.as('assigned'),
    ])
    .where('platform_task_id', '=', taskId)
    .where('enterprise_id', '=', enterpriseId)
    .where('archived', '=', 0)
    .executeTakeFirst();
  if (!copy) return 'none';
  if (Number(copy.assigned) > 0) {
    await db
      .updateTable('tasks')
      .set({ archived: 1, updated_at: nowIso() })
      .where('id', '=', copy.id)
      .execute();
    await db.deleteFrom('task_group_assignments').where('task_id', '=', copy.id).execute();
    return 'archived';
  }
  await db.deleteFrom('tasks').where('id', '=', copy.id).execute();
  return 'deleted';
};

/** Puts a template into one enterprise's library: a new copy, or the archived one back. */
const offer = async (db: Db, template: TemplateRow, enterpriseId: string): Promise<boolean> => {
  const copy = await db
    .selectFrom('tasks')
    .select(['id', 'archived'])
    .where('platform_task_id', '=', template.id)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  const at = nowIso();
  const columns = {
    type: template.type,
    title: template.title,
    description: template.description,
    category: template.category,
    level: template.level,
    time_minutes: template.time_minutes,
    expiry_seconds: template.expiry_seconds,
    details: template.details,
    attachments: template.attachments,
  };
  if (copy && Number(copy.archived) === 0) return false;
  if (copy) {
    await db
      .updateTable('tasks')
      .set({ ...columns, archived: 0, updated_at: at })
      .where('id', '=', copy.id)
      .execute();
  } else {
    await db
      .insertInto('tasks')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: enterpriseId,
        ...columns,
        reading_topic_id: null,
        archived: 0,
        like_count: 0,
        view_count: 0,
        created_by: null,
        created_at: at,
        updated_at: at,
        platform_task_id: template.id,
      })
      .execute();
  }
  await offerVideo(db, template.details, [enterpriseId]);
  return true;
};

/** tasks/delete-task: withdrawn from every enterprise first (copies with learners stay archived). */
export const deleteTemplate = async (
  ctx: ServiceContext,
  { taskId }: ParsedRequestOf<typeof adminTasks.remove>,
) => {
  await loadTemplate(ctx.db, taskId);
  let withdrawn = 0;
  let archived = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const holders = await trx
      .selectFrom('tasks')
      .select('enterprise_id')
      .where('platform_task_id', '=', taskId)
      .where('archived', '=', 0)
      .execute();
    for (const { enterprise_id } of holders) {
      const result = await withdraw(trx, taskId, enterprise_id);
      if (result !== 'none') withdrawn += 1;
      if (result === 'archived') archived += 1;
    }
    await trx.deleteFrom('platform_tasks').where('id', '=', taskId).execute();
  });
  ctx.setMessage(
    withdrawn
      ? `Task deleted and withdrawn from ${withdrawn} ${withdrawn === 1 ? 'enterprise' : 'enterprises'}`
      : 'Task deleted successfully',
  );
  return { _id: taskId, withdrawn, archived };
};

/** tasks/bulk-assign-unassign: offers or withdraws templates for enterprises, pair by pair. */
export const bulkAssign = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminTasks.bulkAssign>,
) => {
  const taskIds = [...new Set(input.taskIds)];
  const enterpriseIds = [...new Set(input.enterpriseIds)];
  const templates = await selectTemplates(ctx.db).where('platform_tasks.id', 'in', taskIds).execute();
  if (templates.length !== taskIds.length) throw notFound('Task not found');
  const found = await ctx.db
    .selectFrom('enterprises')
    .select('id')
    .where('id', 'in', enterpriseIds)
    .execute();
  if (found.length !== enterpriseIds.length) throw notFound('Enterprise not found');
  let changed = 0;
  let archived = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const template of templates)
      for (const enterpriseId of enterpriseIds) {
        if (input.action === 'assign') {
          if (await offer(trx, template, enterpriseId)) changed += 1;
        } else {
          const result = await withdraw(trx, template.id, enterpriseId);
          if (result !== 'none') changed += 1;
          if (result === 'archived') archived += 1;
        }
      }
  });
  const pairs = taskIds.length * enterpriseIds.length;
  ctx.setMessage(
    input.action === 'assign'
      ? `${changed} ${changed === 1 ? 'task' : 'tasks'} offered`
      : `${changed} ${changed === 1 ? 'task' : 'tasks'} withdrawn${archived ? ` (${archived} kept archived: learners have them)` : ''}`,
  );
  return { changed, unchanged: pairs - changed, archived };
};
