import { enterpriseAuth } from '@coach/shared/contract/auth';
import { addTaskRequest, type PronunciationResult, tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoachEngine } from '../providers/coach.ts';
import { synthesise } from '../providers/speech/synthesise.ts';
import { uploadRecordingStub } from '../testing/scored-tries.ts';
import { createTestApp } from '../testing/test-app.ts';
import { WEBM_STUB } from '../testing/webm.ts';

// These tests wait for the embedded engine to hear real speech on two cores, the model's first load included: on a
// machine busy with other suites that passes 30 s (it did once in CI), so they get more room. Nothing asserts a time.
vi.setConfig({ testTimeout: 120_000 });

type App = Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.9.8.1';
const WEBM = WEBM_STUB;

const logins = async (t: App) => {
  const [owner, staff, learner] = await Promise.all([
    t.fullLogin('owner@acme.example', 'enterprise', ip),
    t.fullLogin('staff@acme.example', 'enterprise', ip),
    t.fullLogin('learner@acme.example', 'enterprise', ip),
  ]);
  const learnerId = (
    (await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).json.response as {
      _id: string;
    }
  )._id;
  return { owner, staff, learner, learnerId };
};

/** A Pronunciation task given to the learner, with one recording per item of the given lengths. */
const recordedPronunciation = async (
  t: App,
  who: Awaited<ReturnType<typeof logins>>,
  takes: Uint8Array[],
) => {
  const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
  const items = ['a thorough review', 'particularly well done'];
  const added = await post(who.owner, tasks.addTask.path, {
    type: 2,
    title: 'Say it clearly',
    category: 'Audio',
    level: 1,
    timeMinutes: 5,
    expirySeconds: 604800,
    items,
  });
  const taskId = (added.json.response as { _id: string })._id;
  await post(who.owner, tasks.assignTaskUsers.path, { taskIds: [taskId], userIds: [who.learnerId] });
  const recordings: Record<string, { fileUrl: string; durationMs: number }> = {};
  for (const [index, take] of takes.entries()) {
    const fileUrl = await uploadRecordingStub(t, who.learner, ip, {
      bytes: take,
      fileName: `item-${index}.webm`,
    });
    recordings[String(index)] = { fileUrl, durationMs: 1000 };
  }
  const complete = () =>
    post(who.learner, tasks.updateMyTask.path, {
      userId: who.learnerId,
      taskId,
      progress: 100,
      taskStatus: 2,
      report: { recordings },
    });
  return { taskId, complete, post };
};

