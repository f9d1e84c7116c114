import { enterpriseAuth } from '@coach/shared/contract/auth';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { synthesise } from '../providers/speech/synthesise.ts';
import { uploadRecordingStub } from '../testing/scored-tries.ts';
import { createTestApp } from '../testing/test-app.ts';
import { WEBM_STUB } from '../testing/webm.ts';

// These tests wait for the embedded engine to hear real speech on two cores, the model's first load included: on a
// machine busy with other suites that passes 30 s (it did once in CI), so they get more room. Nothing asserts a time.
vi.setConfig({ testTimeout: 120_000 });

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let learnerId: string;
let globex: string;
const ip = '10.9.16.1';
const PASSAGE = 'Please call Stella and ask her to bring these things with her from the store.';

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });

/** The learner's own upload of a recording, as the runner makes it (signed address, then PUT). */
const upload = (bytes: Uint8Array) =>
  uploadRecordingStub(t, learner, ip, { bytes, fileName: 'passage.webm' });

/** Jobs in the queue, done or not. */
const jobCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The learner saves their attempt so far with these recordings. */
const saveRecordings = (
  taskId: string,
  recordings: Record<string, { fileUrl: string; durationMs: number }>,
) =>
  post(learner, tasks.updateMyTask.path, {
    userId: learnerId,
    taskId,
    progress: 50,
    taskStatus: 1,
    report: { recordings },
  });

/** A Read & Record task of PASSAGE given to the learner, with `audio` recorded and saved as its passage. */
const recordPassage = async (audio: Uint8Array) => {
  const task = await post(owner, tasks.addTask.path, {
    type: 5,
    title: 'Read aloud',
    passage: PASSAGE,
    category: 'Communication',
    level: 1,
    timeMinutes: 5,
    expirySeconds: 604800,
  });
  const taskId = task.json.response._id as string;
  expect(
    (await post(owner, tasks.assignTaskUsers.path, { taskIds: [taskId], userIds: [learnerId] })).status,
  ).toBe(200);
  const fileUrl = await upload(audio);
  const saved = await saveRecordings(taskId, { passage: { fileUrl, durationMs: 5000 } });
  expect(saved.status, saved.json.message).toBe(200);
  return { taskId, saved };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, learnerId, globex } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('every recording is heard', () => {
  it('the passage read aloud is analysed in the background and shown to the learner and the reviewer', async () => {
    const { taskId, saved } = await recordPassage(await synthesise([{ say: PASSAGE }], 'webm'));
    // The answer does not wait for the engine.
    expect(saved.json.response.analyses.passage.status).toBe('pending');
    await t.jobsIdle();
    const mine = await post(learner, tasks.getMyTask.path, { taskId });
    const analysis = mine.json.response.assignment.analyses.passage;
    expect(analysis.status).toBe('done');
    expect(analysis.transcript.toLowerCase()).toContain('bring these things');
    expect(analysis.scores.completeness).toBeGreaterThanOrEqual(90);
    expect(analysis.wordsPerMinute).toBeGreaterThan(60);
    expect(
      analysis.words.filter((w: { status: string }) => w.status === 'omitted').length,
    ).toBeLessThanOrEqual(2);

    const reviewed = await post(owner, tasks.getMembersTaskData.path, { taskId, userId: learnerId });
    expect(reviewed.json.response.assignment.analyses.passage).toEqual(analysis);
    // Another enterprise cannot reach it.
    expect((await post(globex, tasks.getMembersTaskData.path, { taskId, userId: learnerId })).status).toBe(
      404,
    );
  });

  it('a recording of a tone is no-speech and scores nothing', async () => {
    const { taskId } = await recordPassage(await synthesise([{ tone: 3 }], 'webm'));
    await t.jobsIdle();
    const analysis = (await post(learner, tasks.getMyTask.path, { taskId })).json.response.assignment.analyses
      .passage;
    expect(analysis.status).toBe('no-speech');
    expect(analysis.scores.pronunciation).toBe(0);
  });

  it('a report holds only the recordings its task asks for: a made-up key is a 422 and nothing is queued', async () => {
    const { taskId } = await recordPassage(await synthesise([{ tone: 1 }], 'webm'));
    await t.jobsIdle();
    const queuedBefore = await jobCount();
    const fileUrl = await upload(await synthesise([{ tone: 1 }], 'webm'));
    const flood = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`a${index}`, { fileUrl, durationMs: 1000 }]),
    );
    const refused = await saveRecordings(taskId, { passage: { fileUrl, durationMs: 1000 }, ...flood });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      field: 'report.recordings.a0',
      message: 'report.recordings.a0: This task asks for no recording by that name',
    });
    const queuedAfter = await jobCount();
    expect(queuedAfter).toBe(queuedBefore);
    // The passage alone, as the task asks, is taken.
    const kept = await saveRecordings(taskId, { passage: { fileUrl, durationMs: 1000 } });
    expect(kept.status, kept.json.message).toBe(200);
  });

  it('a recording that cannot be decoded ends as failed after its retries', async () => {
    const { taskId } = await recordPassage(WEBM_STUB);
    // Three tries with backoff: skip the waits by making the retries due at once.
    for (let i = 0; i < 3; i++) {
      await t.jobsIdle();
      await t.deps.db
        .updateTable('jobs')
        .set({ run_after: new Date(0).toISOString() })
        .where('status', '=', 'pending')
        .execute();
      t.deps.jobs.poke();
    }
    await t.jobsIdle();
    const analysis = (await post(learner, tasks.getMyTask.path, { taskId })).json.response.assignment.analyses
      .passage;
    expect(analysis.status).toBe('failed');
  });
});

describe('the learner still signs in meanwhile', () => {
  it('calls answer while the engine works', async () => {
    expect((await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).status).toBe(200);
  });
});
