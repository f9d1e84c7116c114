import { enterpriseAuth } from '@coach/shared/contract/auth';
import { timezoneCalls } from '@coach/shared/contract/timezone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
const ip = '10.9.17.6';

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) =>
  (await t.request('GET', enterpriseAuth.me.path, { token, ip })).json.response as {
    timezone: string | null;
    enterpriseId: { timezone: string | null };
  };

describe('timezones (spec §9)', () => {
  it('a member has no timezone and the enterprise none until they choose one', async () => {
    const acme = await me(learner);
    expect(acme.timezone).toBeNull();
    expect(acme.enterpriseId.timezone).toBeNull();
  });

  it('a learner chooses their own timezone on the profile, and clears it again', async () => {
    const res = await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: learner,
      ip,
      body: { name: 'Lena Learner', timezone: 'Australia/Sydney' },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.timezone).toBe('Australia/Sydney');
    expect((await me(learner)).timezone).toBe('Australia/Sydney');
    // A profile save that does not name the timezone leaves it as it is.
    await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: learner,
      ip,
      body: { name: 'Lena Learner' },
    });
    expect((await me(learner)).timezone).toBe('Australia/Sydney');
    const cleared = await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: learner,
      ip,
      body: { name: 'Lena Learner', timezone: null },
    });
    expect(cleared.json.response.timezone).toBeNull();
  });

  it('a zone that is not on the list is 422 naming timezone, on the profile and in Settings', async () => {
    const profile = await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: learner,
      ip,
      body: { name: 'Lena Learner', timezone: 'Mars/Olympus_Mons' },
    });
    expect(profile.status).toBe(422);
    expect(profile.json.field).toBe('timezone');
    const settings = await t.request('POST', timezoneCalls.updateDefaultTimezone.path, {
      token: owner,
      ip,
      body: { timezone: 'Not a zone' },
    });
    expect(settings.status).toBe(422);
    expect(settings.json.field).toBe('timezone');
  });

  it("the enterprise admin sets the default every member sees; another enterprise's stays its own", async () => {
    const res = await t.request('POST', timezoneCalls.updateDefaultTimezone.path, {
      token: owner,
      ip,
      body: { timezone: 'Europe/Madrid' },
    });
    expect(res.status).toBe(200);
    expect((await me(staff)).enterpriseId.timezone).toBe('Europe/Madrid');
    expect((await me(globex)).enterpriseId.timezone).toBeNull();
    const other = await t.request('POST', timezoneCalls.updateDefaultTimezone.path, {
      token: globex,
      ip,
      body: { timezone: 'America/New_York' },
    });
    expect(other.status).toBe(200);
    expect((await me(learner)).enterpriseId.timezone).toBe('Europe/Madrid');
  });

  it('a role not named admin gets 403 setting the default, and no login gets 401', async () => {
    for (const token of [staff, learner]) {
      const res = await t.request('POST', timezoneCalls.updateDefaultTimezone.path, {
        token,
        ip,
        body: { timezone: 'Asia/Tokyo' },
      });
      expect(res.status).toBe(403);
    }
    expect((await me(owner)).enterpriseId.timezone).toBe('Europe/Madrid');
    const anonymous = await t.request('POST', timezoneCalls.updateDefaultTimezone.path, {
      ip,
      body: { timezone: 'Asia/Tokyo' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("report days are the member's own days", () => {
  it('a refresh counts as activity on the calendar day of the member’s timezone', async () => {
    // Kiritimati is UTC+14: for most of the UTC day it is already tomorrow there.
    await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: staff,
      ip,
      body: { name: 'Sam Staff', timezone: 'Pacific/Kiritimati' },
    });
    const staffId = (await t.request('GET', enterpriseAuth.me.path, { token: staff, ip })).json.response
      ._id as string;
    await t.deps.db.deleteFrom('activity_days').where('user_id', '=', staffId).execute();
    const before = new Date();
    const res = await t.request('POST', enterpriseAuth.refreshToken.path, { token: staff, ip });
    expect(res.status).toBe(200);
    const after = new Date();
    const days = await t.deps.db
      .selectFrom('activity_days')
      .select('day')
      .where('user_id', '=', staffId)
      .execute();
    const local = (at: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', dateStyle: 'short' }).format(at);
    expect([local(before), local(after)]).toContain(days[0]?.day);
    expect(days).toHaveLength(1);
  });
});
