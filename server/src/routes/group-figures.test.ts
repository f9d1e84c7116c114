import { contentActions, contentLibrary } from '@coach/shared/contract/content';
import { groups } from '@coach/shared/contract/groups';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// A group's detail page counts what the group gave, not its members' all-time totals.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let staffId: string;
let learnerId: string;
const ip = '10.9.17.5';

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string>) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });

const reflection = (title: string) => ({
  type: 7,
  title,
  category: 'Communication',
  level: 1,
  timeMinutes: 10,
  expirySeconds: 604800,
  questions: ['What went well?'],
});
const addTask = async (title: string) => {
  const res = await post(owner, tasks.addTask.path, reflection(title));
  expect(res.status, res.json.message).toBe(200);
  return res.json.response._id as string;
};
const addGroup = async (name: string, memberIds: string[]) => {
  const res = await post(owner, groups.add.path, { name, memberIds });
  expect(res.status, res.json.message).toBe(200);
  return res.json.response._id as string;
};
const videoId = async (title: string) => {
  const res = await get(owner, contentLibrary.getVideoContentForTask.path, { search: title });
  const found = (res.json.response.listdata as { _id: string; title: string }[]).find(
    (v) => v.title === title,
  );
  if (!found) throw new Error(`no video ${title}`);
  return found._id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, staffId, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('a group’s figures', () => {
  it('count the tasks and videos given through the group, not its members’ other assignments', async () => {
    const groupId = await addGroup('Given through', [staffId, learnerId]);
    const otherGroup = await addGroup('Another cohort', [staffId]);
    const given = await addTask('Given by the group');
    const direct = await addTask('Given to the member directly');
    const elsewhere = await addTask('Given by another group');
    await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [given], groupIds: [groupId] });
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [direct], userIds: [staffId] });
    await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [elsewhere], groupIds: [otherGroup] });
    const done = await post(staff, tasks.updateMyTask.path, {
      userId: staffId,
      taskId: given,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['Fine.'] },
    });
    expect(done.status, done.json.message).toBe(200);

    const giveVideo = await videoId('Networking basics');
    const otherVideo = await videoId('Active listening');
    await post(owner, contentLibrary.assignContentGroupUsers.path, {
      contentIds: [giveVideo],
      groupIds: [groupId],
    });
    await post(staff, contentActions.doAction.path, { contentId: giveVideo, actionName: 'viewed' });
    await post(staff, contentActions.doAction.path, { contentId: otherVideo, actionName: 'viewed' });

    const detail = await get(owner, groups.get.path, { groupId });
    expect(detail.status, detail.json.message).toBe(200);
    // Two people were given one task by the group: the seeded staff member's other tasks do not count.
    expect(detail.json.response.taskFigures).toEqual({
      assigned: 2,
      inProgress: 0,
      completed: 1,
      overdue: 0,
      pendingReview: 1,
    });
    expect(detail.json.response.videoFigures).toEqual({ assigned: 2, watched: 1 });

    // A member who leaves stops counting; the other group counts only its own task.
    await post(owner, groups.edit.path, { groupId, name: 'Given through', memberIds: [learnerId] });
    const after = await get(owner, groups.get.path, { groupId });
    expect(after.json.response.taskFigures).toMatchObject({ assigned: 1, completed: 0, pendingReview: 0 });
    expect(after.json.response.videoFigures).toEqual({ assigned: 1, watched: 0 });
    const other = await get(owner, groups.get.path, { groupId: otherGroup });
    expect(other.json.response.taskFigures).toMatchObject({ assigned: 1, completed: 0 });
    expect(other.json.response.videoFigures).toEqual({ assigned: 0, watched: 0 });
  });

  it('a new group with members shows zero: it gave nothing yet', async () => {
    const groupId = await addGroup('Nothing given yet', [staffId, learnerId]);
    const detail = await get(owner, groups.get.path, { groupId });
    expect(detail.json.response.taskFigures).toEqual({
      assigned: 0,
      inProgress: 0,
      completed: 0,
      overdue: 0,
      pendingReview: 0,
    });
    expect(detail.json.response.videoFigures).toEqual({ assigned: 0, watched: 0 });
  });

  it('are refused to another enterprise (404) and to a role without the groups permission (403)', async () => {
    const groupId = await addGroup('Private figures', [staffId]);
    expect((await get(globex, groups.get.path, { groupId })).status).toBe(404);
    expect((await get(learner, groups.get.path, { groupId })).status).toBe(403);
    const bad = await get(owner, groups.get.path, { groupId: '' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('groupId');
  });
});
