import { randomUUID } from 'node:crypto';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminReports } from '@coach/shared/contract/admin-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRow } from '../db/task-row.ts';
import { csvCell } from '../services/common/csv.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let owner: string;
const ip = '10.9.5.1';
/** A small enterprise of known figures, in November 2025 (the seed's own activity is elsewhere in time). */
const zeta = randomUUID();
const ada = randomUUID();
const bob = randomUUID();
const taskShort = randomUUID();
const taskLong = randomUUID();
const FROM = '2025-11-01';
const TO = '2025-11-30';

const seedZeta = async () => {
  const db = t.deps.db;
  const at = '2025-11-01T09:00:00.000Z';
  await db
    .insertInto('enterprises')
    .values({
      id: zeta,
      name: 'Zeta Tools',
      logo: null,
      address: null,
      features: '{}',
      theme: '{}',
      created_at: at,
    })
    .execute();
  const role = randomUUID();
  await db
    .insertInto('roles')
    .values({ id: role, enterprise_id: zeta, name: 'Learner', permissions: '[]', is_system: 0 })
    .execute();
  const user = (id: string, name: string, email: string) => ({
    id,
    enterprise_id: zeta,
    role_id: role,
    name,
    email,
    password_hash: 'x',
    mobile: null,
    avatar_url: null,
    is_default_admin: 0,
    status: 'active',
    email_verified_at: at,
    last_active_at: null,
    created_at: at,
    invited_at: null,
  });
  await db
    .insertInto('users')
    .values([
      user(ada, 'Ada Zeta', 'ada@zeta.example'),
      user(bob, '=cmd|Bob, "the" Zeta', 'bob@zeta.example'),
      // Invited and not yet accepted: not a member in any figure, row or export until they do.
      {
        ...user(randomUUID(), 'Ivy Invited', 'ivy@zeta.example'),
        password_hash: '',
        email_verified_at: null,
        invited_at: at,
      },
    ])
    .execute();
  const task = (id: string, type: number, minutes: number) =>
    taskRow({
      id,
      enterprise_id: zeta,
      type,
      title: `Task ${minutes}`,
      time_minutes: minutes,
      details: {},
      at,
    });
  await db
    .insertInto('tasks')
    .values([task(taskShort, 1, 10), task(taskLong, 7, 30)])
    .execute();
  const assignment = (taskId: string, userId: string, completedAt: string | null) => ({
    id: randomUUID(),
    enterprise_id: zeta,
    task_id: taskId,
    user_id: userId,
    source: 'direct',
    status: completedAt ? 2 : 1,
    progress: completedAt ? 100 : 50,
    report: null,
    assigned_at: at,
    due_at: '2026-12-01T00:00:00.000Z',
    started_at: at,
    completed_at: completedAt,
    reviewed_at: null,
    reviewed_by: null,
    feedback: null,
    feedback_at: null,
    updated_at: at,
  });
  await db
    .insertInto('task_assignments')
    .values([
      assignment(taskShort, ada, '2025-11-03T10:00:00.000Z'),
      assignment(taskLong, ada, '2025-11-04T23:59:59.000Z'),
      assignment(taskShort, bob, null),
      // Completed outside the range: not counted.
      assignment(taskLong, bob, '2025-12-02T10:00:00.000Z'),
    ])
    .execute();
  const content = await db.selectFrom('content').select('id').limit(1).executeTakeFirstOrThrow();
  await db
    .insertInto('content_actions')
    .values([
      {
        id: randomUUID(),
        enterprise_id: zeta,
        user_id: bob,
        content_id: content.id,
        action: 'viewed',
        created_at: '2025-11-03T12:00:00.000Z',
      },
      {
        id: randomUUID(),
        enterprise_id: zeta,
        user_id: bob,
        content_id: content.id,
        action: 'liked',
        created_at: '2025-11-03T12:00:00.000Z',
      },
    ])
    .execute();
  await db
    .insertInto('activity_days')
    .values([
      { user_id: ada, enterprise_id: zeta, day: '2025-11-03', platform: 'web' },
      { user_id: ada, enterprise_id: zeta, day: '2025-11-04', platform: 'ios' },
      { user_id: bob, enterprise_id: zeta, day: '2025-11-03', platform: 'android' },
      { user_id: bob, enterprise_id: zeta, day: '2025-12-05', platform: 'web' },
    ])
    .execute();
};

