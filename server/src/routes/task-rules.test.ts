import { contentLibrary } from '@coach/shared/contract/content';
import { taskFolders } from '@coach/shared/contract/task-folders';
import { MY_TASKS_PAGE_SIZE, tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let staffId: string;
let learnerId: string;
const ip = '10.9.6.1';

const common = { category: 'Communication', level: 1, timeMinutes: 10, expirySeconds: 604800 } as const;
const written = (title: string) => ({ ...common, type: 7, title, questions: ['What went well?'] }) as const;
const question = (id: string, extra: object = {}) => ({
  id,
  type: 'multiple-choice',
  text: `Question ${id}`,
  options: [
    { text: 'Yes', value: 'y' },
    { text: 'No', value: 'n' },
  ],
  ...extra,
});

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const addTask = async (body: object, token = owner) => {
  const res = await post(token, tasks.addTask.path, body);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { _id: string };
};
const complete = (token: string, userId: string, taskId: string) =>
  post(token, tasks.updateMyTask.path, {
    userId,
    taskId,
    progress: 100,
    taskStatus: 2,
    report: { answers: ['It went well.'] },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, staffId, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('the pickers’ task lists', () => {
  it('get-enterprise-tasks pages 25 by default, searches, keeps to the enterprise and needs the key', async () => {
    for (let i = 0; i < 26; i += 1) await addTask(written(`Picker task ${String(i).padStart(2, '0')}`));
    const first = await get(owner, tasks.getEnterpriseTasks.path, { searchInput: 'picker task' });
    expect(first.status).toBe(200);
    expect(first.json.response).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 26 });
    expect((first.json.response as { listdata: unknown[] }).listdata).toHaveLength(25);
    const second = await get(owner, tasks.getEnterpriseTasks.path, {
      searchInput: 'picker task',
      currentPage: '2',
    });
    expect((second.json.response as { listdata: unknown[] }).listdata).toHaveLength(1);
    const theirs = await get(globex, tasks.getEnterpriseTasks.path, { searchInput: 'picker task' });
    expect(theirs.json.response).toMatchObject({ totalCount: 0 });
    expect((await get(staff, tasks.getEnterpriseTasks.path)).status).toBe(403);
    const badLimit = await get(owner, tasks.getEnterpriseTasks.path, { limit: '0' });
    expect(badLimit.status).toBe(422);
    expect(badLimit.json.field).toBe('limit');
  });

  it('get-all-task-list-enterprise lists live tasks by title for this enterprise only', async () => {
    const mine = await addTask(written('Aardvark options'));
    const options = (await get(owner, tasks.getAllTaskListEnterprise.path)).json.response as {
      _id: string;
    }[];
    expect(options.map((o) => o._id)).toContain(mine._id);
    const theirs = (await get(globex, tasks.getAllTaskListEnterprise.path)).json.response as {
      _id: string;
    }[];
    expect(theirs.map((o) => o._id)).not.toContain(mine._id);
    expect((await get(learner, tasks.getAllTaskListEnterprise.path)).status).toBe(403);
  });
});

describe('another enterprise’s ids are missing ones, and review needs the task-library key', () => {
  it('answers 404 to Globex for Acme’s task, folder and member on every write and read', async () => {
    const task = await addTask(written('Acme only'));
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    expect((await complete(learner, learnerId, task._id)).status).toBe(200);
    const folder = await post(owner, taskFolders.createFolder.path, { name: 'Acme folder' });
    const folderId = (folder.json.response as { _id: string })._id;
    await post(owner, taskFolders.assignTaskFolder.path, { folderId, taskIds: [task._id] });

    const asGlobex = [
      await post(globex, tasks.editTask.path, { ...written('Hijacked'), taskId: task._id }),
      await post(globex, tasks.deleteTask.path, { taskId: task._id }),
      await post(globex, tasks.getMembersByTaskId.path, { taskId: task._id }),
      await post(globex, tasks.markTaskReviewed.path, { taskId: task._id, userId: learnerId }),
      await get(globex, tasks.getCompletedIvrTaskDetails.path, { taskId: task._id, userId: learnerId }),
      await post(globex, tasks.getMembersTaskData.path, { taskId: task._id, userId: learnerId }),
      await post(globex, taskFolders.deleteTaskFromFolder.path, { folderId, taskId: task._id }),
      await post(globex, taskFolders.deleteFolder.path, { folderId }),
      await post(globex, taskFolders.getFolderContents.path, { folderId }),
    ];
    expect(asGlobex.map((res) => res.status)).toEqual(asGlobex.map(() => 404));
    // Nothing changed for Acme.
    const still = await post(owner, taskFolders.getFolderContents.path, { folderId });
    expect(still.json.response).toMatchObject({ folder: { name: 'Acme folder', taskCount: 1 } });
    expect((await get(owner, tasks.getTaskById.path, { taskId: task._id })).json.response).toMatchObject({
      title: 'Acme only',
    });
  });

  it('refuses every review call to a role without task-library', async () => {
    const task = await addTask(written('Review gate'));
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    await complete(learner, learnerId, task._id);
    const pair = { taskId: task._id, userId: learnerId };
    const asStaff = [
      await get(staff, tasks.getCompletedTasksPendingReview.path),
      await post(staff, tasks.getMembersTaskData.path, pair),
      await get(staff, tasks.getCompletedIvrTaskDetails.path, pair),
      await post(staff, tasks.addTaskFeedback.path, { ...pair, feedback: 'Nice' }),
      await post(staff, tasks.markTaskReviewed.path, pair),
    ];
    expect(asStaff.map((res) => res.status)).toEqual(asStaff.map(() => 403));
  });
});

describe('authoring rules', () => {
  it('a Multiple Choice task needs distinct question ids and an expected answer among the options', async () => {
    const base = { ...common, type: 8, title: 'Quiz' };
    const twins = await post(owner, tasks.addTask.path, {
      ...base,
      questions: [question('q'), question('q')],
    });
    expect(twins.status).toBe(422);
    expect(twins.json.field).toBe('questions');
    const stranger = await post(owner, tasks.addTask.path, {
      ...base,
      questions: [question('q', { answer: 'maybe' })],
    });
    expect(stranger.status).toBe(422);
    expect(stranger.json.field).toBe('questions.0.answer');
    const two = await post(owner, tasks.addTask.path, {
      ...base,
      questions: [question('q', { answer: ['y', 'n'] })],
    });
    expect(two.json.field).toBe('questions.0.answer');
    const several = await post(owner, tasks.addTask.path, {
      ...base,
      questions: [question('q', { answer: ['y', 'n'], multipleSelection: true })],
    });
    expect(several.status, several.json.message).toBe(200);
  });

  it('an archived task cannot be edited', async () => {
    const task = await addTask(written('Soon archived'));
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [staffId] });
    const deleted = await post(owner, tasks.deleteTask.path, { taskId: task._id });
    expect(deleted.json.response).toMatchObject({ archived: true });
    const edit = await post(owner, tasks.editTask.path, { ...written('Changed'), taskId: task._id });
    expect(edit.status).toBe(409);
  });

  it('a Video task completes by viewing its video, not by a client claiming it was watched', async () => {
    const picker = await get(owner, contentLibrary.getVideoContentForTask.path, { search: 'calm' });
    const video = (picker.json.response as { listdata: { _id: string }[] }).listdata[0];
    const task = await addTask({ ...common, type: 3, title: 'Watch: calm', contentId: video?._id });
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [staffId] });
    const claimed = await post(staff, tasks.updateMyTask.path, {
      userId: staffId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { watchedPercent: 100 },
    });
    expect(claimed.status).toBe(422);
    expect(claimed.json.field).toBe('report.watchedPercent');
  });
});

