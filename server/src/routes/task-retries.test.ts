import { myProgress } from '@coach/shared/contract/my-progress';
import { pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { MAX_TASK_ATTEMPTS, tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitScoredTry, uploadRecordingStub } from '../testing/scored-tries.ts';
import { createTestApp } from '../testing/test-app.ts';

// A scored task (Pronunciation, Read & Record) that did not pass can be tried again; every try is
// kept, the group's rule says whether the best or the latest counts, and the reviewer sees every try. What the
// engine hears is written here directly (the speech suites test the engine): each try's recordings are uploaded and
// saved as the runner saves them, then their analyses are set to the scores a test needs before submitting.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let learnerId: string;
let groupIds: string[];
const ip = '10.9.38.2';

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });

const common = { category: 'Audio', level: 1, timeMinutes: 5, expirySeconds: 604800 } as const;
const assigned = async (body: object) => {
  const added = await post(owner, tasks.addTask.path, { ...common, ...body });
  expect(added.status, added.json.message).toBe(200);
  const taskId = added.json.response._id as string;
  expect(
    (await post(owner, tasks.assignTaskUsers.path, { taskIds: [taskId], userIds: [learnerId] })).status,
  ).toBe(200);
  return taskId;
};
const pronunciationTask = () =>
  assigned({
    type: 2,
    title: `Say it ${crypto.randomUUID().slice(0, 6)}`,
    items: ['comfortable', 'vegetable'],
  });

/** One try: the recordings saved as progress, heard at `scores` (one per key), then submitted. */
const tryAt = (taskId: string, scores: Record<string, number>) =>
  submitScoredTry(t, { token: learner, userId: learnerId, taskId, scores, ip });
const upload = () => uploadRecordingStub(t, learner, ip);

/** The learner's row on the task's member list, as the manager reads it. */
const rowOnTask = async (taskId: string) => {
  const page = await post(owner, tasks.getMembersByTaskId.path, { taskId, currentPage: 1 });
  expect(page.status, page.json.message).toBe(200);
  return (page.json.response.listdata as { _id: string }[]).find((row) => row._id === learnerId);
};

const retry = (taskId: string, token = learner) => post(token, tasks.retryMyTask.path, { taskId });
const mine = async (taskId: string) => (await post(learner, tasks.getMyTask.path, { taskId })).json.response;

/** Every group of the learner gets this pass mark and rule (the strictest group's rule applies). */
const rule = async (passingScore: number, attemptCounts?: 'best' | 'latest') => {
  for (const groupId of groupIds) {
    const res = await post(owner, pronunciationConfig.update.path, {
      groupId,
      accent: 'en-US',
      passingScore,
      strictness: 'standard',
      ...(attemptCounts ? { attemptCounts } : {}),
    });
    expect(res.status, res.json.message).toBe(200);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, learnerId } = await t.signInSeeded(ip));
  groupIds = (
    await t.deps.db.selectFrom('group_members').select('group_id').where('user_id', '=', learnerId).execute()
  ).map((row) => row.group_id);
  expect(groupIds.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
});

