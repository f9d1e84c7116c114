import { enterpriseGeneral } from '@coach/shared/contract/general';
import { tasks } from '@coach/shared/contract/tasks';
import { expect } from 'vitest';
import type { createTestApp } from './test-app.ts';
import { WEBM_STUB } from './webm.ts';

/**
 * A learner's try at a scored task (Pronunciation, Read & Record) with what the engine heard written directly: the
 * recordings are uploaded and saved as the learner's page saves them, their analyses set to the scores a test needs
 * (the speech suites test the engine itself), then the try is submitted.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What the engine hears in a recording read at `pronunciation` (a valid 'done' analysis). */
export const heardAt = (pronunciation: number) => ({
  status: 'done',
  transcript: 'as it was read',
  durationSeconds: 2,
  wordsPerMinute: 120,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: pronunciation, completeness: 100, fluency: 90, pronunciation },
});

/** A recording uploaded by the learner for a task, as their browser uploads it (signed address, then PUT); answers its file URL. */
export const uploadRecordingStub = async (
  t: Pick<TestApp, 'request' | 'app'>,
  token: string,
  ip: string,
  { bytes = WEBM_STUB, fileName = 'take.webm' }: { bytes?: Uint8Array; fileName?: string } = {},
) => {
  const signed = await t.request('POST', enterpriseGeneral.putSignedRequestForUpload.path, {
    token,
    ip,
    body: { purpose: 'task-recording', fileName, fileType: 'audio/webm', fileSize: bytes.length },
  });
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  expect((await t.app.request(uploadUrl, { method: 'PUT', headers, body: bytes })).status).toBe(200);
  return fileUrl;
};

/** One try: the recordings saved as progress, heard at `scores` (one per key), then submitted. */
export const submitScoredTry = async (
  t: TestApp,
  {
    token,
    userId,
    taskId,
    scores,
    ip,
  }: { token: string; userId: string; taskId: string; scores: Record<string, number>; ip: string },
) => {
  const post = (body: object) => t.request('POST', tasks.updateMyTask.path, { token, ip, body });
  const recordings: Record<string, { fileUrl: string; durationMs: number }> = {};
  for (const key of Object.keys(scores))
    recordings[key] = { fileUrl: await uploadRecordingStub(t, token, ip), durationMs: 2000 };
  const saved = await post({ userId, taskId, progress: 50, taskStatus: 1, report: { recordings } });
  expect(saved.status, saved.json.message).toBe(200);
  const db = t.deps.db;
  await db.deleteFrom('jobs').where('kind', '=', 'speech-analysis').execute();
  for (const [key, score] of Object.entries(scores))
    await db
      .updateTable('recording_analyses')
      .set({ status: 'done', analysis: JSON.stringify(heardAt(score)) })
      .where('assignment_id', '=', saved.json.response._id)
      .where('recording_key', '=', key)
      .where('attempt_id', 'is', null)
      .execute();
  const done = await post({ userId, taskId, progress: 100, taskStatus: 2, report: { recordings } });
  expect(done.status, done.json.message).toBe(200);
  return { recordings, assignment: done.json.response, message: done.json.message as string };
};
