import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// A Multiple Choice task (type 8) marked once submitted: its learner learns which answers were right, never
// before submitting; the reviewer sees the same marks; another learner or enterprise sees none of them.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let staffId: string;
let learnerId: string;
const ip = '10.9.8.1';

const common = { category: 'Communication', level: 1, timeMinutes: 10, expirySeconds: 604800 } as const;
const options = (...values: string[]) => values.map((value) => ({ text: `Option ${value}`, value }));
const question = (id: string, extra: object = {}) => ({
  id,
  type: 'multiple-choice',
  text: `Question ${id}`,
  options: options('a', 'b', 'c'),
  ...extra,
});
/** Four questions: three with an expected answer (one of them optional), one without. */
const quiz = (title: string) => ({
  ...common,
  type: 8,
  title,
  questions: [
    question('q1', { answer: 'a' }),
    question('q2', {
      multipleSelection: true,
      hasOther: true,
      otherText: 'Something else',
      required: false,
      answer: ['a', 'b'],
    }),
    question('q3'),
    question('q4', { required: false, hasOther: true, answer: 'c' }),
  ],
});

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const addTask = async (body: object) => {
  const res = await post(owner, tasks.addTask.path, body);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { _id: string };
};
const assign = async (taskId: string, userIds: string[]) => {
  const res = await post(owner, tasks.assignTaskUsers.path, { taskIds: [taskId], userIds });
  expect(res.status, res.json.message).toBe(200);
};
const save = (token: string, userId: string, taskId: string, choices: object, taskStatus: 1 | 2 = 2) =>
  post(token, tasks.updateMyTask.path, {
    userId,
    taskId,
    progress: taskStatus === 2 ? 100 : 50,
    taskStatus,
    report: { choices },
  });
