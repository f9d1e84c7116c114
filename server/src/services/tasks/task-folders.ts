import type { TaskFolder } from '@coach/shared/contract/task-folders';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { assertTasksInEnterprise, selectTasks, toTasks } from './task-rows.ts';

// Folders of the task library (task-folders/*): a folder holds some of the enterprise's tasks.

const folderCount = sql<number>`(select count(*) from task_folder_items i where i.folder_id = task_folders.id)`;

const loadFolder = async (db: Db, enterpriseId: string, folderId: string): Promise<TaskFolder> => {
  const row = await db
    .selectFrom('task_folders')
    .select(['id', 'name', folderCount.as('task_count')])
    .where('id', '=', folderId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Folder not found');
  return { _id: row.id, name: row.name, taskCount: Number(row.task_count) };
};

export const folderContents = async (
  ctx: ServiceContext,
  { folderId }: { folderId?: string | undefined },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  if (!folderId) {
    const rows = await ctx.db
      .selectFrom('task_folders')
      .select(['id', 'name', folderCount.as('task_count')])
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('name')
      .execute();
    return {
      folders: rows.map((row) => ({ _id: row.id, name: row.name, taskCount: Number(row.task_count) })),
    };
  }
  const folder = await loadFolder(ctx.db, enterpriseId, folderId);
  const rows = await selectTasks(ctx.db, enterpriseId)
    .innerJoin('task_folder_items', 'task_folder_items.task_id', 'tasks.id')
    .where('task_folder_items.folder_id', '=', folderId)
    .orderBy('task_folder_items.added_at')
    .orderBy('tasks.id')
    .execute();
  return { folder, tasks: await toTasks(ctx.db, rows) };
};

/**
 * Two folders of one name could not be told apart, on the screen or by a screen reader ("Actions for the folder
 * Onboarding week" twice): a name is taken whatever its case, as a group's is.
 */
const assertNameFree = async (db: Db, enterpriseId: string, name: string, exceptId?: string) => {
  let query = db
    .selectFrom('task_folders')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', 'A folder with this name already exists');
};

export const createFolder = async (ctx: ServiceContext, { name }: { name: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await assertNameFree(ctx.db, enterpriseId, name);
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('task_folders')
    .values({ id, enterprise_id: enterpriseId, name, created_at: nowIso() })
    .execute();
  ctx.setMessage('Folder created');
  return loadFolder(ctx.db, enterpriseId, id);
};

export const renameFolder = async (
  ctx: ServiceContext,
  { folderId, name }: { folderId: string; name: string },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadFolder(ctx.db, enterpriseId, folderId);
  await assertNameFree(ctx.db, enterpriseId, name, folderId);
  await ctx.db
    .updateTable('task_folders')
    .set({ name })
    .where('id', '=', folderId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Folder renamed');
  return loadFolder(ctx.db, enterpriseId, folderId);
};

/** Deletes the folder and its memberships; the tasks themselves stay in the library. */
export const deleteFolder = async (ctx: ServiceContext, { folderId }: { folderId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadFolder(ctx.db, enterpriseId, folderId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('task_folder_items').where('folder_id', '=', folderId).execute();
    await trx
      .deleteFrom('task_folders')
      .where('id', '=', folderId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  });
  ctx.setMessage('Folder deleted; its tasks stay in the library');
  return { _id: folderId };
};

export const removeFromFolder = async (
  ctx: ServiceContext,
  { folderId, taskId }: { folderId: string; taskId: string },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadFolder(ctx.db, enterpriseId, folderId);
  const removed = await ctx.db
    .deleteFrom('task_folder_items')
    .where('folder_id', '=', folderId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('The task is not in this folder');
  ctx.setMessage('Task removed from the folder');
  return { _id: taskId };
};

export const addToFolder = async (
  ctx: ServiceContext,
  { folderId, taskIds }: { folderId: string; taskIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadFolder(ctx.db, enterpriseId, folderId);
  await assertTasksInEnterprise(ctx.db, enterpriseId, taskIds);
  const at = nowIso();
  await ctx.db
    .insertInto('task_folder_items')
    .values([...new Set(taskIds)].map((taskId) => ({ folder_id: folderId, task_id: taskId, added_at: at })))
    .onConflict((oc) => oc.columns(['folder_id', 'task_id']).doNothing())
    .execute();
  ctx.setMessage(taskIds.length === 1 ? 'Task added to the folder' : 'Tasks added to the folder');
  return loadFolder(ctx.db, enterpriseId, folderId);
};
