import { enterpriseReports } from '@coach/shared/contract/reports';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRow } from '../db/task-row.ts';
import { createTestApp } from '../testing/test-app.ts';

// An enterprise's reports, on constructed data in March 2020 (the seed's activity is recent,
// so this range holds only what the test writes).
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let acmeId: string;
let globexId: string;
let groupId: string;
let ann: string;
let bob: string;
let eve: string;
const ip = '10.9.17.20';
const FROM = '2020-03-01';
const TO = '2020-03-10';

const query = (input: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(input).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
const report = (token: string, input: Record<string, string | undefined> = {}) =>
  t.request('GET', `${enterpriseReports.overview.path}?${query(input)}`, { token, ip });
const memberPage = (token: string, input: Record<string, string | undefined> = {}) =>
  t.request('GET', `${enterpriseReports.members.path}?${query(input)}`, { token, ip });
const exportTable = (token: string, body: Record<string, string>) =>
  t.request('POST', enterpriseReports.exportTable.path, { token, ip, body });

const at = (day: string, time = '10:00:00') => `${day}T${time}.000Z`;

const addUser = async (enterpriseId: string, name: string, joined = '2020-01-01') => {
  const role = await t.deps.db
    .selectFrom('roles')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .limit(1)
    .executeTakeFirstOrThrow();
  const id = crypto.randomUUID();
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      enterprise_id: enterpriseId,
      role_id: role.id,
      name,
      email: `${id.slice(0, 8)}@reports.example`,
      password_hash: 'x',
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: 'active',
      email_verified_at: at('2020-01-01'),
      last_active_at: null,
      created_at: at(joined),
      invited_at: null,
    })
    .execute();
  return id;
};

const addTask = async (enterpriseId: string, type: number, details: object = {}) => {
  const id = crypto.randomUUID();
  await t.deps.db
    .insertInto('tasks')
    .values(
      taskRow({
        id,
        enterprise_id: enterpriseId,
        type,
        title: `Report task ${type}`,
        details,
        at: at('2020-01-01'),
      }),
    )
    .execute();
  return id;
};

const assign = async (
  enterpriseId: string,
  {
    taskId,
    userId,
    assigned,
    due,
    completed = null,
    report = null,
  }: {
    taskId: string;
    userId: string;
    assigned: string;
    due: string;
    completed?: string | null;
    report?: object | null;
  },
) => {
  const id = crypto.randomUUID();
  await t.deps.db
    .insertInto('task_assignments')
    .values({
      id,
      enterprise_id: enterpriseId,
      task_id: taskId,
      user_id: userId,
      source: 'direct',
      status: completed ? 2 : 1,
      progress: completed ? 100 : 50,
      report: report ? JSON.stringify(report) : null,
      assigned_at: at(assigned),
      due_at: at(due),
      started_at: at(assigned),
      completed_at: completed ? at(completed) : null,
      reviewed_at: null,
      reviewed_by: null,
      feedback: null,
      feedback_at: null,
      updated_at: at(assigned),
    })
    .execute();
  return id;
};

const heard = (wpm: number, fillers: number, pronunciation: number) =>
  ({
    status: 'done',
    transcript: 'heard words',
    durationSeconds: 10,
    wordsPerMinute: wpm,
    pauses: [],
    longestPauseSeconds: 0,
    fillers: { count: 1, per100Words: fillers, words: ['um'] },
    words: null,
    scores: { accuracy: pronunciation, completeness: 100, fluency: 80, pronunciation },
  }) satisfies SpeechAnalysis;

const record = async (assignmentId: string, key: string, target: string | null, analysis: SpeechAnalysis) => {
  await t.deps.db
    .insertInto('recording_analyses')
    .values({
      id: crypto.randomUUID(),
      enterprise_id: acmeId,
      assignment_id: assignmentId,
      recording_key: key,
      file_url: `https://files.example/${assignmentId}/${key}.webm`,
      target_text: target,
      status: 'done',
      analysis: JSON.stringify(analysis),
      created_at: at('2020-03-03'),
      updated_at: at('2020-03-03'),
    })
    .execute();
};

