import { contentActions, contentLibrary } from '@coach/shared/contract/content';
import { members } from '@coach/shared/contract/members';
import { myProgress } from '@coach/shared/contract/my-progress';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRow } from '../db/task-row.ts';
import { streakOf } from '../services/reports/my-progress.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let learnerId: string;
let globex: string;
let acmeId: string;
let globexId: string;
const ip = '10.9.17.30';
const DAY_MS = 86_400_000;

const progressOf = (token: string, query = '') =>
  t.request('GET', `${myProgress.get.path}${query}`, { token, ip });

const enterpriseId = async (name: string) =>
  (await t.deps.db.selectFrom('enterprises').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

/** A member with no attempts yet, invited by the owner, who can sign in with the demo password. */
const newMember = async (email: string) => {
  const role = (
    await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('enterprise_id', '=', acmeId)
      .where('name', '=', 'Learner')
      .executeTakeFirstOrThrow()
  ).id;
  const invited = await t.request('POST', members.invite.path, {
    token: owner,
    ip,
    body: { name: email.split('@')[0], email, roleId: role },
  });
  expect(invited.status, invited.json.message).toBe(200);
  const id = invited.json.response._id as string;
  // Signs in with the demo password, as if the invitation had been accepted.
  const { password_hash } = await t.deps.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', learnerId)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable('users')
    .set({ password_hash, email_verified_at: new Date().toISOString(), status: 'active', invited_at: null })
    .where('id', '=', id)
    .execute();
  return id;
};

/** A task of the enterprise made for one test (the seed's tasks are few and assigned already). */
const newTask = async (enterprise: string, type: number) => {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const title = `Progress task ${id.slice(0, 8)}`;
  await t.deps.db
    .insertInto('tasks')
    .values(
      taskRow({
        id,
        enterprise_id: enterprise,
        type,
        title,
        time_minutes: 5,
        details: type === 2 ? { items: ['Hello'] } : { passage: 'A passage' },
        at,
      }),
    )
    .execute();
  return { id, title };
};

const heard = (pronunciation: number, durationSeconds = 30): SpeechAnalysis => ({
  status: 'done',
  transcript: 'heard words',
  durationSeconds,
  wordsPerMinute: 120,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 1, per100Words: 2, words: ['um'] },
  words: null,
  scores: { accuracy: pronunciation, completeness: 100, fluency: 80, pronunciation },
});

/**
 * An attempt of `userId` at a task of `enterprise` they have none of yet, with one recording per entry saved
 * `daysAgo` days ago (heard, or still pending with the recorder's length in the report).
 */
const attemptWith = async ({
  enterprise,
  userId,
  status = 1,
  dueInDays = 7,
  report = {},
  recordings = [],
}: {
  enterprise: string;
  userId: string;
  status?: 0 | 1 | 2;
  dueInDays?: number;
  report?: object;
  recordings?: { daysAgo: number; analysis: SpeechAnalysis | null; durationMs?: number }[];
}) => {
  const task = await newTask(enterprise, 5);
  const assignmentId = crypto.randomUUID();
  const at = new Date().toISOString();
  const stored = {
    ...report,
    recordings: Object.fromEntries(
      recordings.map((r, index) => [
        String(index),
        { fileUrl: `https://files.example/${assignmentId}/${index}.webm`, durationMs: r.durationMs ?? 0 },
      ]),
    ),
  };
  await t.deps.db
    .insertInto('task_assignments')
    .values({
      id: assignmentId,
      enterprise_id: enterprise,
      task_id: task.id,
      user_id: userId,
      source: 'direct',
      status,
      progress: status === 2 ? 100 : status === 1 ? 50 : 0,
      report: JSON.stringify(stored),
      assigned_at: at,
      due_at: new Date(Date.now() + dueInDays * DAY_MS).toISOString(),
      started_at: status > 0 ? at : null,
      completed_at: status === 2 ? at : null,
      reviewed_at: null,
      reviewed_by: null,
      feedback: null,
      feedback_at: null,
      updated_at: at,
    })
    .execute();
  for (const [index, { daysAgo, analysis }] of recordings.entries()) {
    const saved = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await t.deps.db
      .insertInto('recording_analyses')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: enterprise,
        assignment_id: assignmentId,
        recording_key: String(index),
        file_url: `https://files.example/${assignmentId}/${index}.webm`,
        target_text: 'A passage',
        status: analysis ? analysis.status : 'pending',
        analysis: analysis ? JSON.stringify(analysis) : null,
        created_at: saved,
        updated_at: saved,
      })
      .execute();
  }
  return { taskId: task.id, title: task.title };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, learnerId, globex } = await t.signInSeeded(ip));
  acmeId = await enterpriseId('Acme Learning');
  globexId = await enterpriseId('Globex Training');
});
afterAll(async () => {
  await t?.close();
});