const call = (path: string, body: object, token = admin) =>
  t.request('POST', path, { ip, body, ...t.tokenOpt('admin', token) });
const get = (path: string, query: Record<string, string>, token = admin) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { ip, ...t.tokenOpt('admin', token) });
const range = { enterpriseId: zeta, startDate: FROM, endDate: TO };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  await seedZeta();
});
afterAll(async () => {
  await t?.close();
});

describe('admin reports', () => {
  it('the dashboard counts one enterprise over a range, day by day', async () => {
    const res = await get(adminGeneral.myDashboard.path, range);
    expect(res.status).toBe(200);
    const body = res.json.response as {
      enterprises: number;
      members: number;
      activeLearners: number;
      tasksCompleted: number;
      videosWatched: number;
      days: { day: string; activeLearners: number; tasksCompleted: number; videosWatched: number }[];
    };
    expect(body).toMatchObject({
      enterprises: 1,
      members: 2,
      activeLearners: 2,
      tasksCompleted: 2,
      videosWatched: 1,
    });
    expect(body.days).toHaveLength(30);
    expect(body.days.find((d) => d.day === '2025-11-03')).toEqual({
      day: '2025-11-03',
      activeLearners: 2,
      tasksCompleted: 1,
      videosWatched: 1,
    });
    expect(body.days.find((d) => d.day === '2025-11-04')).toMatchObject({
      activeLearners: 1,
      tasksCompleted: 1,
    });
    const platform = await get(adminGeneral.myDashboard.path, {});
    expect((platform.json.response as { enterprises: number }).enterprises).toBeGreaterThanOrEqual(3);
  });

  it('lists each member with tasks, minutes, videos and last active day, searchable', async () => {
    const res = await call(adminReports.allMembersUsage.path, range);
    expect(res.status).toBe(200);
    const page = res.json.response as { totalCount: number; listdata: Record<string, unknown>[] };
    expect(page.totalCount).toBe(2);
    expect(page.listdata).toEqual([
      expect.objectContaining({
        name: '=cmd|Bob, "the" Zeta',
        tasksCompleted: 0,
        minutesPractised: 0,
        videosWatched: 1,
        lastActiveDay: '2025-12-05',
      }),
      expect.objectContaining({
        name: 'Ada Zeta',
        enterpriseName: 'Zeta Tools',
        tasksCompleted: 2,
        minutesPractised: 40,
        videosWatched: 0,
        lastActiveDay: '2025-11-04',
      }),
    ]);
    const found = await call(adminReports.allMembersUsage.path, { ...range, searchInput: 'ada@' });
    expect((found.json.response as { totalCount: number }).totalCount).toBe(1);
  });

  it('exports the same rows as CSV, escaping quotes, commas and formulas', async () => {
    const res = await call(adminReports.exportAllMembersUsage.path, range);
    expect(res.status).toBe(200);
    const file = res.json.response as { filename: string; csv: string; rows: number; truncated: boolean };
    expect(file).toMatchObject({ filename: `members-usage-${FROM}-to-${TO}.csv`, rows: 2, truncated: false });
    const lines = file.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Member,Email,Enterprise,Tasks completed,Minutes practised,Videos watched,Last active',
    );
    expect(lines[1]).toBe(`"'=cmd|Bob, ""the"" Zeta",bob@zeta.example,Zeta Tools,0,0,1,2025-12-05`);
    expect(lines[2]).toBe('Ada Zeta,ada@zeta.example,Zeta Tools,2,40,0,2025-11-04');
    expect(res.json.message).toBe('2 members exported');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    // In the reader's language when the screen asks (Arabic here); a language not offered is a 422 naming it.
    const arabic = await call(adminReports.exportAllMembersUsage.path, { ...range, language: 'ar' });
    const header = (arabic.json.response as { csv: string }).csv.split('\r\n')[0];
    expect(header).not.toContain('Member');
    expect(header?.split(',')).toHaveLength(7);
    const bad = await call(adminReports.exportAllMembersUsage.path, { ...range, language: 'xx' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('language');
  });

  it('counts app users by platform, per day and per enterprise', async () => {
    const res = await call(adminReports.appUserCounts.path, range);
    const body = res.json.response as {
      totals: Record<string, number>;
      days: Record<string, number | string>[];
      enterprises: Record<string, unknown>[];
    };
    expect(body.totals).toEqual({ web: 1, ios: 1, android: 1 });
    expect(body.days.find((d) => d.day === '2025-11-03')).toEqual({
      day: '2025-11-03',
      web: 1,
      ios: 0,
      android: 1,
    });
    expect(body.enterprises).toEqual([
      { enterpriseId: zeta, enterpriseName: 'Zeta Tools', total: 3, web: 1, ios: 1, android: 1 },
    ]);
  });

  it('counts feature use by task type, videos, likes and enrolments', async () => {
    const res = await call(adminReports.featureUsage.path, range);
    const body = res.json.response as {
      tasksCompletedByType: { type: number; completed: number }[];
      videosWatched: number;
      videosLiked: number;
      enterprises: Record<string, unknown>[];
    };
    expect(body.tasksCompletedByType.find((r) => r.type === 1)?.completed).toBe(1);
    expect(body.tasksCompletedByType.find((r) => r.type === 7)?.completed).toBe(1);
    expect(body).toMatchObject({ videosWatched: 1, videosLiked: 1 });
    expect(body.enterprises).toEqual([
      {
        enterpriseId: zeta,
        enterpriseName: 'Zeta Tools',
        tasksCompleted: 2,
        videosWatched: 1,
        courseEnrolments: 0,
      },
    ]);
  });

  it("gives an enterprise's usage for its detail page", async () => {
    const res = await get(adminReports.enterpriseUsage.path, {
      enterpriseId: zeta,
      startDate: FROM,
      endDate: TO,
    });
    expect(res.json.response).toMatchObject({
      members: 2,
      activeMembers: 2,
      activeLearners: 2,
      tasksCompleted: 2,
      minutesPractised: 40,
      videosWatched: 1,
      lastActiveDay: '2025-12-05',
    });
    const missing = await get(adminReports.enterpriseUsage.path, { enterpriseId: randomUUID() });
    expect(missing.status).toBe(404);
  });

  it('names bad dates and refuses ranges over a year', async () => {
    const reversed = await call(adminReports.appUserCounts.path, { startDate: TO, endDate: FROM });
    expect(reversed.status).toBe(422);
    expect(reversed.json.field).toBe('endDate');
    const long = await call(adminReports.featureUsage.path, { startDate: '2024-01-01', endDate: TO });
    expect(long.status).toBe(422);
    expect(long.json.field).toBe('startDate');
    const badDate = await get(adminGeneral.myDashboard.path, { startDate: '2025-13' });
    expect(badDate.status).toBe(422);
  });

  it('says honestly that no push service is configured', async () => {
    const res = await call(adminGeneral.syncFirebaseData.path, {});
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('No mobile push service is configured, so nothing was synchronised');
    expect(res.json.response).toEqual({ configured: false, synchronised: 0 });
  });

  it('refuses enterprise tokens on every report', async () => {
    for (const entry of Object.values(adminReports)) {
      const res = await t.request(entry.method, entry.path, {
        ip,
        token: owner,
        ...(entry.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status, entry.path).toBe(401);
    }
  });

  it('records the platform a member signs in from (X-Client-Platform, web by default)', async () => {
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const userId = (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'learner@acme.example')
        .executeTakeFirstOrThrow()
    ).id;
    await t.deps.db.deleteFrom('activity_days').where('user_id', '=', userId).execute();
    const refreshed = await t.request('POST', '/api/v1/enterprise/mfa/auth/refresh-token', {
      ip,
      token: learner,
      body: {},
      extraHeaders: { 'x-client-platform': 'Android' },
    });
    expect(refreshed.status).toBe(200);
    const rows = await t.deps.db
      .selectFrom('activity_days')
      .select('platform')
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((r) => r.platform)).toEqual(['android']);
  });
});
