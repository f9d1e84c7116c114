import { enterpriseAuth } from '@coach/shared/contract/auth';
import { contentLibrary } from '@coach/shared/contract/content';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { taskFolders } from '@coach/shared/contract/task-folders';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { WEBM_STUB } from '../testing/webm.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let learnerId: string;
let staffId: string;
const ip = '10.9.7.1';

const WEBM = WEBM_STUB;

const common = { category: 'Communication', level: 1, timeMinutes: 10, expirySeconds: 604800 } as const;
const byType = {
  1: {
    ...common,
    type: 1,
    title: 'Read: feedback that lands',
    passage: 'Good feedback is specific and kind.',
  },
  2: { ...common, type: 2, category: 'Audio', title: 'Say it clearly', items: ['thorough', 'particularly'] },
  4: { ...common, type: 4, title: 'Introduce yourself', questions: ['Who are you?', 'What do you do?'] },
  5: { ...common, type: 5, title: 'Read aloud', passage: 'The quick brown fox jumps over the lazy dog.' },
  6: {
    ...common,
    type: 6,
    category: 'IVR',
    title: 'Interview: support lead',
    jobTitle: 'Support lead',
    industry: 'Software',
    location: 'Melbourne',
    region: 'Australia',
  },
  7: { ...common, type: 7, title: 'Reflect in writing', questions: ['What went well this week?'] },
  8: {
    ...common,
    type: 8,
    title: 'Meeting etiquette quiz',
    questions: [
      {
        id: 'q1',
        type: 'multiple-choice',
        text: 'When should a stand-up end?',
        options: [
          { text: 'After 15 minutes', value: 'a' },
          { text: 'When everyone is tired', value: 'b' },
        ],
        required: true,
      },
      {
        id: 'q2',
        type: 'multiple-choice',
        text: 'Which help a meeting?',
        options: [
          { text: 'An agenda', value: 'agenda' },
          { text: 'A timekeeper', value: 'timer' },
        ],
        multipleSelection: true,
        hasOther: true,
        otherText: 'Something else',
        required: false,
      },
    ],
  },
} as const;

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const addTask = async (body: object, token = owner) => {
  const res = await post(token, tasks.addTask.path, body);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { _id: string; type: number };
};
const uploadRecording = async (token: string) => {
  const signed = await post(token, enterpriseGeneral.putSignedRequestForUpload.path, {
    purpose: 'task-recording',
    fileName: 'answer.webm',
    fileType: 'audio/webm',
    fileSize: WEBM.length,
  });
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  const put = await t.app.request(uploadUrl, { method: 'PUT', headers, body: WEBM });
  expect(put.status).toBe(200);
  return fileUrl;
};
const meId = async (token: string) =>
  ((await t.request('GET', enterpriseAuth.me.path, { token, ip })).json.response as { _id: string })._id;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, staffId, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('authoring', () => {
  it('creates a task of each type that needs no content library and reads it back whole', async () => {
    for (const body of Object.values(byType)) {
      const task = await addTask(body);
      const read = await get(owner, tasks.getTaskById.path, { taskId: task._id });
      expect(read.json.response).toMatchObject({ ...body, archived: false, assignedCount: 0 });
    }
  });

  it('names the field of each bad input: a type-8 question without options, a type-2 task without items', async () => {
    const noOptions = await post(owner, tasks.addTask.path, {
      ...byType[8],
      questions: [{ id: 'q', type: 'multiple-choice', text: 'Pick one' }],
    });
    expect(noOptions.status).toBe(422);
    expect(noOptions.json.field).toBe('questions.0.options');
    const noItems = await post(owner, tasks.addTask.path, { ...byType[2], items: [] });
    expect(noItems.status).toBe(422);
    expect(noItems.json.field).toBe('items');
    const noPassage = await post(owner, tasks.addTask.path, { ...byType[1], passage: undefined });
    expect(noPassage.json.field).toBe('passage');
    const badExpiry = await post(owner, tasks.addTask.path, { ...byType[7], expirySeconds: 5 });
    expect(badExpiry.json.field).toBe('expirySeconds');
  });

  it('saves a Video task pointing at a video of the library; an unknown video is 422 on contentId', async () => {
    const picker = await get(owner, contentLibrary.getVideoContentForTask.path, { search: 'listening' });
    expect(picker.status).toBe(200);
    const video = (picker.json.response as { listdata: { _id: string }[] }).listdata[0];
    expect(video).toBeDefined();
    const task = await addTask({ ...common, type: 3, title: 'Watch', contentId: video?._id });
    const read = await get(owner, tasks.getTaskById.path, { taskId: task._id });
    expect(read.json.response).toMatchObject({ type: 3, contentId: video?._id });
    const res = await post(owner, tasks.addTask.path, { ...common, type: 3, title: 'Watch', contentId: 'x' });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('contentId');
  });

  it('copies the passage of a picked reading topic, and another enterprise’s topic is 404', async () => {
    const topics = await post(owner, '/api/v1/enterprise/reading-topics/get-reading-topic-options', {});
    const topic = (topics.json.response as { _id: string }[])[0];
    expect(topic).toBeDefined();
    const task = await addTask({ ...common, type: 1, title: 'From a topic', readingTopicId: topic?._id });
    const read = await get(owner, tasks.getTaskById.path, { taskId: task._id });
    expect((read.json.response as { passage: string }).passage.length).toBeGreaterThan(50);
    const foreign = await post(globex, tasks.addTask.path, {
      ...common,
      type: 1,
      title: 'Not mine',
      readingTopicId: topic?._id,
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a Multiple Choice question whose options repeat, case and surrounding spaces ignored', async () => {
    const [first, second] = byType[8].questions;
    const repeated = await post(owner, tasks.addTask.path, {
      ...byType[8],
      questions: [
        first,
        {
          ...second,
          options: [
            { text: 'Orange', value: 'orange' },
            { text: ' orange ', value: 'orange-2' },
          ],
        },
      ],
    });
    expect(repeated.status).toBe(422);
    expect(repeated.json).toMatchObject({
      field: 'questions.1.options',
      message: 'questions.1.options: Options must be different',
    });
    const task = await addTask(byType[8]);
    const edited = await post(owner, tasks.editTask.path, {
      ...byType[8],
      taskId: task._id,
      questions: [{ ...first, options: [...first.options, { text: 'after 15 MINUTES', value: 'c' }] }],
    });
    expect(edited.status).toBe(422);
    expect(edited.json.field).toBe('questions.0.options');
  });

  it('refuses a word said twice or a question asked twice as a 422 naming the repeated row', async () => {
    const items = await post(owner, tasks.addTask.path, {
      ...byType[2],
      items: ['schedule', 'colleague', 'Schedule.'],
    });
    expect(items.status).toBe(422);
    expect(items.json).toMatchObject({ field: 'items.2', message: 'items.2: Items must be different' });
    for (const body of [byType[4], byType[7]]) {
      const task = await addTask(body);
      const edited = await post(owner, tasks.editTask.path, {
        ...body,
        taskId: task._id,
        questions: ['What went well?', 'what  went well'],
      });
      expect(edited.status).toBe(422);
      expect(edited.json).toMatchObject({
        field: 'questions.1',
        message: 'questions.1: Questions must be different',
      });
    }
  });

  it('refuses a Read & Record passage too short to read aloud', async () => {
    const short = await post(owner, tasks.addTask.path, { ...byType[5], passage: 'a' });
    expect(short.status).toBe(422);
    expect(short.json).toMatchObject({
      field: 'passage',
      message: 'passage: The passage needs at least 3 words to read aloud',
    });
  });

  it('takes only a supported interview region; a task saved with another still loads and is edited onto one', async () => {
    for (const region of ['zzzz', '', 'australia']) {
      const refused = await post(owner, tasks.addTask.path, { ...byType[6], region });
      expect(refused.status, region).toBe(422);
      expect(refused.json).toMatchObject({
        field: 'region',
        message: 'region: Please pick a region from the list',
      });
    }
    const task = await addTask({ ...byType[6], region: 'United Kingdom' });
    // A task saved before the list, with a region of its own.
    await t.deps.db
      .updateTable('tasks')
      .set({
        details: JSON.stringify({
          jobTitle: 'Support lead',
          industry: 'Software',
          location: 'Perth',
          region: 'zzzz',
        }),
      })
      .where('id', '=', task._id)
      .execute();
    const read = await get(owner, tasks.getTaskById.path, { taskId: task._id });
    expect(read.status).toBe(200);
    expect(read.json.response).toMatchObject({ type: 6, region: 'zzzz' });
    const kept = await post(owner, tasks.editTask.path, { ...byType[6], taskId: task._id, region: 'zzzz' });
    expect(kept.status).toBe(422);
    expect(kept.json.field).toBe('region');
    const fixed = await post(owner, tasks.editTask.path, {
      ...byType[6],
      taskId: task._id,
      region: 'Europe',
    });
    expect(fixed.status, fixed.json.message).toBe(200);
    expect(fixed.json.response).toMatchObject({ region: 'Europe' });
  });

  it('edits a task but never its type', async () => {
    const task = await addTask(byType[7]);
    const edited = await post(owner, tasks.editTask.path, {
      ...byType[7],
      taskId: task._id,
      title: 'Reflect on your week',
    });
    expect(edited.json.response).toMatchObject({ title: 'Reflect on your week' });
    const retyped = await post(owner, tasks.editTask.path, { ...byType[4], taskId: task._id });
    expect(retyped.status).toBe(422);
    expect(retyped.json.field).toBe('type');
  });

  it('lists a section per type, one type a page at a time, and filters by search and category', async () => {
    const sections = await get(owner, tasks.getListOfTasks.path);
    const body = sections.json.response as { mode: string; sections: { type: number; totalCount: number }[] };
    expect(body.mode).toBe('sections');
    const types = body.sections.map((s) => s.type);
    expect(types).toEqual([...types].sort((a, b) => a - b));
    expect(types).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8]));
    const page = await get(owner, tasks.getListOfTasks.path, { tasktype: '1', search: 'topic' });
    expect(page.json.response).toMatchObject({ mode: 'list', totalCount: 1 });
    const audio = await get(owner, tasks.getListOfTasks.path, { catSearch: 'Audio' });
    const audioTasks = (
      audio.json.response as { sections: { listdata: { category: string }[] }[] }
    ).sections.flatMap((section) => section.listdata);
    expect(audioTasks.length).toBeGreaterThan(0);
    expect(audioTasks.every((task) => task.category === 'Audio')).toBe(true);
  });

  it('keeps each enterprise’s library to itself and needs the task-library key', async () => {
    const task = await addTask(byType[4]);
    // Globex's library holds only its own tasks (the seed's platform copy), never Acme's.
    const theirs = await get(globex, tasks.getListOfTasks.path);
    const listed = JSON.stringify(theirs.json.response);
    expect(listed).not.toContain(task._id);
    expect(listed).not.toContain(byType[4].title);
    expect((await get(globex, tasks.getTaskById.path, { taskId: task._id })).status).toBe(404);
    expect((await post(globex, tasks.deleteTask.path, { taskId: task._id })).status).toBe(404);
    expect((await post(staff, tasks.addTask.path, byType[4])).status).toBe(403);
    expect((await get(staff, tasks.getListOfTasks.path)).status).toBe(403);
    expect((await get(learner, tasks.getTaskById.path, { taskId: task._id })).status).toBe(404);
  });

  it('deletes an unassigned task, and archives an assigned one so its learners keep their history', async () => {
    const lonely = await addTask(byType[7]);
    const gone = await post(owner, tasks.deleteTask.path, { taskId: lonely._id });
    expect(gone.json.response).toMatchObject({ archived: false });
    expect((await get(owner, tasks.getTaskById.path, { taskId: lonely._id })).status).toBe(404);

    const used = await addTask(byType[7]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [used._id], userIds: [learnerId] });
    const archived = await post(owner, tasks.deleteTask.path, { taskId: used._id });
    expect(archived.json.response).toMatchObject({ archived: true });
    const archive = await get(owner, tasks.getListOfTasks.path, { viewArchive: 'true', tasktype: '7' });
    expect((archive.json.response as { listdata: { _id: string }[] }).listdata.map((x) => x._id)).toContain(
      used._id,
    );
    expect((await post(learner, tasks.getMyTask.path, { taskId: used._id })).status).toBe(200);
  });
});

