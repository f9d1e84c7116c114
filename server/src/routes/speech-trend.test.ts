import { members } from '@coach/shared/contract/members';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
let acmeId: string;
const ip = '10.9.16.40';
const DAY_MS = 86_400_000;

const trendOf = (token: string, memberId: string) =>
  t.request('GET', `${members.speechTrend.path}?memberId=${memberId}`, { token, ip });

/** A member with no attempts yet (invited by the owner), so the seed's own attempts never count. */
const newMember = async (email: string) => {
  const role = (
    await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('enterprise_id', '=', acmeId)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;
  const invited = await t.request('POST', members.invite.path, {
    token: owner,
    ip,
    body: { name: email.split('@')[0], email, roleId: role },
  });
  expect(invited.status, invited.json.message).toBe(200);
  return invited.json.response._id as string;
};

/** A recording heard as `words` spoken words and `fillers` "um"s, at `wpm` words a minute. */
const heard = ({
  words = 10,
  wpm,
  fillers = 0,
  pronunciation,
}: {
  words?: number;
  wpm: number;
  fillers?: number;
  pronunciation: number;
}) =>
  ({
    status: 'done',
    transcript: [...Array.from({ length: words }, (_, i) => `word${i}`), ...Array(fillers).fill('um')].join(
      ' ',
    ),
    durationSeconds: 10,
    wordsPerMinute: wpm,
    pauses: [],
    longestPauseSeconds: 0,
    fillers: {
      count: fillers,
      per100Words: Math.round((fillers / (words + fillers)) * 1000) / 10,
      words: Array(fillers).fill('um'),
    },
    words: null,
    scores: { accuracy: pronunciation, completeness: 100, fluency: 80, pronunciation },
  }) satisfies SpeechAnalysis;

/** One attempt of the member at an Acme task with recordings analysed as given, saved `daysAgo` days ago. */
const attemptWith = async (
  userId: string,
  recordings: { daysAgo: number; target: string | null; analysis: SpeechAnalysis }[],
) => {
  // A member holds one attempt per task: each attempt takes a task the member has none of yet.
  const task = await t.deps.db
    .selectFrom('tasks')
    .select('id')
    .where('enterprise_id', '=', acmeId)
    .where(
      'id',
      'not in',
      t.deps.db.selectFrom('task_assignments').select('task_id').where('user_id', '=', userId),
    )
    .limit(1)
    .executeTakeFirstOrThrow();
  const assignmentId = crypto.randomUUID();
  const at = new Date().toISOString();
  await t.deps.db
    .insertInto('task_assignments')
    .values({
      id: assignmentId,
      enterprise_id: acmeId,
      task_id: task.id,
      user_id: userId,
      source: 'direct',
      status: 2,
      progress: 100,
      report: null,
      assigned_at: at,
      due_at: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      started_at: at,
      completed_at: at,
      reviewed_at: null,
      reviewed_by: null,
      feedback: null,
      feedback_at: null,
      updated_at: at,
    })
    .execute();
  for (const [index, { daysAgo, target, analysis }] of recordings.entries()) {
    const saved = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await t.deps.db
      .insertInto('recording_analyses')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        assignment_id: assignmentId,
        recording_key: String(index),
        file_url: `https://files.example/${assignmentId}/${index}.webm`,
        target_text: target,
        status: analysis.status,
        analysis: analysis.status === 'pending' ? null : JSON.stringify(analysis),
        created_at: saved,
        updated_at: saved,
      })
      .execute();
  }
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, globex } = await t.signInSeeded(ip));
  acmeId = (
    await t.deps.db
      .selectFrom('enterprises')
      .select('id')
      .where('name', '=', 'Acme Learning')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("a member's speaking trend", () => {
  it('enterprise admin sees an empty trend for a member with no recordings heard', async () => {
    const memberId = await newMember('quiet.trend@acme.example');
    const res = await trendOf(owner, memberId);
    expect(res.status, res.json.message).toBe(200);
    expect(res.json.response).toEqual({ days: 90, points: [] });
  });

  it('enterprise admin sees one point per day of heard recordings, oldest first', async () => {
    const memberId = await newMember('busy.trend@acme.example');
    await attemptWith(memberId, [
      // Two Read & Record takes the same day: their words over their speaking time, their fillers over their words.
      { daysAgo: 3, target: 'A passage', analysis: heard({ words: 11, wpm: 110, pronunciation: 70 }) },
      {
        daysAgo: 3,
        target: 'A passage',
        analysis: heard({ words: 10, wpm: 125, fillers: 1, pronunciation: 81 }),
      },
      // Free speech has no pronunciation to average.
      { daysAgo: 10, target: null, analysis: heard({ words: 20, wpm: 95, fillers: 1, pronunciation: 50 }) },
      { daysAgo: 0, target: null, analysis: heard({ words: 12, wpm: 140, pronunciation: 90 }) },
      // A Pronunciation item's one word and its "um": too few words for a pace, as its own page says, so neither
      // its 75 words a minute nor its 50 fillers per 100 words count; its pronunciation does.
      {
        daysAgo: 0,
        target: 'An item',
        analysis: heard({ words: 1, wpm: 75, fillers: 1, pronunciation: 88 }),
      },
      // A day of items alone has no pace.
      { daysAgo: 5, target: 'Item', analysis: heard({ words: 1, wpm: 60, pronunciation: 64 }) },
    ]);
    // Not counted: not heard yet, given up, silence, and older than 90 days.
    await attemptWith(memberId, [
      { daysAgo: 1, target: 'x', analysis: unmeasuredSpeechAnalysis('pending') },
      { daysAgo: 1, target: 'x', analysis: unmeasuredSpeechAnalysis('failed') },
      {
        daysAgo: 1,
        target: 'x',
        analysis: {
          ...heard({ wpm: 0, pronunciation: 0 }),
          status: 'no-speech',
          scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
        },
      },
      { daysAgo: 120, target: 'x', analysis: heard({ wpm: 90, fillers: 9, pronunciation: 40 }) },
    ]);

    const res = await trendOf(owner, memberId);
    expect(res.status, res.json.message).toBe(200);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(res.json.response.points).toEqual([
      { date: day(10), recordings: 1, wordsPerMinute: 95, fillersPer100Words: 4.8, pronunciation: null },
      { date: day(5), recordings: 1, wordsPerMinute: null, fillersPer100Words: null, pronunciation: 64 },
      // 21 words in 0.1 + 0.08 minutes; 1 filler in 22 words.
      { date: day(3), recordings: 2, wordsPerMinute: 117, fillersPer100Words: 4.5, pronunciation: 76 },
      { date: day(0), recordings: 2, wordsPerMinute: 140, fillersPer100Words: 0, pronunciation: 88 },
    ]);
  });

  it("another enterprise's admin gets 404 for an Acme member", async () => {
    const memberId = await newMember('foreign.trend@acme.example');
    await attemptWith(memberId, [
      { daysAgo: 1, target: 'x', analysis: heard({ wpm: 120, fillers: 1, pronunciation: 75 }) },
    ]);
    const res = await trendOf(globex, memberId);
    expect(res.status).toBe(404);
    expect(res.json.response).toBeUndefined();
  });

  it('a learner without the Members permission gets 403', async () => {
    const memberId = await newMember('private.trend@acme.example');
    expect((await trendOf(learner, memberId)).status).toBe(403);
  });
});