describe('general/my-progress (a member’s own home)', () => {
  it('lists the open surveys the member has not answered, and no other organisation’s', async () => {
    const mine = (await progressOf(learner)).json.response;
    expect(mine.surveys.toAnswer).toBeGreaterThanOrEqual(1);
    expect(mine.surveys.list.map((survey: { title: string }) => survey.title)).toContain(
      'Team communication pulse',
    );
    for (const survey of mine.surveys.list) expect(survey).toMatchObject({ open: true, submittedAt: null });
    const theirs = (await progressOf(globex)).json.response;
    expect(theirs.surveys.list.map((survey: { title: string }) => survey.title)).not.toContain(
      'Team communication pulse',
    );
  });

  it('counts days on the member’s own calendar: their timezone, else the organisation’s', async () => {
    const setZone = (timezone: string | null) =>
      t.deps.db.updateTable('users').set({ timezone }).where('id', '=', learnerId).execute();
    const zoneDay = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
    await setZone('Pacific/Kiritimati');
    try {
      const own = (await progressOf(learner)).json.response;
      expect(own).toMatchObject({ timeZone: 'Pacific/Kiritimati', today: zoneDay('Pacific/Kiritimati') });
      await setZone(null);
      await t.deps.db
        .updateTable('enterprises')
        .set({ timezone: 'Pacific/Pago_Pago' })
        .where('id', '=', acmeId)
        .execute();
      const organisation = (await progressOf(learner)).json.response;
      expect(organisation).toMatchObject({
        timeZone: 'Pacific/Pago_Pago',
        today: zoneDay('Pacific/Pago_Pago'),
      });
    } finally {
      await setZone(null);
      await t.deps.db.updateTable('enterprises').set({ timezone: null }).where('id', '=', acmeId).execute();
    }
  });

  it('a learner sees their own open tasks, nearest due first, with the overdue ones marked and counted', async () => {
    const res = await progressOf(learner);
    expect(res.status, res.json.message).toBe(200);
    const { tasks, timeZone, today } = res.json.response;
    expect(timeZone).toBe('UTC');
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    expect(tasks.open).toBeGreaterThan(0);
    const own = await t.deps.db
      .selectFrom('task_assignments')
      .select('task_id')
      .where('user_id', '=', learnerId)
      .where('status', '!=', 2)
      .execute();
    const ownIds = new Set(own.map((row) => row.task_id));
    for (const task of tasks.next) expect(ownIds.has(task.taskId)).toBe(true);
    const dues = tasks.next.map((task: { dueAt: string }) => task.dueAt);
    expect(dues).toEqual([...dues].sort());

    // An overdue task leads the list and is counted as overdue.
    const late = await attemptWith({ enterprise: acmeId, userId: learnerId, status: 0, dueInDays: -2 });
    const after = (await progressOf(learner)).json.response.tasks;
    expect(after.open).toBe(tasks.open + 1);
    expect(after.overdue).toBe(tasks.overdue + 1);
    expect(after.next[0]).toMatchObject({ taskId: late.taskId, overdue: true, taskStatus: 0 });
    // A task started and not finished is open and counted as in progress (My Tasks' In progress tab).
    expect(after.inProgress).toBe(tasks.inProgress);
    await attemptWith({ enterprise: acmeId, userId: learnerId, status: 1, dueInDays: 5 });
    const started = (await progressOf(learner)).json.response.tasks;
    expect(started.open).toBe(after.open + 1);
    expect(started.inProgress).toBe(after.inProgress + 1);
  });

  it('a member sees their minutes practised, streak, speech trend and Pronunciation scores, and nothing of others', async () => {
    const memberId = await newMember('progress.one@acme.example');
    const token = await t.fullLogin('progress.one@acme.example', 'enterprise', ip);
    const empty = (await progressOf(token)).json.response;
    expect(empty).toMatchObject({
      tasks: { open: 0, inProgress: 0, overdue: 0, next: [] },
      scores: [],
      speech: { days: 30, points: [] },
      practice: { secondsLast7Days: 0, secondsLast30Days: 0, streakDays: 0, practisedToday: false },
      videos: { toWatch: 0, list: [] },
    });

    // Today and yesterday (a two-day streak), ten days ago (30-day figure only), one still being heard (its
    // recorder length counts), and a Pronunciation result in a completed attempt's report.
    await attemptWith({
      enterprise: acmeId,
      userId: memberId,
      recordings: [
        { daysAgo: 0, analysis: heard(80, 30) },
        { daysAgo: 1, analysis: heard(60, 45) },
        { daysAgo: 10, analysis: heard(70, 120) },
        { daysAgo: 0, analysis: null, durationMs: 15_000 },
      ],
    });
    const scored = await attemptWith({
      enterprise: acmeId,
      userId: memberId,
      status: 2,
      report: {
        pronunciationResult: {
          score: 74,
          passingScore: 70,
          passed: true,
          method: 'speech',
          engine: 'embedded',
          accent: 'en-AU',
          strictness: 'normal',
          items: [],
          scoredAt: new Date().toISOString(),
        },
      },
    });
    // Another member's practice never counts.
    const otherId = await newMember('progress.other@acme.example');
    await attemptWith({
      enterprise: acmeId,
      userId: otherId,
      recordings: [{ daysAgo: 0, analysis: heard(99, 600) }],
    });
    const res = await progressOf(token);
    expect(res.status, res.json.message).toBe(200);
    const progress = res.json.response;
    // The scored attempt holds no recording of its own: it counts the task's expected 5 minutes.
    expect(progress.practice).toEqual({
      secondsLast7Days: 30 + 45 + 15 + 300,
      secondsLast30Days: 30 + 45 + 120 + 15 + 300,
      streakDays: 2,
      practisedToday: true,
    });
    // The scored Read & Record task counts for its score (every type with a pass mark), and it is
    // not open.
    expect(progress.tasks.open).toBe(1);
    expect(progress.speech.points.map((p: { pronunciation: number }) => p.pronunciation)).toEqual([
      70, 60, 80,
    ]);
    expect(progress.scores).toEqual([
      expect.objectContaining({ taskId: scored.taskId, score: 74, passed: true }),
    ]);

    // A week's trend leaves the ten-day-old recording out; another period is 422 naming the field.
    const week = (await progressOf(token, '?days=7')).json.response;
    expect(week.speech).toMatchObject({ days: 7 });
    expect(week.speech.points).toHaveLength(2);
    const bad = await progressOf(token, '?days=12');
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('days');
    // Nobody can ask for someone else's progress: the call takes no member.
    const other = await progressOf(token, `?userId=${otherId}`);
    expect(other.status).toBe(422);
  });

  it('lists the latest Pronunciation results of the caller, newest first', async () => {
    const memberId = await newMember('progress.scores@acme.example');
    const token = await t.fullLogin('progress.scores@acme.example', 'enterprise', ip);
    const pronunciationTasks = [await newTask(acmeId, 2), await newTask(acmeId, 2)];
    const completions: string[] = [];
    for (const [index, task] of pronunciationTasks.entries()) {
      const at = new Date(Date.now() - (2 - index) * 60_000).toISOString();
      completions.push(at);
      await t.deps.db
        .insertInto('task_assignments')
        .values({
          id: crypto.randomUUID(),
          enterprise_id: acmeId,
          task_id: task.id,
          user_id: memberId,
          source: 'direct',
          status: 2,
          progress: 100,
          report: JSON.stringify({
            recordings: {},
            pronunciationResult: {
              score: 50 + index * 30,
              passingScore: 70,
              passed: index === 1,
              method: 'speech',
              engine: 'embedded',
              accent: 'en-AU',
              strictness: 'normal',
              items: [],
              scoredAt: at,
            },
          }),
          assigned_at: at,
          due_at: at,
          started_at: at,
          completed_at: at,
          reviewed_at: null,
          reviewed_by: null,
          feedback: null,
          feedback_at: null,
          updated_at: at,
        })
        .execute();
    }
    const { scores, practice } = (await progressOf(token)).json.response;
    expect(scores).toEqual([
      expect.objectContaining({ taskId: pronunciationTasks[1]?.id, score: 80, passed: true }),
      expect.objectContaining({ taskId: pronunciationTasks[0]?.id, score: 50, passed: false }),
    ]);
    // Completing tasks is practice: today's, and yesterday's too when the run began just before midnight (UTC).
    const practiceDays = new Set(completions.map((at) => at.slice(0, 10)));
    expect(practice).toMatchObject({ streakDays: practiceDays.size, practisedToday: true });
  });

  it('lists the videos assigned to the caller until they watch them', async () => {
    const memberId = await newMember('progress.videos@acme.example');
    const token = await t.fullLogin('progress.videos@acme.example', 'enterprise', ip);
    const video = (
      await t.deps.db
        .selectFrom('content_enterprises')
        .select('content_id')
        .where('enterprise_id', '=', acmeId)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).content_id;
    const assigned = await t.request('POST', contentLibrary.assignContentUsers.path, {
      token: owner,
      ip,
      body: { contentIds: [video], userIds: [memberId] },
    });
    expect(assigned.status, assigned.json.message).toBe(200);
    const before = (await progressOf(token)).json.response.videos;
    expect(before.toWatch).toBe(1);
    expect(before.list[0]).toMatchObject({ _id: video, viewedByMe: false });
    // The owner's list is their own: the video assigned to the member is not in it.
    const ownerVideos = (await progressOf(owner)).json.response.videos.list.map(
      (v: { _id: string }) => v._id,
    );
    const ownerAssigned = await t.deps.db
      .selectFrom('content_assignments')
      .select('content_id')
      .where(
        'user_id',
        '=',
        (
          await t.deps.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'owner@acme.example')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    for (const id of ownerVideos) expect(ownerAssigned.map((row) => row.content_id)).toContain(id);

    const viewed = await t.request('POST', contentActions.doAction.path, {
      token,
      ip,
      body: { contentId: video, actionName: 'viewed' },
    });
    expect(viewed.status, viewed.json.message).toBe(200);
    const after = (await progressOf(token)).json.response;
    expect(after.videos).toEqual({ toWatch: 0, list: [] });
    expect(after.practice).toMatchObject({ streakDays: 1, practisedToday: true });
  });

  it('a video watched is practice time and a streak day alike: never "0 min" beside a streak', async () => {
    const memberId = await newMember('progress.watcher@acme.example');
    const token = await t.fullLogin('progress.watcher@acme.example', 'enterprise', ip);
    const video = await t.deps.db
      .selectFrom('content_enterprises as ce')
      .innerJoin('content as c', 'c.id', 'ce.content_id')
      .select(['c.id', 'c.duration_seconds'])
      .where('ce.enterprise_id', '=', acmeId)
      .where('c.duration_seconds', '>', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const viewed = await t.request('POST', contentActions.doAction.path, {
      token,
      ip,
      body: { contentId: video.id, actionName: 'viewed' },
    });
    expect(viewed.status, viewed.json.message).toBe(200);
    const { practice } = (await progressOf(token)).json.response;
    expect(practice).toEqual({
      secondsLast7Days: video.duration_seconds,
      secondsLast30Days: video.duration_seconds,
      streakDays: 1,
      practisedToday: true,
    });
    // Watching is activity too: the member's day counts as active and is their last activity.
    const user = await t.deps.db
      .selectFrom('users')
      .select('last_active_at')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(user.last_active_at?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    const days = await t.deps.db
      .selectFrom('activity_days')
      .select('day')
      .where('user_id', '=', memberId)
      .execute();
    expect(days.map((d) => d.day)).toContain(new Date().toISOString().slice(0, 10));
  });

  it("a member's page counts as watched only the videos assigned to them, once each, and their last activity includes practice", async () => {
    const memberId = await newMember('progress.figures@acme.example');
    const token = await t.fullLogin('progress.figures@acme.example', 'enterprise', ip);
    // The sign-in above counted as activity; make it an older day, as "Last active Nov 27" was.
    const old = new Date(Date.now() - 5 * DAY_MS).toISOString();
    await t.deps.db.updateTable('users').set({ last_active_at: old }).where('id', '=', memberId).execute();
    await t.deps.db.deleteFrom('activity_days').where('user_id', '=', memberId).execute();
    const videos = await t.deps.db
      .selectFrom('content_enterprises')
      .select('content_id')
      .where('enterprise_id', '=', acmeId)
      .limit(3)
      .execute();
    const [given, alsoGiven, notGiven] = videos.map((v) => v.content_id);
    const assigned = await t.request('POST', contentLibrary.assignContentUsers.path, {
      token: owner,
      ip,
      body: { contentIds: [given, alsoGiven], userIds: [memberId] },
    });
    expect(assigned.status, assigned.json.message).toBe(200);
    for (const contentId of [given, given, notGiven]) {
      const viewed = await t.request('POST', contentActions.doAction.path, {
        token,
        ip,
        body: { contentId, actionName: 'viewed' },
      });
      expect(viewed.status, viewed.json.message).toBe(200);
    }
    const detail = await t.request('GET', `${members.get.path}?memberId=${memberId}`, { token: owner, ip });
    expect(detail.status, detail.json.message).toBe(200);
    expect(detail.json.response.videos).toEqual({ assigned: 2, watched: 1 });
    // Watching today is their last activity, not the older sign-in, and this week's active days count it.
    expect(detail.json.response.lastActiveAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(detail.json.response.activity.at(-1).activeDays).toBeGreaterThanOrEqual(1);
    // Another enterprise cannot read the member.
    const theirs = await t.request('GET', `${members.get.path}?memberId=${memberId}`, { token: globex, ip });
    expect(theirs.status).toBe(404);
  });

  it('a recording of no length is neither time nor a streak day', async () => {
    const memberId = await newMember('progress.silent@acme.example');
    const token = await t.fullLogin('progress.silent@acme.example', 'enterprise', ip);
    await attemptWith({
      enterprise: acmeId,
      userId: memberId,
      recordings: [{ daysAgo: 0, analysis: heard(0, 0) }],
    });
    const { practice } = (await progressOf(token)).json.response;
    expect(practice).toEqual({
      secondsLast7Days: 0,
      secondsLast30Days: 0,
      streakDays: 0,
      practisedToday: false,
    });
  });

  it('answers another tenant with its own data only, and 401 without a session', async () => {
    const globexOwner = (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'owner@globex.example')
        .executeTakeFirstOrThrow()
    ).id;
    await attemptWith({
      enterprise: globexId,
      userId: globexOwner,
      recordings: [{ daysAgo: 0, analysis: heard(10, 900) }],
    });
    const res = await progressOf(globex);
    expect(res.status, res.json.message).toBe(200);
    // Only the Globex owner's own attempt: none of Acme's practice of the tests above.
    expect(res.json.response.practice.secondsLast7Days).toBe(900);
    const acmeTaskIds = new Set(
      (await t.deps.db.selectFrom('tasks').select('id').where('enterprise_id', '=', acmeId).execute()).map(
        (row) => row.id,
      ),
    );
    expect(res.json.response.tasks.next.length).toBeGreaterThan(0);
    for (const task of res.json.response.tasks.next) expect(acmeTaskIds.has(task.taskId)).toBe(false);
    expect((await t.request('GET', myProgress.get.path, { ip })).status).toBe(401);
  });
});

describe('the practice streak', () => {
  const days = (...list: string[]) => new Set(list);
  it('counts back from today, or from yesterday while today has no practice yet', () => {
    expect(streakOf(days('2026-03-10', '2026-03-09', '2026-03-07'), '2026-03-10')).toEqual({
      streakDays: 2,
      practisedToday: true,
    });
    expect(streakOf(days('2026-03-09', '2026-03-08'), '2026-03-10')).toEqual({
      streakDays: 2,
      practisedToday: false,
    });
    expect(streakOf(days('2026-03-08'), '2026-03-10')).toEqual({ streakDays: 0, practisedToday: false });
    // Across a month end.
    expect(streakOf(days('2026-03-01', '2026-02-28'), '2026-03-01').streakDays).toBe(2);
  });
});