describe('folders', () => {
  it('creates, fills, renames and deletes a folder; its tasks stay in the library', async () => {
    const a = await addTask(byType[1]);
    const b = await addTask(byType[5]);
    const created = await post(owner, taskFolders.createFolder.path, { name: 'Onboarding' });
    const folderId = (created.json.response as { _id: string })._id;
    const filled = await post(owner, taskFolders.assignTaskFolder.path, {
      folderId,
      taskIds: [a._id, b._id],
    });
    expect(filled.json.response).toMatchObject({ name: 'Onboarding', taskCount: 2 });
    await post(owner, taskFolders.renameFolder.path, { folderId, name: 'Week one' });
    const contents = await post(owner, taskFolders.getFolderContents.path, { folderId });
    expect(contents.json.response).toMatchObject({ folder: { name: 'Week one', taskCount: 2 } });
    await post(owner, taskFolders.deleteTaskFromFolder.path, { folderId, taskId: a._id });
    const list = await post(owner, taskFolders.getFolderContents.path, {});
    expect((list.json.response as { folders: { name: string; taskCount: number }[] }).folders).toContainEqual(
      expect.objectContaining({ name: 'Week one', taskCount: 1 }),
    );
    await post(owner, taskFolders.deleteFolder.path, { folderId });
    expect((await get(owner, tasks.getTaskById.path, { taskId: b._id })).status).toBe(200);
    expect((await post(owner, taskFolders.getFolderContents.path, { folderId })).status).toBe(404);
  });

  it('refuses a second folder of a name taken, whatever its case; another enterprise may use it', async () => {
    await post(owner, taskFolders.createFolder.path, { name: 'Onboarding week' });
    const again = await post(owner, taskFolders.createFolder.path, { name: 'onboarding WEEK' });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({
      field: 'name',
      message: 'name: A folder with this name already exists',
    });
    const other = await post(owner, taskFolders.createFolder.path, { name: 'Week two' });
    const otherId = (other.json.response as { _id: string })._id;
    const renamed = await post(owner, taskFolders.renameFolder.path, {
      folderId: otherId,
      name: 'Onboarding Week',
    });
    expect(renamed.status).toBe(422);
    // Its own name, in another case, is no clash.
    expect(
      (await post(owner, taskFolders.renameFolder.path, { folderId: otherId, name: 'week TWO' })).status,
    ).toBe(200);
    expect((await post(globex, taskFolders.createFolder.path, { name: 'Onboarding week' })).status).toBe(200);
  });

  it('is 404 for another enterprise’s folder or task, and 403 without the key', async () => {
    const folder = await post(owner, taskFolders.createFolder.path, { name: 'Private' });
    const folderId = (folder.json.response as { _id: string })._id;
    expect((await post(globex, taskFolders.renameFolder.path, { folderId, name: 'Mine' })).status).toBe(404);
    const theirFolder = await post(globex, taskFolders.createFolder.path, { name: 'Theirs' });
    const task = await addTask(byType[7]);
    const cross = await post(globex, taskFolders.assignTaskFolder.path, {
      folderId: (theirFolder.json.response as { _id: string })._id,
      taskIds: [task._id],
    });
    expect(cross.status).toBe(404);
    expect((await post(staff, taskFolders.getFolderContents.path, {})).status).toBe(403);
    expect((await post(owner, taskFolders.createFolder.path, { name: ' ' })).json.field).toBe('name');
  });
});