describe('My Tasks', () => {
  it('pages one status at a time and counts every status under the filters', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MY_TASKS_PAGE_SIZE + 2; i += 1) ids.push((await addTask(written(`Paged ${i}`)))._id);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: ids, userIds: [staffId] });
    for (const id of ids.slice(0, 3)) expect((await complete(staff, staffId, id)).status).toBe(200);

    const due = await get(staff, tasks.getMyTasks.path, { search: 'paged', taskStatus: '0' });
    const body = due.json.response as {
      listdata: { taskStatus: number }[];
      counts: { due: number; inProgress: number; done: number };
      totalPages: number;
      totalCount: number;
    };
    expect(body.counts).toEqual({ due: MY_TASKS_PAGE_SIZE - 1, inProgress: 0, done: 3 });
    expect(body.totalCount).toBe(MY_TASKS_PAGE_SIZE - 1);
    expect(body.totalPages).toBe(1);
    expect(body.listdata.every((row) => row.taskStatus === 0)).toBe(true);
    const all = await get(staff, tasks.getMyTasks.path, { search: 'paged' });
    expect(all.json.response).toMatchObject({ totalCount: MY_TASKS_PAGE_SIZE + 2, totalPages: 2 });
    expect((all.json.response as { listdata: unknown[] }).listdata).toHaveLength(MY_TASKS_PAGE_SIZE);
    const page2 = await get(staff, tasks.getMyTasks.path, { search: 'paged', currentPage: '2' });
    expect((page2.json.response as { listdata: unknown[] }).listdata).toHaveLength(2);
    const done = await get(staff, tasks.getMyTasks.path, { search: 'paged', taskStatus: '2' });
    expect(
      (done.json.response as { listdata: { taskId: string }[] }).listdata.map((r) => r.taskId).sort(),
    ).toEqual(ids.slice(0, 3).sort());
    const bad = await get(staff, tasks.getMyTasks.path, { taskStatus: '7' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('taskStatus');
  });

  it('viewallvideo answers every Video task at once', async () => {
    const picker = await get(owner, contentLibrary.getVideoContentForTask.path);
    const videos = (picker.json.response as { listdata: { _id: string }[] }).listdata;
    const ids: string[] = [];
    for (let i = 0; i < MY_TASKS_PAGE_SIZE + 1; i += 1)
      ids.push(
        (await addTask({ ...common, type: 3, title: `Clip ${i}`, contentId: videos[i % videos.length]?._id }))
          ._id,
      );
    await post(owner, tasks.assignTaskUsers.path, { taskIds: ids, userIds: [staffId] });
    const paged = await get(staff, tasks.getMyTasks.path, { tasktype: '3', search: 'clip' });
    expect((paged.json.response as { listdata: unknown[] }).listdata).toHaveLength(MY_TASKS_PAGE_SIZE);
    const everything = await get(staff, tasks.getMyTasks.path, {
      tasktype: '3',
      search: 'clip',
      viewallvideo: 'true',
    });
    expect(everything.json.response).toMatchObject({ totalPages: 1 });
    expect((everything.json.response as { listdata: unknown[] }).listdata).toHaveLength(
      MY_TASKS_PAGE_SIZE + 1,
    );
  });
});