const activeOn = (enterpriseId: string, userId: string, days: string[]) =>
  t.deps.db
    .insertInto('activity_days')
    .values(days.map((day) => ({ user_id: userId, enterprise_id: enterpriseId, day })))
    .execute();

const pronunciationResult = (score: number) => ({
  pronunciationResult: { score, passingScore: 60, passed: score >= 60 },
});

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex } = await t.signInSeeded(ip));
  const enterprise = (name: string) =>
    t.deps.db.selectFrom('enterprises').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  acmeId = (await enterprise('Acme Learning')).id;
  globexId = (await enterprise('Globex Training')).id;

  groupId = crypto.randomUUID();
  await t.deps.db
    .insertInto('groups')
    .values({ id: groupId, enterprise_id: acmeId, name: 'Report cohort', created_at: at('2020-01-01') })
    .execute();
  ann = await addUser(acmeId, 'Ann Report');
  // A name a spreadsheet would run as a formula: the CSV must defuse it.
  bob = await addUser(acmeId, '=HYPERLINK("http://evil.example","Bob")');
  const cyd = await addUser(acmeId, 'Cyd Outside');
  const dee = await addUser(globexId, 'Dee Globex');
  // Joins in June, after the range: not one of the members then.
  eve = await addUser(acmeId, 'Eve Later', '2020-06-01');
  // Invited into the cohort in February and never joined: not a member of the report, nor are their assignments.
  const ivy = await addUser(acmeId, 'Ivy Invited');
  await t.deps.db
    .updateTable('users')
    .set({ invited_at: at('2020-02-01'), email_verified_at: null, password_hash: '' })
    .where('id', '=', ivy)
    .execute();
  await t.deps.db
    .insertInto('group_members')
    .values([
      { group_id: groupId, user_id: ann },
      { group_id: groupId, user_id: bob },
      { group_id: groupId, user_id: ivy },
    ])
    .execute();

  // Ann is active again after the range (April): the range's table still shows her last day in it.
  await activeOn(acmeId, ann, ['2020-02-20', '2020-03-02', '2020-03-03', '2020-04-15']);
  await activeOn(acmeId, eve, ['2020-06-02']);
  await activeOn(acmeId, bob, ['2020-03-05']);
  await activeOn(acmeId, cyd, ['2020-03-02']);
  await activeOn(globexId, dee, ['2020-03-02']);

  const pron = await addTask(acmeId, 2, { items: ['one', 'two'] });
  const choice = await addTask(acmeId, 8, {
    questions: [
      { id: 'q1', type: 'multiple-choice', text: 'A?', options: [], answer: 'a' },
      { id: 'q2', type: 'multiple-choice', text: 'B?', options: [], answer: ['b', 'c'] },
      { id: 'q3', type: 'multiple-choice', text: 'Ungraded', options: [] },
    ],
  });
  const qa = await addTask(acmeId, 4, { questions: ['Tell me'] });
  // Waits for Ivy, assigned and due in the range: the totals count the members' work only (the members table
  // lists no Ivy), so neither assigned nor overdue grows.
  await assign(acmeId, { taskId: qa, userId: ivy, assigned: '2020-03-02', due: '2020-03-04' });

  const annPron = await assign(acmeId, {
    taskId: pron,
    userId: ann,
    assigned: '2020-03-01',
    due: '2020-03-08',
    completed: '2020-03-03',
    report: pronunciationResult(80),
  });
  await record(annPron, '0', 'one', heard(120, 2, 70));
  await record(annPron, '1', 'two', heard(140, 4, 90));
  await assign(acmeId, {
    taskId: pron,
    userId: bob,
    assigned: '2020-03-01',
    due: '2020-03-08',
    completed: '2020-03-04',
    report: pronunciationResult(60),
  });
  await assign(acmeId, {
    taskId: choice,
    userId: ann,
    assigned: '2020-03-02',
    due: '2020-03-09',
    completed: '2020-03-05',
    report: { choices: { q1: { values: ['a'] }, q2: { values: ['b'] }, q3: { values: ['x'] } } },
  });
  await assign(acmeId, {
    taskId: choice,
    userId: bob,
    assigned: '2020-03-02',
    due: '2020-03-09',
    completed: '2020-03-06',
    report: { choices: { q1: { values: ['a'] }, q2: { values: ['c', 'b'] } } },
  });
  // Not completed and due in the range: overdue; its recording is not counted (the attempt is not done).
  const annQa = await assign(acmeId, { taskId: qa, userId: ann, assigned: '2020-03-02', due: '2020-03-04' });
  await record(annQa, '0', null, heard(100, 6, 0));
  const bobQa = await assign(acmeId, {
    taskId: qa,
    userId: bob,
    assigned: '2020-03-02',
    due: '2020-03-09',
    completed: '2020-03-06',
  });
  await record(bobQa, '0', null, heard(160, 1, 0));
  // Outside the group: counted only without the group filter.
  await assign(acmeId, {
    taskId: pron,
    userId: cyd,
    assigned: '2020-03-01',
    due: '2020-03-08',
    completed: '2020-03-03',
    report: pronunciationResult(10),
  });
  // Outside the range.
  await assign(acmeId, {
    taskId: choice,
    userId: cyd,
    assigned: '2020-02-01',
    due: '2020-02-05',
    completed: '2020-02-02',
    report: { choices: { q1: { values: ['a'] } } },
  });

  // Surveys: one open in the range (the group and Cyd have it, Ann answered), one closed before it, Globex's own.
  const survey = async (enterpriseId: string, title: string, closed: string | null) => {
    const id = crypto.randomUUID();
    await t.deps.db
      .insertInto('surveys')
      .values({
        id,
        enterprise_id: enterpriseId,
        title,
        description: null,
        questions: '[]',
        status: closed ? 'Closed' : 'Active',
        expiry_seconds: null,
        due_at: null,
        published_at: at('2020-02-15'),
        closed_at: closed ? at(closed) : null,
        created_by: null,
        created_at: at('2020-02-15'),
        updated_at: at('2020-02-15'),
      })
      .execute();
    return id;
  };
  const pulse = await survey(acmeId, 'March pulse', null);
  const old = await survey(acmeId, 'February pulse', '2020-02-20');
  const theirs = await survey(globexId, 'Globex pulse', null);
  await t.deps.db
    .insertInto('survey_group_assignments')
    .values([
      { survey_id: pulse, group_id: groupId, enterprise_id: acmeId, assigned_at: at('2020-02-15') },
      { survey_id: old, group_id: groupId, enterprise_id: acmeId, assigned_at: at('2020-02-15') },
    ])
    .execute();
  await t.deps.db
    .insertInto('survey_member_assignments')
    .values([
      { survey_id: pulse, user_id: cyd, enterprise_id: acmeId, assigned_at: at('2020-02-15') },
      { survey_id: pulse, user_id: ann, enterprise_id: acmeId, assigned_at: at('2020-02-15') },
      { survey_id: theirs, user_id: dee, enterprise_id: globexId, assigned_at: at('2020-02-15') },
    ])
    .execute();
  await t.deps.db
    .insertInto('survey_responses')
    .values([
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        survey_id: pulse,
        user_id: ann,
        answers: '{}',
        submitted_at: at('2020-03-02'),
        updated_at: at('2020-03-02'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        survey_id: old,
        user_id: bob,
        answers: '{}',
        submitted_at: at('2020-02-16'),
        updated_at: at('2020-02-16'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: globexId,
        survey_id: theirs,
        user_id: dee,
        answers: '{}',
        submitted_at: at('2020-03-02'),
        updated_at: at('2020-03-02'),
      },
    ])
    .execute();

  const video = await t.deps.db.selectFrom('content').select('id').limit(1).executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('content_actions')
    .values([
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        user_id: ann,
        content_id: video.id,
        action: 'viewed',
        created_at: at('2020-03-03'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        user_id: ann,
        content_id: video.id,
        action: 'liked',
        created_at: at('2020-03-03'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        user_id: bob,
        content_id: video.id,
        action: 'viewed',
        created_at: at('2020-03-12'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: acmeId,
        user_id: cyd,
        content_id: video.id,
        action: 'viewed',
        created_at: at('2020-03-04'),
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: globexId,
        user_id: dee,
        content_id: video.id,
        action: 'viewed',
        created_at: at('2020-03-04'),
      },
    ])
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe('reports/get-enterprise-report', () => {
  it('counts the group in the range: members, activity, tasks by type, scores and videos', async () => {
    const res = await report(owner, { groupId, startDate: FROM, endDate: TO });
    expect(res.status, res.json.message).toBe(200);
    const r = res.json.response;
    expect(r).toMatchObject({
      from: FROM,
      to: TO,
      members: 2,
      activeMembers: 2,
      tasksAssigned: 6,
      tasksCompleted: 5,
      tasksOverdue: 1,
      videosWatched: 1,
      speech: { recordings: 3, pronunciation: 80, wordsPerMinute: 140, fillersPer100Words: 2.3 },
    });
    const byType = Object.fromEntries(r.tasksByType.map((row: { type: number }) => [row.type, row]));
    expect(byType[2]).toEqual({ type: 2, assigned: 2, completed: 2, overdue: 0 });
    expect(byType[4]).toEqual({ type: 4, assigned: 2, completed: 1, overdue: 1 });
    expect(byType[8]).toEqual({ type: 8, assigned: 2, completed: 2, overdue: 0 });
    expect(byType[1]).toEqual({ type: 1, assigned: 0, completed: 0, overdue: 0 });
    const scores = Object.fromEntries(r.scoresByType.map((row: { type: number }) => [row.type, row]));
    expect(Object.keys(scores)).toEqual(['2', '4', '5', '6', '8']);
    expect(scores[2]).toEqual({
      type: 2,
      scoredAttempts: 2,
      averageScore: 70,
      recordings: 2,
      pronunciation: 80,
      wordsPerMinute: 130,
      fillersPer100Words: 3,
    });
    // Ann: q1 right, q2 half chosen (wrong) → 50; Bob: both right → 100. The ungraded q3 does not count.
    expect(scores[8]).toMatchObject({
      scoredAttempts: 2,
      averageScore: 75,
      recordings: 0,
      pronunciation: null,
    });
    expect(scores[4]).toEqual({
      type: 4,
      scoredAttempts: 0,
      averageScore: null,
      recordings: 1,
      pronunciation: null,
      wordsPerMinute: 160,
      fillersPer100Words: 1,
    });
    // Ann (directly and through the group, counted once) answered, Bob did not; Cyd is outside the group. Ivy,
    // invited into the group, was asked too, as the survey's own results count its audience.
    expect(r.surveys).toEqual([
      {
        _id: expect.any(String),
        title: 'March pulse',
        status: 'Active',
        assigned: 3,
        responded: 1,
        rate: 33,
      },
    ]);
    expect(r.days).toHaveLength(10);
    expect(r.days[2]).toEqual({ day: '2020-03-03', activeMembers: 1, tasksCompleted: 1, videosWatched: 1 });
    expect(r.days[5]).toEqual({ day: '2020-03-06', activeMembers: 0, tasksCompleted: 2, videosWatched: 0 });
  });

  it('counts every member without the group filter, and only the range', async () => {
    const r = (await report(owner, { startDate: FROM, endDate: TO })).json.response;
    expect(r.activeMembers).toBe(3);
    expect(r.videosWatched).toBe(2);
    expect(r.tasksCompleted).toBe(6);
    expect(r.surveys).toMatchObject([{ title: 'March pulse', assigned: 4, responded: 1, rate: 25 }]);
    const pron = r.scoresByType.find((row: { type: number }) => row.type === 2);
    expect(pron).toMatchObject({ scoredAttempts: 3, averageScore: 50 });
    const narrow = (await report(owner, { groupId, startDate: '2020-03-06', endDate: '2020-03-06' })).json
      .response;
    expect(narrow).toMatchObject({ activeMembers: 0, tasksAssigned: 0, tasksCompleted: 2, tasksOverdue: 0 });
    expect(narrow.days).toHaveLength(1);
  });

  it('never shows another enterprise: its group is not found, its figures are its own', async () => {
    const foreign = await report(globex, { groupId, startDate: FROM, endDate: TO });
    expect(foreign.status).toBe(404);
    const own = (await report(globex, { startDate: FROM, endDate: TO })).json.response;
    expect(own).toMatchObject({ activeMembers: 1, videosWatched: 1, tasksCompleted: 0, tasksAssigned: 0 });
    expect(own.speech.recordings).toBe(0);
    expect(own.surveys).toMatchObject([{ title: 'Globex pulse', assigned: 1, responded: 1, rate: 100 }]);
  });

  it('needs the reports permission', async () => {
    for (const token of [learner, staff]) {
      expect((await report(token)).status).toBe(403);
      expect((await memberPage(token)).status).toBe(403);
      expect((await exportTable(token, { table: 'members' })).status).toBe(403);
    }
    const anonymous = await t.request('GET', enterpriseReports.overview.path, { ip });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad range, naming the field', async () => {
    const reversed = await report(owner, { startDate: TO, endDate: FROM });
    expect(reversed.status).toBe(422);
    expect(reversed.json.field).toBe('endDate');
    const long = await report(owner, { startDate: '2019-01-01', endDate: TO });
    expect(long.status).toBe(422);
    expect(long.json.field).toBe('startDate');
    const notADate = await memberPage(owner, { startDate: '2020-02-30' });
    expect(notADate.status).toBe(422);
    expect(notADate.json.field).toBe('startDate');
    const sort = await memberPage(owner, { sortBy: 'password' });
    expect(sort.status).toBe(422);
    expect(sort.json.field).toBe('sortBy');
    const table = await exportTable(owner, { table: 'secrets' });
    expect(table.status).toBe(422);
    expect(table.json.field).toBe('table');
  });
});

describe('reports/get-member-report', () => {
  it("lists the group's members with their figures, sorted and searched", async () => {
    const res = await memberPage(owner, {
      groupId,
      startDate: FROM,
      endDate: TO,
      sortBy: 'tasksCompleted',
      sortOrder: 'desc',
    });
    expect(res.status, res.json.message).toBe(200);
    const page = res.json.response;
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 2, from: FROM, to: TO });
    expect(page.listdata.map((row: { _id: string }) => row._id)).toEqual([bob, ann]);
    expect(page.listdata[1]).toMatchObject({
      name: 'Ann Report',
      activeDays: 2,
      tasksAssigned: 3,
      tasksCompleted: 2,
      tasksOverdue: 1,
      videosWatched: 1,
      lastActiveDay: '2020-03-03',
    });
    const up = (await memberPage(owner, { groupId, startDate: FROM, endDate: TO, sortBy: 'tasksOverdue' }))
      .json.response;
    expect(up.listdata.map((row: { _id: string }) => row._id)).toEqual([bob, ann]);
    const found = (await memberPage(owner, { groupId, startDate: FROM, endDate: TO, searchInput: 'ANN' }))
      .json.response;
    expect(found.listdata.map((row: { _id: string }) => row._id)).toEqual([ann]);
  });

  it('a manager reading a past period sees the members of then, last active as of its end', async () => {
    const march = (await memberPage(owner, { startDate: FROM, endDate: TO })).json.response;
    // Eve joined in June (and the seeded members lately): March lists, and counts, Ann, Bob and Cyd.
    expect(march.listdata.map((row: { name: string }) => row.name).sort()).toEqual([
      '=HYPERLINK("http://evil.example","Bob")',
      'Ann Report',
      'Cyd Outside',
    ]);
    expect((await report(owner, { startDate: FROM, endDate: TO })).json.response.members).toBe(3);
    // Ann was active in April too: March's table shows her last day up to March 10, not a later one.
    const annRow = march.listdata.find((row: { _id: string }) => row._id === ann);
    expect(annRow.lastActiveDay).toBe('2020-03-03');
    // Not active in the range: her last day before it.
    const before = (await memberPage(owner, { groupId, startDate: '2020-02-25', endDate: '2020-02-28' })).json
      .response;
    expect(before.listdata.find((row: { _id: string }) => row._id === ann)).toMatchObject({
      activeDays: 0,
      lastActiveDay: '2020-02-20',
    });
    // In June, Eve is a member with her own last day, and Ann's is April's.
    const june = { startDate: '2020-06-01', endDate: '2020-06-30' };
    const junePage = (await memberPage(owner, june)).json.response;
    expect(junePage.totalCount).toBe(4);
    expect(junePage.listdata.find((row: { _id: string }) => row._id === eve).lastActiveDay).toBe(
      '2020-06-02',
    );
    expect(junePage.listdata.find((row: { _id: string }) => row._id === ann).lastActiveDay).toBe(
      '2020-04-15',
    );
    expect((await report(owner, june)).json.response).toMatchObject({ members: 4, activeMembers: 1 });
  });

  it('pages every member of the enterprise, and none of another', async () => {
    // The seeded members joined recently: the default period (the last 30 days) has them all.
    const all = (await memberPage(owner)).json.response;
    expect(all.totalCount).toBeGreaterThan(25);
    expect(all.listdata).toHaveLength(25);
    const second = (await memberPage(owner, { currentPage: '2' })).json.response;
    expect(second.listdata[0]._id).not.toBe(all.listdata[0]._id);
    const theirs = (await memberPage(globex, { startDate: FROM, endDate: TO, searchInput: 'report' })).json
      .response;
    // The search matches every test member's address; Globex sees its own only.
    expect(theirs.listdata.map((row: { name: string }) => row.name)).toEqual(['Dee Globex']);
    expect((await memberPage(globex, { groupId })).status).toBe(404);
  });
});

describe('reports/export-report', () => {
  it('exports the members table with formula cells defused', async () => {
    const res = await exportTable(owner, { table: 'members', groupId, startDate: FROM, endDate: TO });
    expect(res.status, res.json.message).toBe(200);
    const { filename, csv, rows, truncated } = res.json.response;
    expect(filename).toBe(`report-members-${FROM}-to-${TO}.csv`);
    expect(rows).toBe(2);
    expect(truncated).toBe(false);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Member,Email,Active days,Tasks assigned,Tasks completed,Tasks overdue,Videos watched,Last active',
    );
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Bob""\)",/);
    expect(lines[2]).toMatch(/^Ann Report,[^,]+,2,3,2,1,1,2020-03-03$/);
  });

  it('exports the activity, tasks and scores tables of the same filters', async () => {
    const filters = { groupId, startDate: FROM, endDate: TO };
    const activity = (await exportTable(owner, { table: 'activity', ...filters })).json.response;
    expect(activity.csv.split('\r\n')[3]).toBe('2020-03-03,1,1,1');
    const tasks = (await exportTable(owner, { table: 'tasks', ...filters })).json.response;
    expect(tasks.csv).toContain('\r\nPronunciation,2,2,0\r\n');
    expect(tasks.csv).toContain('\r\nQuestion and Answer,2,1,1\r\n');
    const scores = (await exportTable(owner, { table: 'scores', ...filters })).json.response;
    expect(scores.csv.split('\r\n')[0]).toBe(
      'Task type,Scored attempts,Average score,Recordings heard,Pronunciation,Words per minute,Fillers per 100 words',
    );
    expect(scores.csv).toContain('\r\nPronunciation,2,70,2,80,130,3\r\n');
    expect(scores.csv).toContain('\r\nMultiple Choice Question,2,75,0,,,\r\n');
    const surveys = (await exportTable(owner, { table: 'surveys', ...filters })).json.response;
    expect(surveys.csv).toBe(
      'Survey,Status,Members assigned,Responded,Response rate (%)\r\nMarch pulse,Active,3,1,33\r\n',
    );
    expect((await exportTable(globex, { table: 'scores', ...filters })).status).toBe(404);
  });

  it("exports in the reader's language: headers, task types and survey states, as the Reports screen names them", async () => {
    const filters = { groupId, startDate: FROM, endDate: TO };
    const tasks = (await exportTable(owner, { table: 'tasks', language: 'uk', ...filters })).json.response;
    expect(tasks.csv.split('\r\n')[0]).toBe('Тип завдання,Призначено,Виконано,Прострочено');
    expect(tasks.csv).toContain('\r\nВимова,2,2,0\r\n');
    const surveys = (await exportTable(owner, { table: 'surveys', language: 'vi', ...filters })).json
      .response;
    expect(surveys.csv).not.toContain('Survey,Status');
    expect(surveys.csv).toContain('\r\nMarch pulse,Đang mở,3,1,33\r\n');
    const bad = await exportTable(owner, { table: 'tasks', language: 'klingon', ...filters });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('language');
  });
});