describe('assignment', () => {
  it('assigns to members once, refuses another enterprise’s member, and lists progress per member', async () => {
    const task = await addTask(byType[4]);
    const first = await post(owner, tasks.assignTaskUsers.path, {
      taskIds: [task._id],
      userIds: [learnerId, staffId],
    });
    expect(first.json.response).toMatchObject({ assigned: 2 });
    const again = await post(owner, tasks.assignTaskUsers.path, {
      taskIds: [task._id],
      userIds: [learnerId],
    });
    expect(again.json.response).toMatchObject({ assigned: 0, alreadyAssigned: 1 });
    const globexMe = await meId(globex);
    const foreign = await post(owner, tasks.assignTaskUsers.path, {
      taskIds: [task._id],
      userIds: [globexMe],
    });
    expect(foreign.status).toBe(404);
    const people = await post(owner, tasks.getMembersByTaskId.path, { taskId: task._id, currentPage: 1 });
    expect(people.json.response).toMatchObject({ totalCount: 2 });
    expect((await post(globex, tasks.getMembersByTaskId.path, { taskId: task._id })).status).toBe(404);
  });

  it('assigns to a group now and to whoever joins the group later', async () => {
    const created = await post(owner, groups.add.path, { name: 'Task cohort', memberIds: [staffId] });
    const groupId = (created.json.response as { _id: string })._id;
    const task = await addTask(byType[5]);
    const res = await post(owner, tasks.assignTaskGroupUsers.path, {
      taskIds: [task._id],
      groupIds: [groupId],
    });
    expect(res.json.response).toMatchObject({ assigned: 1 });
    const before = await get(learner, tasks.getMyTasks.path);
    expect(
      (before.json.response as { listdata: { taskId: string }[] }).listdata.map((r) => r.taskId),
    ).not.toContain(task._id);
    await post(owner, groups.edit.path, { groupId, name: 'Task cohort', memberIds: [staffId, learnerId] });
    const after = await get(learner, tasks.getMyTasks.path);
    expect(
      (after.json.response as { listdata: { taskId: string }[] }).listdata.map((r) => r.taskId),
    ).toContain(task._id);
    const foreign = await post(globex, tasks.assignTaskGroupUsers.path, {
      taskIds: [task._id],
      groupIds: [groupId],
    });
    expect(foreign.status).toBe(404);
  });

  it('gives a member edited into a group the group’s tasks', async () => {
    const created = await post(owner, groups.add.path, { name: 'Late joiners', memberIds: [] });
    const groupId = (created.json.response as { _id: string })._id;
    const task = await addTask(byType[7]);
    await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [task._id], groupIds: [groupId] });
    const detail = await get(owner, members.get.path, { memberId: staffId });
    const member = detail.json.response as { role: { _id: string }; groups: { _id: string }[] };
    const updated = await post(owner, members.update.path, {
      memberId: staffId,
      roleId: member.role._id,
      groupIds: [...member.groups.map((g) => g._id), groupId],
    });
    expect(updated.status).toBe(200);
    const mine = await get(staff, tasks.getMyTasks.path, { search: 'Reflect' });
    expect(
      (mine.json.response as { listdata: { taskId: string }[] }).listdata.map((r) => r.taskId),
    ).toContain(task._id);
  });
});

