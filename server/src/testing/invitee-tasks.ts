import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { expect } from 'vitest';
import type { createTestApp } from './test-app.ts';

export const DAY = 86_400_000;

/**
 * A member invited as `roleId` by the owner (token `owner`) and given the first `taskCount` tasks of the library five
 * days ago with a week to do them, while the invitation waited: the set-up of the tests of when an invitee's task
 * clock starts (on joining, by the emailed link or single sign-on). Returns the invitee's id and the tasks' ids.
 */
export const inviteeWithWaitingTasks = async (
  t: Awaited<ReturnType<typeof createTestApp>>,
  {
    owner,
    ip,
    name,
    email,
    roleId,
    taskCount,
  }: {
    owner: string;
    ip: string;
    name: string;
    email: string;
    roleId: string;
    taskCount: number;
  },
) => {
  const invited = await t.request('POST', members.invite.path, {
    token: owner,
    ip,
    body: { name, email, roleId },
  });
  expect(invited.status, invited.json.message).toBe(200);
  const userId = (invited.json.response as { _id: string })._id;
  const library = await t.request('GET', tasks.getAllTaskListEnterprise.path, { token: owner, ip });
  const taskIds = (library.json.response as { _id: string }[]).slice(0, taskCount).map((task) => task._id);
  const assigned = await t.request('POST', tasks.assignTaskUsers.path, {
    token: owner,
    ip,
    body: { taskIds, userIds: [userId] },
  });
  expect(assigned.json.response).toMatchObject({ assigned: taskCount });
  const fiveDaysAgo = Date.now() - 5 * DAY;
  await t.deps.db
    .updateTable('task_assignments')
    .set({
      assigned_at: new Date(fiveDaysAgo).toISOString(),
      due_at: new Date(fiveDaysAgo + 7 * DAY).toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
  return { userId, taskIds };
};