describe('the coach engine in the task library', () => {
  let t: App;
  let who: Awaited<ReturnType<typeof logins>>;
  beforeAll(async () => {
    t = await createTestApp();
    who = await logins(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });

  it('drafts one task of each writable type that add-task accepts as it is', async () => {
    for (const type of [1, 2, 4, 5, 6, 7, 8]) {
      const res = await post(who.owner, tasks.generateContentTask.path, {
        type,
        topic: 'customer calls',
        level: 3,
      });
      expect(res.status, `type ${type}`).toBe(200);
      const { draft, engine } = res.json.response as {
        draft: { type: number; level: number };
        engine: string;
      };
      expect(engine).toBe('builtin');
      expect(draft).toMatchObject({ type, level: 3 });
      expect(addTaskRequest.safeParse(draft).success, `type ${type}`).toBe(true);
      const saved = await post(who.owner, tasks.addTask.path, draft);
      expect(saved.status, `type ${type}`).toBe(200);
    }
  });

  it('refuses a Video draft, an empty topic and a role without task-library', async () => {
    const video = await post(who.owner, tasks.generateContentTask.path, { type: 3, topic: 'x' });
    expect(video.status).toBe(422);
    expect(video.json.field).toBe('type');
    const empty = await post(who.owner, tasks.generateAiTasks.path, { topic: ' ', types: [1] });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('topic');
    const videoInList = await post(who.owner, tasks.generateAiTasks.path, { topic: 'sales', types: [1, 3] });
    expect(videoInList.json.field).toBe('types.1');
    const learner = await post(who.learner, tasks.generateAiTasks.path, { topic: 'sales', types: [1] });
    expect(learner.status).toBe(403);
  });

  it('drafts several tasks over the chosen types, each different, and saves nothing', async () => {
    const before = await post(who.owner, tasks.searchTask.path, { search: 'negotiation' });
    const res = await post(who.owner, tasks.generateAiTasks.path, {
      topic: 'negotiation',
      types: [7, 8],
      count: 4,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('4 drafts ready');
    const { drafts } = res.json.response as { drafts: { type: number; title: string }[] };
    expect(drafts.map((d) => d.type)).toEqual([7, 8, 7, 8]);
    expect(new Set(drafts.map((d) => d.title)).size).toBe(4);
    const again = await post(who.owner, tasks.generateAiTasks.path, {
      topic: 'negotiation',
      types: [7, 8],
      count: 4,
    });
    expect(again.json.response).toEqual(res.json.response);
    const after = await post(who.owner, tasks.searchTask.path, { search: 'negotiation' });
    expect(after.json.response).toEqual(before.json.response);
  });

  it('scores a completed Pronunciation task from what the engine heard; the reviewer sees the same score', async () => {
    const takes = [
      await synthesise([{ say: 'a thorough review' }], 'webm'),
      await synthesise([{ say: 'particularly well done' }], 'webm'),
    ];
    const { taskId, complete } = await recordedPronunciation(t, who, takes);
    const done = await complete();
    expect(done.status).toBe(200);
    // The recordings are heard in the background: the score follows once both are in.
    await t.jobsIdle();
    const mine = await post(who.learner, tasks.getMyTask.path, { taskId });
    const result = (mine.json.response as { assignment: { pronunciation: PronunciationResult } }).assignment
      .pronunciation;
    expect(result).toMatchObject({ method: 'speech', engine: 'embedded' });
    expect(result.items.map((i) => i.expected)).toEqual(['a thorough review', 'particularly well done']);
    expect(result.items.every((i) => i.score > 0 && i.heard)).toBe(true);
    expect(result.passed).toBe(result.score >= result.passingScore);
    const review = await t.request('POST', tasks.getMembersTaskData.path, {
      token: who.owner,
      ip,
      body: { taskId, userId: who.learnerId },
    });
    expect(
      (review.json.response as { assignment: { pronunciation: unknown } }).assignment.pronunciation,
    ).toEqual(result);
  });

  it('a Pronunciation task recorded as a plain tone scores 0 and does not pass', async () => {
    const tone = await synthesise([{ tone: 2 }], 'webm');
    const { taskId, complete } = await recordedPronunciation(t, who, [tone, tone]);
    expect((await complete()).status).toBe(200);
    await t.jobsIdle();
    const mine = await post(who.learner, tasks.getMyTask.path, { taskId });
    const result = (mine.json.response as { assignment: { pronunciation: PronunciationResult } }).assignment
      .pronunciation;
    expect(result).toMatchObject({ score: 0, passed: false });
  });

  it('a learner cannot write a score of their own', async () => {
    const { taskId, post: send } = await recordedPronunciation(t, who, [WEBM, WEBM]);
    const forged = await send(who.learner, tasks.updateMyTask.path, {
      userId: who.learnerId,
      taskId,
      progress: 10,
      taskStatus: 1,
      report: { pronunciationResult: { score: 100 } },
    });
    expect(forged.status).toBe(422);
  });
});

describe('when the coach engine fails', () => {
  let t: App;
  let who: Awaited<ReturnType<typeof logins>>;
  const broken: CoachEngine = {
    kind: 'openai',
    draftTask: async () => {
      throw new Error('connect ECONNREFUSED');
    },
    interviewQuestion: async () => {
      throw new Error('connect ECONNREFUSED');
    },
    interviewFeedback: async () => {
      throw new Error('connect ECONNREFUSED');
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ coach: broken });
    who = await logins(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 502 with a clear message when drafting', async () => {
    const draft = await t.request('POST', tasks.generateContentTask.path, {
      token: who.owner,
      ip,
      body: { type: 1, topic: 'feedback' },
    });
    expect(draft.status).toBe(502);
    expect(draft.json.message).toBe('The coach could not be reached. Please try again.');
  });
});