describe("a learner's copy of a task", () => {
  it("leaves out the library's figures (who else has it, who finished it, its groups); the library keeps them", async () => {
    const created = await post(owner, groups.add.path, {
      name: 'Figures stay with staff',
      memberIds: [learnerId, staffId],
    });
    const groupId = (created.json.response as { _id: string })._id;
    const task = await addTask({ ...byType[7], title: 'Reflect on the week (figures)' });
    await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [task._id], groupIds: [groupId] });
    const done = await post(staff, tasks.updateMyTask.path, {
      userId: staffId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['A good week.'] },
    });
    expect(done.status, done.json.message).toBe(200);
    const LIBRARY_FIGURES = ['assignedCount', 'completedCount', 'groupIds'];

    const mine = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(mine.status, mine.json.message).toBe(200);
    expect(mine.json.response.task).toMatchObject({ _id: task._id, title: 'Reflect on the week (figures)' });
    for (const key of LIBRARY_FIGURES) expect(mine.json.response.task).not.toHaveProperty(key);
    const byId = await get(learner, tasks.getTaskById.path, { taskId: task._id });
    expect(byId.status, byId.json.message).toBe(200);
    expect(byId.json.response).toMatchObject({ _id: task._id, questions: byType[7].questions });
    for (const key of LIBRARY_FIGURES) expect(byId.json.response).not.toHaveProperty(key);

    // Staff with the Tasks Library permission read them, in the task view and in the library.
    const figures = { assignedCount: 2, completedCount: 1, groupIds: [groupId] };
    expect((await get(owner, tasks.getTaskById.path, { taskId: task._id })).json.response).toMatchObject(
      figures,
    );
    const library = await get(owner, tasks.getListOfTasks.path, {
      tasktype: '7',
      search: 'Reflect on the week',
    });
    const listed = (library.json.response as { listdata: { _id: string }[] }).listdata;
    expect(listed.find((row) => row._id === task._id)).toMatchObject(figures);
  });
});

