import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, idList, text } from './envelope.ts';
import { taskSchema } from './tasks.ts';

const F = `${API_BASE.enterprise}/task-folders`;
const folderName = text().trim().min(1, 'Please enter a folder name').max(100, 'At most 100 characters');

/** A task folder (the folder view of /enterprise/tasks-library-new). */
export const taskFolderSchema = z.object({ _id: id(), name: z.string(), taskCount: z.number().int() });
export type TaskFolder = z.infer<typeof taskFolderSchema>;

/** get-folder-contents: every folder, or with folderId that folder and its tasks (archived ones included). */
export const folderContentsSchema = z.union([
  z.object({ folders: z.array(taskFolderSchema) }),
  z.object({ folder: taskFolderSchema, tasks: z.array(taskSchema) }),
]);
export type FolderContents = z.output<typeof folderContentsSchema>;

/** Task folder calls (spec §7, prefix task-folders/), all under 'task-library'. */
export const taskFolders = {
  /** The folders, or with folderId one folder's tasks. */
  getFolderContents: defineCall({
    method: 'POST',
    path: `${F}/get-folder-contents`,
    reads: true,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ folderId: id().optional() }),
    response: folderContentsSchema,
  }),
  createFolder: defineCall({
    method: 'POST',
    path: `${F}/create-folder`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ name: folderName }),
    response: taskFolderSchema,
  }),
  renameFolder: defineCall({
    method: 'POST',
    path: `${F}/rename-folder`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ folderId: id(), name: folderName }),
    response: taskFolderSchema,
  }),
  /** Deletes the folder; its tasks stay in the library. */
  deleteFolder: defineCall({
    method: 'POST',
    path: `${F}/delete-folder`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ folderId: id() }),
    response: z.object({ _id: z.string() }),
  }),
  /** Takes a task out of a folder (the task itself stays). */
  deleteTaskFromFolder: defineCall({
    method: 'POST',
    path: `${F}/delete-task-from-folder`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ folderId: id(), taskId: id() }),
    response: z.object({ _id: z.string() }),
  }),
  /** Puts tasks into a folder. Assigning a whole folder to people uses tasks/assign-task-* with its task ids. */
  assignTaskFolder: defineCall({
    method: 'POST',
    path: `${F}/assign-task-folder`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ folderId: id(), taskIds: idList({ what: 'task' }) }),
    response: taskFolderSchema,
  }),
};