describe('trying a scored task again', () => {
  it('a try below the pass mark can be tried again; every try is kept and the best counts by default', async () => {
    await rule(75);
    const taskId = await pronunciationTask();
    const first = await tryAt(taskId, { 0: 70, 1: 66 });
    expect(first.assignment.pronunciation).toMatchObject({ score: 68, passingScore: 75, passed: false });
    // Submitted, not a success: the learner is told it did not pass.
    expect(first.message).toBe('Task submitted: not passed yet');
    // And the task's member list says the same to the manager.
    expect(await rowOnTask(taskId)).toMatchObject({ taskStatus: 2, passed: false });
    expect(first.assignment.retry).toEqual({
      counts: 'best',
      maxAttempts: MAX_TASK_ATTEMPTS,
      allowed: true,
      reason: null,
    });
    expect(first.assignment.attempts).toHaveLength(1);
    expect(first.assignment.attempts[0]).toMatchObject({ number: 1, current: true, counts: true });

    const again = await retry(taskId);
    expect(again.status, again.json.message).toBe(200);
    expect(again.json.message).toBe('A new try is open: your earlier tries are kept');
    // The new try starts empty and in progress; the kept one and its score stay.
    expect(again.json.response).toMatchObject({
      taskStatus: 1,
      progress: 0,
      report: {},
      pronunciation: null,
    });
    expect(again.json.response.analyses).toEqual({});
    expect(again.json.response.counting).toMatchObject({ score: 68 });
    expect(again.json.response.retry).toMatchObject({ allowed: false, reason: 'open' });
    expect(again.json.response.attempts).toEqual([
      expect.objectContaining({ number: 1, current: false, counts: true, recordings: first.recordings }),
    ]);
    // A second Try again while the new try is open is refused.
    expect((await retry(taskId)).status).toBe(409);

    // A worse second try: the best (the first) still counts.
    const second = await tryAt(taskId, { 0: 60, 1: 60 });
    expect(second.assignment.pronunciation).toMatchObject({ score: 60, passed: false });
    expect(second.assignment.counting).toMatchObject({ score: 68 });
    expect(
      second.assignment.attempts.map((a: { number: number; counts: boolean }) => [a.number, a.counts]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(second.assignment.attempts[1].recordings).toEqual(second.recordings);

    // A third try passes: it counts, and a passed task offers no more tries.
    expect((await retry(taskId)).status).toBe(200);
    const third = await tryAt(taskId, { 0: 80, 1: 90 });
    expect(third.assignment.pronunciation).toMatchObject({ score: 85, passed: true });
    expect(third.message).toBe('Task completed successfully');
    expect(third.assignment.counting).toMatchObject({ score: 85, passed: true });
    expect(third.assignment.retry).toMatchObject({ allowed: false, reason: 'passed' });
    expect(await rowOnTask(taskId)).toMatchObject({ taskStatus: 2, passed: true });
    const refused = await retry(taskId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('You passed this task, so there is nothing to try again');
    // Nothing was overwritten: three tries, each with its own recordings and date.
    const detail = await mine(taskId);
    expect(detail.assignment.attempts).toHaveLength(3);
    expect(
      new Set(
        detail.assignment.attempts.map(
          (a: { recordings: { 0: { fileUrl: string } } }) => a.recordings[0].fileUrl,
        ),
      ).size,
    ).toBe(3);
    expect(detail.assignment.attempts.every((a: { completedAt: string | null }) => a.completedAt)).toBe(true);
  });

  it('a try submitted while its recordings are still being heard is submitted, its score to come', async () => {
    await rule(75);
    const taskId = await pronunciationTask();
    const recordings = {
      0: { fileUrl: await upload(), durationMs: 2000 },
      1: { fileUrl: await upload(), durationMs: 2000 },
    };
    const body = { userId: learnerId, taskId, report: { recordings } };
    expect(
      (await post(learner, tasks.updateMyTask.path, { ...body, progress: 50, taskStatus: 1 })).status,
    ).toBe(200);
    const done = await post(learner, tasks.updateMyTask.path, { ...body, progress: 100, taskStatus: 2 });
    expect(done.status, done.json.message).toBe(200);
    expect(done.json.response.pronunciation).toBeNull();
    expect(done.json.message).toBe('Task submitted: your score is on its way');
  });

  it("with the group's rule 'latest', the latest try counts even when it is worse", async () => {
    await rule(75, 'latest');
    const taskId = await pronunciationTask();
    await tryAt(taskId, { 0: 72, 1: 72 });
    expect((await retry(taskId)).status).toBe(200);
    const second = await tryAt(taskId, { 0: 50, 1: 50 });
    expect(second.assignment.retry).toMatchObject({ counts: 'latest', allowed: true });
    expect(second.assignment.counting).toMatchObject({ score: 50 });
    expect(second.assignment.attempts.map((a: { counts: boolean }) => a.counts)).toEqual([false, true]);
    // The learner's progress reads the counting try.
    const progress = await t.request('GET', myProgress.get.path, { token: learner, ip });
    expect(progress.status, progress.json.message).toBe(200);
    expect(progress.json.response.scores).toEqual(
      expect.arrayContaining([expect.objectContaining({ taskId, score: 50, passed: false })]),
    );
    // Left out of a save, the rule stays as it was.
    const kept = await post(owner, pronunciationConfig.update.path, {
      groupId: groupIds[0],
      accent: 'en-US',
      passingScore: 75,
      strictness: 'standard',
    });
    expect(kept.json.response).toMatchObject({ attemptCounts: 'latest', passingScore: 75 });
    await rule(75, 'best');
  });

  it('Read & Record is scored against the pass mark and can be tried again too', async () => {
    await rule(75, 'best');
    const taskId = await assigned({
      type: 5,
      title: 'Read it aloud',
      passage: 'Please call Stella and ask her to bring these things with her from the store.',
    });
    const first = await tryAt(taskId, { passage: 64 });
    expect(first.assignment.pronunciation).toMatchObject({ score: 64, passed: false });
    expect(first.assignment.retry).toMatchObject({ allowed: true });
    expect((await retry(taskId)).status).toBe(200);
    const detail = await mine(taskId);
    expect(detail.pronunciation).toMatchObject({ passingScore: 75 });
    expect(detail.assignment.attempts).toHaveLength(1);
  });

  it(`stops at ${MAX_TASK_ATTEMPTS} tries`, async () => {
    await rule(100);
    const taskId = await pronunciationTask();
    for (let n = 1; n < MAX_TASK_ATTEMPTS; n += 1) {
      await tryAt(taskId, { 0: 40 + n, 1: 40 });
      expect((await retry(taskId)).status).toBe(200);
    }
    const last = await tryAt(taskId, { 0: 10, 1: 10 });
    expect(last.assignment.attempts).toHaveLength(MAX_TASK_ATTEMPTS);
    expect(last.assignment.retry).toMatchObject({ allowed: false, reason: 'limit' });
    // Best: the ninth try (49, 40) counts.
    expect(last.assignment.counting).toMatchObject({ score: 45 });
    expect((await retry(taskId)).status).toBe(409);
    await rule(75);
    // Ten tries of uploads and saves: more than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('when a try cannot open', () => {
  it('answers 409 before the task is submitted or scored, 422 to an unscored type or a bad id', async () => {
    await rule(75);
    const taskId = await pronunciationTask();
    const open = await retry(taskId);
    expect(open.status).toBe(409);
    expect(open.json.message).toBe('Finish and submit the try you have open first');

    // Submitted but not heard yet: still being scored.
    const recordings = { 0: { fileUrl: await upload() }, 1: { fileUrl: await upload() } };
    await t.deps.db.deleteFrom('jobs').where('kind', '=', 'speech-analysis').execute();
    const done = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId,
      progress: 100,
      taskStatus: 2,
      report: { recordings },
    });
    expect(done.status).toBe(200);
    await t.deps.db.deleteFrom('jobs').where('kind', '=', 'speech-analysis').execute();
    const scoring = await retry(taskId);
    expect(scoring.status).toBe(409);
    expect(scoring.json.message).toMatch(/still being scored/);

    const written = await assigned({
      type: 7,
      title: 'Write it',
      category: 'Communication',
      questions: ['Why?'],
    });
    await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: written,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['Because.'] },
    });
    const unscored = await retry(written);
    expect(unscored.status).toBe(422);
    expect(unscored.json.field).toBe('taskId');
    expect((await mine(written)).assignment).toMatchObject({ attempts: [], retry: null, counting: null });

    const bad = await post(learner, tasks.retryMyTask.path, { taskId: '' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('taskId');
    const missing = await post(learner, tasks.retryMyTask.path, {});
    expect(missing.status).toBe(422);
    expect(missing.json.field).toBe('taskId');
  });

  it("answers 404 to a task that is not the caller's: unassigned, or another enterprise's", async () => {
    await rule(75);
    const taskId = await pronunciationTask();
    await tryAt(taskId, { 0: 50, 1: 50 });
    // Staff has no assignment of it; Globex cannot see Acme's task at all.
    expect((await retry(taskId, staff)).status).toBe(404);
    expect((await retry(taskId, globex)).status).toBe(404);
    expect((await retry(crypto.randomUUID())).status).toBe(404);
    // Nothing changed for the learner.
    expect((await mine(taskId)).assignment).toMatchObject({ taskStatus: 2, attempts: [{ number: 1 }] });
  });
});

describe("the reviewer's view of the tries", () => {
  it('shows every try with its date, score and recordings, the counting one marked; review opens again', async () => {
    await rule(75, 'best');
    const taskId = await pronunciationTask();
    const first = await tryAt(taskId, { 0: 70, 1: 70 });
    expect(
      (await post(owner, tasks.addTaskFeedback.path, { taskId, userId: learnerId, feedback: 'Slow down.' }))
        .status,
    ).toBe(200);
    expect((await post(owner, tasks.markTaskReviewed.path, { taskId, userId: learnerId })).status).toBe(200);
    expect((await retry(taskId)).status).toBe(200);
    const second = await tryAt(taskId, { 0: 60, 1: 62 });

    const review = await post(owner, tasks.getMembersTaskData.path, { taskId, userId: learnerId });
    expect(review.status, review.json.message).toBe(200);
    const { assignment } = review.json.response;
    expect(assignment.attempts).toEqual([
      expect.objectContaining({
        number: 1,
        current: false,
        counts: true,
        recordings: first.recordings,
        feedback: 'Slow down.',
        result: expect.objectContaining({ score: 70, passed: false }),
      }),
      expect.objectContaining({
        number: 2,
        current: true,
        counts: false,
        recordings: second.recordings,
        feedback: null,
        reviewedAt: null,
        result: expect.objectContaining({ score: 61 }),
      }),
    ]);
    expect(assignment.attempts.every((a: { completedAt: string | null }) => a.completedAt)).toBe(true);
    expect(assignment.counting).toMatchObject({ score: 70 });
    // The new try awaits review again.
    const pending = await t.request(
      'GET',
      `${tasks.getCompletedTasksPendingReview.path}?searchInput=Say%20it`,
      {
        token: owner,
        ip,
      },
    );
    expect(pending.json.response.listdata.map((row: { taskId: string }) => row.taskId)).toContain(taskId);

    // Another enterprise sees no such task, and a role without the task library is refused.
    expect((await post(globex, tasks.getMembersTaskData.path, { taskId, userId: learnerId })).status).toBe(
      404,
    );
    expect((await post(staff, tasks.getMembersTaskData.path, { taskId, userId: learnerId })).status).toBe(
      403,
    );
    expect((await post(learner, tasks.getMembersTaskData.path, { taskId, userId: learnerId })).status).toBe(
      403,
    );
  });

  it('the group rule is saved with the pass mark, and a rule that is neither best nor latest is a 422', async () => {
    const bad = await post(owner, pronunciationConfig.update.path, {
      groupId: groupIds[0],
      accent: 'en-US',
      passingScore: 75,
      strictness: 'standard',
      attemptCounts: 'first',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('attemptCounts');
    const saved = await post(owner, pronunciationConfig.update.path, {
      groupId: groupIds[0],
      accent: 'en-US',
      passingScore: 75,
      strictness: 'standard',
      attemptCounts: 'latest',
    });
    expect(saved.json.response).toMatchObject({ attemptCounts: 'latest' });
    expect(
      (
        await post(globex, pronunciationConfig.update.path, {
          groupId: groupIds[0],
          accent: 'en-US',
          passingScore: 75,
          strictness: 'standard',
          attemptCounts: 'best',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(learner, pronunciationConfig.update.path, {
          groupId: groupIds[0],
          accent: 'en-US',
          passingScore: 75,
          strictness: 'standard',
          attemptCounts: 'best',
        })
      ).status,
    ).toBe(403);
  });
});