describe('doing and reviewing', () => {
  it('a learner completes a multiple-choice task under the required/other/multiple rules', async () => {
    const task = await addTask(byType[8]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const submit = (choices: object) =>
      post(learner, tasks.updateMyTask.path, {
        userId: learnerId,
        taskId: task._id,
        progress: 100,
        taskStatus: 2,
        report: { choices },
      });
    expect((await submit({})).json.field).toBe('report.choices.q1');
    expect((await submit({ q1: { values: ['a', 'b'] } })).json.message).toMatch(/Choose one answer/);
    expect((await submit({ q1: { values: ['z'] } })).json.message).toMatch(/Choose from the options/);
    const done = await submit({
      q1: { values: ['a'] },
      q2: { values: ['agenda', 'timer'], other: 'Snacks' },
    });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe('Task completed successfully');
    expect(done.json.response).toMatchObject({ taskStatus: 2, progress: 100 });
    const twice = await submit({ q1: { values: ['b'] } });
    expect(twice.status).toBe(409);
  });

  it('a learner never reads the expected answers of a Multiple Choice task; its authors and reviewers do', async () => {
    const quiz = {
      ...byType[8],
      questions: [
        { ...byType[8].questions[0], answer: 'a' },
        { ...byType[8].questions[1], answer: ['agenda', 'timer'] },
      ],
    };
    const task = await addTask(quiz);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const answersIn = (reply: { json: { response?: unknown } }) =>
      JSON.stringify(reply.json.response).includes('"answer"');

    const before = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(before.status).toBe(200);
    expect(before.json.response.task.questions.map((q: { text: string }) => q.text)).toEqual(
      quiz.questions.map((q) => q.text),
    );
    expect(answersIn(before)).toBe(false);
    const byId = await get(learner, tasks.getTaskById.path, { taskId: task._id });
    expect(byId.status).toBe(200);
    expect(answersIn(byId)).toBe(false);
    // The author's library view keeps them.
    const authored = await get(owner, tasks.getTaskById.path, { taskId: task._id });
    expect(authored.json.response.questions.map((q: { answer?: unknown }) => q.answer)).toEqual([
      'a',
      ['agenda', 'timer'],
    ]);

    const done = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { choices: { q1: { values: ['b'] } } },
    });
    expect(done.status, done.json.message).toBe(200);
    expect(answersIn(await post(learner, tasks.getMyTask.path, { taskId: task._id }))).toBe(false);
    // The reviewer marks the submitted choices right or wrong against them.
    const reviewed = await post(owner, tasks.getMembersTaskData.path, {
      taskId: task._id,
      userId: learnerId,
    });
    expect(reviewed.json.response.task.questions[0].answer).toBe('a');
  });

  it('saves progress as the learner goes, resumes it, and completes a recorded task with their own upload', async () => {
    const task = await addTask(byType[5]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const early = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: {},
    });
    expect(early.json.field).toBe('report.recordings.passage');
    const forged = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 50,
      taskStatus: 1,
      report: { recordings: { passage: { fileUrl: '/uploads/task-recording/2026-11/not-mine.webm' } } },
    });
    expect(forged.status).toBe(422);
    // A colleague's finished recording is theirs: it cannot be handed in as this learner's answer.
    const colleagues = await uploadRecording(staff);
    const borrowed = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 50,
      taskStatus: 1,
      report: { recordings: { passage: { fileUrl: colleagues, durationMs: 4000 } } },
    });
    expect(borrowed.status).toBe(422);
    expect(borrowed.json.field).toBe('report.recordings.passage');
    const fileUrl = await uploadRecording(learner);
    const saved = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 50,
      taskStatus: 1,
      report: { recordings: { passage: { fileUrl, durationMs: 4000 } } },
    });
    expect(saved.json.message).toBe('Progress saved');
    const resumed = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(resumed.json.response).toMatchObject({
      assignment: { taskStatus: 1, progress: 50, report: { recordings: { passage: { fileUrl } } } },
    });
    const done = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { recordings: { passage: { fileUrl, durationMs: 4000 } } },
    });
    expect(done.json.response).toMatchObject({ taskStatus: 2 });
  });

  it('a learner cannot read or update another learner’s task', async () => {
    const task = await addTask(byType[7]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [staffId] });
    expect((await post(learner, tasks.getMyTask.path, { taskId: task._id })).status).toBe(404);
    const theirs = await post(learner, tasks.updateMyTask.path, {
      userId: staffId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['mine now'] },
    });
    expect(theirs.status).toBe(403);
    expect(
      (await post(learner, tasks.getMembersTaskData.path, { taskId: task._id, userId: staffId })).status,
    ).toBe(403);
  });

  it('the reviewer finds the completed task, reads it, leaves feedback, marks it reviewed; the learner sees it', async () => {
    const task = await addTask({ ...byType[7], title: 'Zebra reflections' });
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const notYet = await post(owner, tasks.addTaskFeedback.path, {
      taskId: task._id,
      userId: learnerId,
      feedback: 'Too early',
    });
    expect(notYet.status).toBe(409);
    await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['I ran my first stand-up.'] },
    });
    const pending = await get(owner, tasks.getCompletedTasksPendingReview.path, { searchInput: 'zebra' });
    expect(pending.json.response).toMatchObject({
      totalCount: 1,
      listdata: [{ taskId: task._id, userId: learnerId, name: 'Lee Learner', taskName: 'Zebra reflections' }],
    });
    const byTask = await get(owner, tasks.getCompletedTasksPendingReview.path, {
      sort_by: 'taskName',
      sort_type: 'desc',
    });
    expect((byTask.json.response as { listdata: { taskName: string }[] }).listdata[0]?.taskName).toBe(
      'Zebra reflections',
    );
    const groupsRes = await post(owner, enterpriseAuth.userGroups.path, { searchQuery: '', currentPage: 1 });
    const someGroup = (groupsRes.json.response as { listdata: { _id: string }[] }).listdata[0]?._id ?? '';
    const inGroup = await get(owner, tasks.getCompletedTasksPendingReview.path, {
      selected_group: someGroup,
    });
    expect(inGroup.status).toBe(200);
    const theirGroup = await get(globex, tasks.getCompletedTasksPendingReview.path, {
      selected_group: someGroup,
    });
    expect(theirGroup.status).toBe(404);
    const data = await post(owner, tasks.getMembersTaskData.path, { taskId: task._id, userId: learnerId });
    expect(data.json.response).toMatchObject({
      member: { name: 'Lee Learner' },
      assignment: { report: { answers: ['I ran my first stand-up.'] } },
    });
    await post(owner, tasks.addTaskFeedback.path, {
      taskId: task._id,
      userId: learnerId,
      feedback: 'Well done.',
    });
    const reviewed = await post(owner, tasks.markTaskReviewed.path, { taskId: task._id, userId: learnerId });
    expect(reviewed.json.response).toMatchObject({ feedback: 'Well done.' });
    const after = await get(owner, tasks.getCompletedTasksPendingReview.path, { searchInput: 'zebra' });
    expect(after.json.response).toMatchObject({ totalCount: 0 });
    const mine = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(mine.json.response).toMatchObject({ assignment: { feedback: 'Well done.' } });
    expect((await get(globex, tasks.getCompletedTasksPendingReview.path)).json.response).toMatchObject({
      totalCount: 0,
    });
    const foreign = await post(globex, tasks.addTaskFeedback.path, {
      taskId: task._id,
      userId: learnerId,
      feedback: 'Hi',
    });
    expect(foreign.status).toBe(404);
  });

  it('an interview task yields interview messages per answered stage with the region’s intro', async () => {
    const task = await addTask(byType[6]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const fileUrl = await uploadRecording(learner);
    const recordings = Object.fromEntries(
      ['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL'].map((stage) => [stage, { fileUrl }]),
    );
    const done = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { recordings },
    });
    expect(done.status).toBe(200);
    const ivr = await get(owner, tasks.getCompletedIvrTaskDetails.path, {
      taskId: task._id,
      userId: learnerId,
    });
    const messages = (ivr.json.response as { messages: { requestType: string; request: string }[] }).messages;
    expect(messages.map((m) => m.requestType)).toEqual([
      'POSITION',
      'ICEBREAKING',
      'TECHNICAL',
      'BEHAVIOURAL',
    ]);
    expect(messages[0]?.request).toContain("G'day");
    expect(messages[0]?.request).toContain('Support lead');
  });

  it('filters my tasks by type and category and counts them by state', async () => {
    const res = await get(learner, tasks.getMyTasks.path, { tasktype: '8' });
    const body = res.json.response as { listdata: { type: number }[]; counts: { done: number } };
    expect(body.listdata.every((row) => row.type === 8)).toBe(true);
    expect(body.counts.done).toBeGreaterThanOrEqual(1);
    const none = await get(learner, tasks.getMyTasks.path, { catSearch: 'IVR', tasktype: '1' });
    expect((none.json.response as { listdata: unknown[] }).listdata).toEqual([]);
  });
});

