import { z } from 'zod';
import { TASK_TYPE_VALUES, TASK_TYPES } from '../constants/task-types.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, idList, paged, searchText } from './envelope.ts';
import { addTaskRequest, editTaskRequest, taskBody } from './tasks.ts';

// The platform task library (spec §2 /admin/tasks-library, /admin/create-task, edit, view,
// /admin/bulk-assign-unassign-task). Offering a template to an enterprise copies it into that enterprise's
// library, linked back; edits of the template reach every copy; withdrawing removes the copy (or archives it
// when learners have it, so their answers stay).
const T = `${API_BASE.admin}/tasks`;

export const PLATFORM_TASK_PAGE_SIZE = 24;
export const TASK_BULK_MAX = 200;

/** A platform task: the authored fields of its type plus how many enterprises have it. */
const platformTaskMeta = {
  _id: z.string(),
  archived: z.boolean(),
  enterpriseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const platformTaskSchema = taskBody(platformTaskMeta);
export type PlatformTask = z.output<typeof platformTaskSchema>;

/** An enterprise that has a platform task's copy, with how many of its learners have that copy. */
export const platformTaskEnterpriseSchema = z.object({
  _id: z.string(),
  companyName: z.string(),
  assignedCount: z.number().int(),
});
export type PlatformTaskEnterprise = z.output<typeof platformTaskEnterpriseSchema>;

/** get-task: the task with the enterprises that have it. */
const platformTaskDetailSchema = taskBody({
  ...platformTaskMeta,
  enterprises: z.array(platformTaskEnterpriseSchema),
});

/** Reading topics belong to an enterprise: a platform Read task carries its own passage. */
const noReadingTopic = <T extends { type: number; readingTopicId?: string | undefined }>(task: T) =>
  task.type !== TASK_TYPES.read || !task.readingTopicId;
const NO_TOPIC = {
  message: 'A platform Read task has its own passage (reading topics belong to an enterprise)',
  path: ['readingTopicId'],
};

export const adminTasks = {
  list: defineCall({
    method: 'POST',
    path: `${T}/get-tasks`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      searchInput: searchText(),
      type: z
        .union(
          TASK_TYPE_VALUES.map((value) => z.literal(value)),
          { error: 'Type must be 1 to 8' },
        )
        .optional(),
      archived: z.boolean().default(false),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(platformTaskSchema),
  }),
  get: defineCall({
    method: 'POST',
    path: `${T}/get-task`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ taskId: id() }),
    response: platformTaskDetailSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${T}/add-task`,
    auth: 'admin',
    permission: null,
    request: addTaskRequest.refine(noReadingTopic, NO_TOPIC),
    response: platformTaskSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${T}/edit-task`,
    auth: 'admin',
    permission: null,
    request: editTaskRequest.refine(noReadingTopic, NO_TOPIC),
    response: platformTaskSchema,
  }),
  /** Withdraws the template from every enterprise (copies with learners are archived), then deletes it. */
  remove: defineCall({
    method: 'POST',
    path: `${T}/delete-task`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ taskId: id() }),
    response: z.object({ _id: z.string(), withdrawn: z.number().int(), archived: z.number().int() }),
  }),
  bulkAssign: defineCall({
    method: 'POST',
    path: `${T}/bulk-assign-unassign`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      taskIds: idList({ what: 'task', max: TASK_BULK_MAX }),
      enterpriseIds: idList({ what: 'enterprise', max: TASK_BULK_MAX }),
      action: z.enum(['assign', 'unassign'], { error: 'action is assign or unassign' }),
    }),
    response: z.object({
      changed: z.number().int(),
      unchanged: z.number().int(),
      archived: z.number().int(),
    }),
  }),
};
