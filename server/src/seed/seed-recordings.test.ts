import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { type MemberTaskDetail, tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// The seeded recordings are heard by the embedded engine in the background, the model's first load included: on a
// busy machine that passes 30 s, so these tests get more room. Nothing asserts a time.
vi.setConfig({ testTimeout: 120_000 });

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
const ip = '10.9.5.1';

beforeAll(async () => {
  t = await createTestApp({ hearSeed: true });
  ({ owner } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

/** A seeded member's attempt at the demo task of a type, as the reviewer's member task page loads it. */
const attemptOf = async (email: string, type: number) => {
  const row = await t.deps.db
    .selectFrom('task_assignments')
    .innerJoin('tasks', 'tasks.id', 'task_assignments.task_id')
    .innerJoin('users', 'users.id', 'task_assignments.user_id')
    .select(['task_assignments.task_id', 'task_assignments.user_id'])
    .where('users.email', '=', email)
    .where('tasks.type', '=', type)
    .executeTakeFirstOrThrow();
  const res = await t.request('POST', tasks.getMembersTaskData.path, {
    token: owner,
    ip,
    body: { taskId: row.task_id, userId: row.user_id },
  });
  expect(res.status, res.json.message).toBe(200);
  return (res.json.response as MemberTaskDetail).assignment;
};
const done = (analysis: SpeechAnalysis | undefined) => {
  if (analysis?.status !== 'done') throw new Error(`not heard: ${JSON.stringify(analysis)}`);
  return analysis;
};

describe('the demo speaks: seeded attempts with synthesised recordings', () => {
  it('the seed queues an analysis and its job for every recording of the demo members’ attempts', async () => {
    const analyses = await t.deps.db.selectFrom('recording_analyses').select(['id', 'file_url']).execute();
    // Ava Nguyen and Zoe Smith: five words and a passage each; Ava Patel: three answers; Zoe Williams: the four
    // stages of an interview.
    expect(analyses).toHaveLength(19);
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'speech-analysis')
      .execute();
    const queued = new Set(jobs.map((job) => (JSON.parse(job.payload) as { analysisId: string }).analysisId));
    for (const { id } of analyses) expect(queued.has(id)).toBe(true);
  });

  it('the interview’s answers are due stage by stage, so each is heard after the reply it answers', async () => {
    const stages = await t.deps.db
      .selectFrom('recording_analyses')
      .innerJoin('task_assignments', 'task_assignments.id', 'recording_analyses.assignment_id')
      .innerJoin('users', 'users.id', 'task_assignments.user_id')
      .select(['recording_analyses.id', 'recording_analyses.recording_key'])
      .where('users.email', '=', 'member52@acme.example')
      .execute();
    const jobs = await t.deps.db.selectFrom('jobs').select(['payload', 'run_after']).execute();
    const dueAt = (analysisId: string) =>
      jobs.find((job) => (JSON.parse(job.payload) as { analysisId: string }).analysisId === analysisId)
        ?.run_after ?? '';
    const order = [...stages]
      .sort((a, b) => dueAt(a.id).localeCompare(dueAt(b.id)))
      .map((row) => row.recording_key);
    expect(order).toEqual(['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL']);
    // Strictly one after another: jobs due at the same instant would be claimed in no set order.
    expect(new Set(stages.map((row) => dueAt(row.id))).size).toBe(4);
  });

  it('the reviewer sees what the engine heard: the right reading passes, the wrong one does not', async () => {
    await t.jobsIdle();
    const statuses = await t.deps.db.selectFrom('recording_analyses').select('status').execute();
    expect(statuses.every((row) => row.status === 'done')).toBe(true);

    const nguyenWords = await attemptOf('member01@acme.example', 2);
    expect(done(nguyenWords.analyses['0']).transcript).toMatch(/particularly/i);
    expect(nguyenWords.pronunciation?.passed).toBe(true);
    const smithWords = await attemptOf('member22@acme.example', 2);
    expect(done(smithWords.analyses['0']).words?.[0]?.status).toBe('mispronounced');
    expect(smithWords.pronunciation?.passed).toBe(false);
    expect(smithWords.pronunciation?.score).toBeLessThan(nguyenWords.pronunciation?.score ?? 0);

    const nguyenPassage = done((await attemptOf('member01@acme.example', 5)).analyses.passage);
    const smithPassage = done((await attemptOf('member22@acme.example', 5)).analyses.passage);
    expect(nguyenPassage.scores.completeness).toBeGreaterThanOrEqual(90);
    expect(smithPassage.scores.completeness).toBeLessThan(60);
    expect(smithPassage.words?.some((word) => word.status === 'omitted')).toBe(true);

    const answers = await attemptOf('member31@acme.example', 4);
    expect(done(answers.analyses['0']).transcript).toMatch(/customer onboarding/i);
    expect(done(answers.analyses['1']).fillers.words).toContain('um');
  });

  it('the reviewer reads the seeded interview as a conversation, with the summing up', async () => {
    await t.jobsIdle();
    const { interview } = await attemptOf('member52@acme.example', 6);
    expect(interview.map((message) => message.requestType)).toEqual([
      'POSITION',
      'ICEBREAKING',
      'TECHNICAL',
      'BEHAVIOURAL',
      'FEEDBACK',
    ]);
    const answers = interview.slice(0, 4);
    for (const [index, message] of answers.entries()) {
      expect(message.audioKeys).toHaveLength(1);
      expect(done(message.answerAnalysis?.speech).transcript).not.toBe('');
      expect(message.answerAnalysis?.content?.length, message.requestType).toBe('good');
      expect(message.response).toBeTruthy();
      // Each question asked is the interviewer's reply to the answer before.
      if (index > 0) expect(message.request).toBe(answers[index - 1]?.response);
    }
    expect(answers[0]?.request).toMatch(/Team leader role in Customer service, based in Melbourne/);
    expect(answers[0]?.answerAnalysis?.content?.mentioned).toEqual({
      jobTitle: true,
      industry: true,
      location: true,
    });
    // The technical question is the team leader's, for the role and industry the opening named.
    expect(answers[2]?.request).toMatch(/^Let's talk about the Team leader role\./);
    expect(answers[2]?.answerAnalysis?.content?.keywords.used).toEqual(
      expect.arrayContaining(['priority', 'delegate', 'feedback']),
    );
    expect(answers[3]?.answerAnalysis?.content?.star).toEqual({
      situation: true,
      task: true,
      action: true,
      result: true,
    });
    const summing = interview[4];
    expect(summing?.from).toBe('coach');
    expect(summing?.feedback?.strengths.length).toBeGreaterThan(0);
    expect(summing?.feedback?.workOn).toHaveLength(3);
  });
});