describe('the task variant of the signed upload', () => {
  it('signs recordings only for a task the learner was given, and only task files', async () => {
    const task = await addTask(byType[5]);
    const other = await addTask(byType[5]);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [task._id], userIds: [learnerId] });
    const body = { purpose: 'task-recording', fileName: 'a.webm', fileType: 'audio/webm', fileSize: 1000 };
    const path = enterpriseGeneral.putSignedRequestForTaskUpload.path;
    expect((await post(learner, path, { ...body, taskId: task._id })).status).toBe(200);
    expect((await post(learner, path, { ...body, taskId: other._id })).status).toBe(404);
    expect((await post(globex, path, { ...body, taskId: task._id })).status).toBe(404);
    const avatar = await post(learner, path, { ...body, purpose: 'avatar', fileType: 'image/png' });
    expect(avatar.status).toBe(422);
    expect(avatar.json.field).toBe('purpose');
  });
});

describe('task figures on the organisation screens', () => {
  it('the dashboard, a member and a group count assignments, completions, overdue and pending review', async () => {
    const created = await post(owner, groups.add.path, { name: 'Figures cohort', memberIds: [staffId] });
    const groupId = (created.json.response as { _id: string })._id;
    const task = await addTask({ ...byType[7], title: 'Figures reflection' });
    await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [task._id], groupIds: [groupId] });
    await post(staff, tasks.updateMyTask.path, {
      userId: staffId,
      taskId: task._id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['Fine.'] },
    });
    const group = await get(owner, groups.get.path, { groupId });
    // The figures are what the group gave (the staff member's tasks from other tests do not count).
    const detail = group.json.response as { tasks: unknown[]; taskFigures: Record<string, number> };
    expect(detail.tasks).toEqual([{ _id: task._id, title: 'Figures reflection', type: 7 }]);
    expect(detail.taskFigures).toMatchObject({ assigned: 1, completed: 1, pendingReview: 1 });
    const member = await get(owner, members.get.path, { memberId: staffId });
    const figures = (member.json.response as { tasks: { assigned: number; completed: number } }).tasks;
    expect(figures.completed).toBeGreaterThanOrEqual(1);
    expect(figures.assigned).toBeGreaterThanOrEqual(figures.completed);
    // The dashboard filtered by the group counts everything its people have; the group's page only what it gave.
    const dashboard = await get(owner, enterpriseGeneral.myDashboard.path, { groupId });
    expect(dashboard.json.response.tasks.assigned).toBeGreaterThanOrEqual(detail.taskFigures.assigned ?? 0);
  });
});

describe('a Video task for the learner', () => {
  it('comes with the video to play', async () => {
    const mine = await get(learner, tasks.getMyTasks.path, { tasktype: '3' });
    const row = (mine.json.response as { listdata: { taskId: string }[] }).listdata[0];
    expect(row).toBeDefined();
    const detail = await post(learner, tasks.getMyTask.path, { taskId: row?.taskId });
    const body = detail.json.response as {
      task: { contentId: string };
      video: { _id: string; videoUrl: string };
    };
    expect(body.video._id).toBe(body.task.contentId);
    expect(body.video.videoUrl).toMatch(/\.mp4$/);
  });
});