const submitted = async (token: string, userId: string, taskId: string, choices: object) => {
  const res = await save(token, userId, taskId, choices);
  expect(res.status, res.json.message).toBe(200);
  return res;
};
/** Whether a reply holds an expected answer or a mark anywhere (a question's `answer`, the marks). */
const marksIn = (reply: { json: { response?: unknown } }) =>
  /"(answer|expected|choiceResult)":(?!null)/.test(JSON.stringify(reply.json.response));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, staffId, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('a Multiple Choice task marked once submitted', () => {
  it('gives its learner no expected answer and no mark before they submit, while they save as they go', async () => {
    const task = await addTask(quiz('Marks: not before submitting'));
    await assign(task._id, [learnerId]);

    const opened = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(opened.status, opened.json.message).toBe(200);
    expect(opened.json.response.assignment.choiceResult).toBeNull();
    expect(marksIn(opened)).toBe(false);
    const byId = await get(learner, tasks.getTaskById.path, { taskId: task._id });
    expect(byId.status, byId.json.message).toBe(200);
    expect(marksIn(byId)).toBe(false);

    // Every answer right, saved in progress: still nothing tells the learner so.
    const progress = await save(learner, learnerId, task._id, { q1: { values: ['a'] } }, 1);
    expect(progress.status, progress.json.message).toBe(200);
    expect(progress.json.response).toMatchObject({ taskStatus: 1, choiceResult: null });
    expect(marksIn(progress)).toBe(false);
    const resumed = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(resumed.json.response.assignment).toMatchObject({ taskStatus: 1, choiceResult: null });
    expect(marksIn(resumed)).toBe(false);
    // Staff who review see no marks before the learner submits either.
    const early = await post(owner, tasks.getMembersTaskData.path, { taskId: task._id, userId: learnerId });
    expect(early.json.response.assignment.choiceResult).toBeNull();
  });

  it('tells the learner on submitting, and on every later look, which answers were right and the total', async () => {
    const task = await addTask(quiz('Marks: after submitting'));
    await assign(task._id, [learnerId]);
    const done = await submitted(learner, learnerId, task._id, {
      q1: { values: ['a'] },
      q2: { values: ['a', 'b'] },
      q3: { values: ['b'] },
      q4: { values: ['a'] },
    });
    const expected = {
      right: 2,
      total: 3,
      questions: [
        { questionId: 'q1', right: true, expected: ['a'] },
        { questionId: 'q2', right: true, expected: ['a', 'b'] },
        { questionId: 'q4', right: false, expected: ['c'] },
      ],
    };
    expect(done.json.response).toMatchObject({ taskStatus: 2 });
    expect(done.json.response.choiceResult).toEqual(expected);

    const later = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(later.json.response.assignment.choiceResult).toEqual(expected);
    // The marks carry the right answers: the task itself stays the learner's copy, without them.
    expect(JSON.stringify(later.json.response.task)).not.toContain('"answer"');

    // The reviewer reads the same marks, and so do the replies of feedback and review.
    const reviewed = await post(owner, tasks.getMembersTaskData.path, {
      taskId: task._id,
      userId: learnerId,
    });
    expect(reviewed.status, reviewed.json.message).toBe(200);
    expect(reviewed.json.response.assignment.choiceResult).toEqual(expected);
    const feedback = await post(owner, tasks.addTaskFeedback.path, {
      taskId: task._id,
      userId: learnerId,
      feedback: 'Have another look at question 4.',
    });
    expect(feedback.json.response.choiceResult).toEqual(expected);
    const marked = await post(owner, tasks.markTaskReviewed.path, { taskId: task._id, userId: learnerId });
    expect(marked.json.response.choiceResult).toEqual(expected);
  });

  it('marks several answers right only when exactly the expected ones are chosen, "Other" text aside', async () => {
    const task = await addTask({
      ...common,
      type: 8,
      title: 'Marks: several answers',
      questions: [
        question('m1', { multipleSelection: true, hasOther: true, answer: ['a', 'b'] }),
        question('m2', { multipleSelection: true, answer: ['a', 'b'] }),
        question('m3', { multipleSelection: true, answer: ['c'] }),
      ],
    });
    await assign(task._id, [learnerId, staffId]);
    // In another order, with "Other" text beside: right. One of the two: wrong. One too many: wrong.
    const mine = await submitted(learner, learnerId, task._id, {
      m1: { values: ['b', 'a'], other: 'And a timer' },
      m2: { values: ['a'] },
      m3: { values: ['c', 'a'] },
    });
    expect(mine.json.response.choiceResult).toEqual({
      right: 1,
      total: 3,
      questions: [
        { questionId: 'm1', right: true, expected: ['a', 'b'] },
        { questionId: 'm2', right: false, expected: ['a', 'b'] },
        { questionId: 'm3', right: false, expected: ['c'] },
      ],
    });
    const theirs = await submitted(staff, staffId, task._id, {
      m1: { values: ['a', 'b', 'c'] },
      m2: { values: ['b', 'a'] },
      m3: { values: ['c'] },
    });
    expect(theirs.json.response.choiceResult).toMatchObject({
      right: 2,
      total: 3,
      questions: [{ right: false }, { right: true }, { right: true }],
    });
  });

  it('counts an optional question left unanswered, or answered only with "Other" text, as not right', async () => {
    const task = await addTask(quiz('Marks: unanswered'));
    await assign(task._id, [learnerId]);
    // q2 optional and left out; q3 has no expected answer (not counted); q4 answered with "Other" text only.
    const done = await submitted(learner, learnerId, task._id, {
      q1: { values: ['a'] },
      q3: { values: ['c'] },
      q4: { values: [], other: 'Option c, I think' },
    });
    expect(done.json.response.choiceResult).toEqual({
      right: 1,
      total: 3,
      questions: [
        { questionId: 'q1', right: true, expected: ['a'] },
        { questionId: 'q2', right: false, expected: ['a', 'b'] },
        { questionId: 'q4', right: false, expected: ['c'] },
      ],
    });
  });

  it('has no marks for a quiz without expected answers', async () => {
    const task = await addTask({
      ...common,
      type: 8,
      title: 'Marks: an opinion poll',
      questions: [question('p1')],
    });
    await assign(task._id, [learnerId]);
    const done = await submitted(learner, learnerId, task._id, { p1: { values: ['b'] } });
    expect(done.json.response).toMatchObject({ taskStatus: 2, choiceResult: null });
  });

  it('keeps the marks from another learner and another enterprise', async () => {
    const task = await addTask(quiz('Marks: to themselves'));
    await assign(task._id, [learnerId, staffId]);
    await submitted(staff, staffId, task._id, {
      q1: { values: ['a'] },
      q3: { values: ['a'] },
      q4: { values: ['c'] },
    });
    // The learner has not submitted: their reply has no marks, and never the colleague's.
    const mine = await post(learner, tasks.getMyTask.path, { taskId: task._id });
    expect(mine.json.response.assignment).toMatchObject({ userId: learnerId, choiceResult: null });
    expect(marksIn(mine)).toBe(false);
    // The colleague's attempt is not the learner's to read.
    const theirs = await post(learner, tasks.getMembersTaskData.path, { taskId: task._id, userId: staffId });
    expect(theirs.status).toBe(403);
    expect(marksIn(theirs)).toBe(false);
    // A task given to the colleague alone is not there for the learner.
    const alone = await addTask(quiz('Marks: the colleague’s alone'));
    await assign(alone._id, [staffId]);
    await submitted(staff, staffId, alone._id, { q1: { values: ['b'] }, q3: { values: ['a'] } });
    const notMine = await post(learner, tasks.getMyTask.path, { taskId: alone._id });
    expect(notMine.status).toBe(404);
    expect(marksIn(notMine)).toBe(false);

    // Another enterprise's reviewer and learner: 404, nothing of the marks.
    const foreign = await post(globex, tasks.getMembersTaskData.path, { taskId: task._id, userId: staffId });
    expect(foreign.status).toBe(404);
    expect(marksIn(foreign)).toBe(false);
    const foreignMine = await post(globex, tasks.getMyTask.path, { taskId: task._id });
    expect(foreignMine.status).toBe(404);
    expect(marksIn(foreignMine)).toBe(false);
    const foreignById = await get(globex, tasks.getTaskById.path, { taskId: task._id });
    expect(foreignById.status).toBe(404);

    // The colleague's own reply carries their marks.
    const colleague = await post(staff, tasks.getMyTask.path, { taskId: task._id });
    expect(colleague.json.response.assignment).toMatchObject({
      userId: staffId,
      choiceResult: { right: 2, total: 3 },
    });
  });
});
