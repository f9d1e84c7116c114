import { enterpriseAuth } from '@coach/shared/contract/auth';
import { defineCall } from '@coach/shared/contract/define-call';
import { empty } from '@coach/shared/contract/envelope';
import { allCalls } from '@coach/shared/contract/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Registration, serve } from './adapter.ts';
import { FULL_TTL } from './auth/tokens.ts';
import { allRoutes } from './routes/index.ts';
import { createTestApp } from './testing/test-app.ts';

const rolesOnlyCall = defineCall({
  method: 'POST',
  path: '/api/v1/enterprise/test/roles-only',
  auth: 'enterprise',
  permission: 'roles',
  request: empty(),
  response: z.object({ ok: z.boolean() }),
});

/** A call added to the contract before its handler exists (every real call has one today). */
const futureCall = defineCall({
  method: 'POST',
  path: '/api/v1/enterprise/test/not-built-yet',
  auth: 'enterprise',
  permission: null,
  request: empty(),
  response: z.object({ ok: z.boolean() }),
});

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    extraCalls: [
      serve(rolesOnlyCall, async () => ({ ok: true })),
      { entry: futureCall, handler: undefined } as unknown as Registration,
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

const E = '/api/v1/enterprise';
const A = '/api/v1/admin';

describe('health', () => {
  it('anyone reads the health of the server and its database kind', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: 1,
      message: 'OK',
      response: { status: 'ok', db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite' },
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it('an unknown api path answers a 404 envelope', async () => {
    const res = await t.request('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.json.success).toBe(0);
  });
});

describe('enterprise login with a second factor', () => {
  it('the owner logs in, gets a code by email from the outbox, verifies it and reads their profile', async () => {
    const ip = t.freshIp();
    const pre = await t.preMfaLogin('owner@acme.example', 'enterprise', ip);
    const details = await t.request('POST', `${E}/mfa/auth/get-details`, { token: pre, ip });
    expect(details.json.response).toEqual({
      maskedEmail: 'o***r@acme.example',
      maskedMobile: '+61 *** *** 678',
      authenticatorApp: false,
      passkeys: false,
    });
    const sent = await t.request('POST', `${E}/mfa/auth/send-code`, {
      token: pre,
      ip,
      body: { contactMethod: 2 },
    });
    expect(sent.status).toBe(200);
    const verified = await t.request('POST', `${E}/mfa/auth/verify-code`, {
      token: pre,
      ip,
      body: { code: t.lastCode('owner@acme.example') },
    });
    expect(verified.status).toBe(200);
    expect(verified.json.response.expiresInSeconds).toBe(FULL_TTL);
    const me = await t.request('GET', `${E}/general/auth/me`, {
      token: verified.json.response.accesstoken,
      ip,
    });
    expect(me.status).toBe(200);
    // One person's data: no shared cache keeps it (a compressed answer too).
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(enterpriseAuth.me.response.parse(me.json.response)).toMatchObject({
      name: 'Olivia Owner',
      isDefaultAdmin: true,
      roleId: { name: 'Admin' },
      enterpriseId: {
        company_name: 'Acme Learning',
        enableCourseFeature: true,
        enableCompanyInfoFeature: true,
      },
    });
    const refreshed = await t.request('POST', `${E}/mfa/auth/refresh-token`, {
      token: verified.json.response.accesstoken,
      ip,
    });
    expect(refreshed.json.success).toBe(1);
    expect(
      (await t.request('GET', `${E}/general/auth/me`, { token: refreshed.json.response.accesstoken, ip }))
        .status,
    ).toBe(200);
  });

  it('the owner can receive the code as an sms in the outbox', async () => {
    const ip = t.freshIp();
    const pre = await t.preMfaLogin('owner@acme.example', 'enterprise', ip);
    await t.request('POST', `${E}/mfa/auth/send-code`, { token: pre, ip, body: { contactMethod: 1 } });
    const res = await t.request('POST', `${E}/mfa/auth/verify-code`, {
      token: pre,
      ip,
      body: { code: t.lastCode('+61 412 345 678') },
    });
    expect(res.status).toBe(200);
  });

  it('a wrong password and an unknown email get the same 401', async () => {
    const ip = t.freshIp();
    const wrong = await t.request('POST', `${E}/login`, {
      ip,
      body: { email: 'owner@acme.example', password: 'nope-nope' },
    });
    const unknown = await t.request('POST', `${E}/login`, {
      ip,
      body: { email: 'ghost@acme.example', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
    expect(wrong.json.code).toBe('UNAUTHENTICATED');
  });

  it('a token before the second factor gets 403 MFA_REQUIRED on me', async () => {
    const ip = t.freshIp();
    const pre = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    const res = await t.request('GET', `${E}/general/auth/me`, { token: pre, ip });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('MFA_REQUIRED');
  });

  it('an enterprise token on an admin route is 401 and the reverse', async () => {
    const ip = t.freshIp();
    const ent = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const adm = await t.fullLogin('admin@coach.example', 'admin', ip);
    expect((await t.request('GET', `${A}/general/auth/me`, { adminToken: ent, ip })).status).toBe(401);
    expect((await t.request('GET', `${E}/general/auth/me`, { token: adm, ip })).status).toBe(401);
    const me = await t.request('GET', `${A}/general/auth/me`, { adminToken: adm, ip });
    expect(me.json.response).toMatchObject({ name: 'Platform Admin', email: 'admin@coach.example' });
  });

  it('an expired token is 401', async () => {
    const user = await t.deps.db
      .selectFrom('users')
      .select(['id', 'enterprise_id'])
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    const expired = await t.deps.tokens.sign(
      { sub: user.id, aud: 'enterprise', ent: user.enterprise_id, mfa: true, lid: 'x' },
      -60,
    );
    const res = await t.request('GET', `${E}/general/auth/me`, { token: expired });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('UNAUTHENTICATED');
  });

  it('five wrong codes kill the code, and a code works once only', async () => {
    const ip = t.freshIp();
    const pre = await t.preMfaLogin('learner@acme.example', 'enterprise', ip);
    await t.request('POST', `${E}/mfa/auth/send-code`, { token: pre, ip, body: { contactMethod: 2 } });
    const code = t.lastCode('learner@acme.example');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request('POST', `${E}/mfa/auth/verify-code`, { token: pre, ip, body: { code: wrong } }))
          .status,
      ).toBe(422);
    }
    // From another IP (so the throttle is not what stops it) the right code is dead too.
    const dead = await t.request('POST', `${E}/mfa/auth/verify-code`, {
      token: pre,
      ip: t.freshIp(),
      body: { code },
    });
    expect(dead.status).toBe(422);
    expect(dead.json.field).toBe('code');
    // And the same IP is now throttled.
    const throttled = await t.request('POST', `${E}/mfa/auth/verify-code`, {
      token: pre,
      ip,
      body: { code },
    });
    expect(throttled.status).toBe(429);

    const ip2 = t.freshIp();
    const pre2 = await t.preMfaLogin('learner@acme.example', 'enterprise', ip2);
    await t.request('POST', `${E}/mfa/auth/send-code`, { token: pre2, ip: ip2, body: { contactMethod: 2 } });
    const code2 = t.lastCode('learner@acme.example');
    expect(
      (await t.request('POST', `${E}/mfa/auth/verify-code`, { token: pre2, ip: ip2, body: { code: code2 } }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('POST', `${E}/mfa/auth/verify-code`, { token: pre2, ip: ip2, body: { code: code2 } }))
        .status,
    ).toBe(422);
  });

  it('a code is bound to its login: another login of the same user cannot use it', async () => {
    const ip = t.freshIp();
    const first = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    const second = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    await t.request('POST', `${E}/mfa/auth/send-code`, { token: first, ip, body: { contactMethod: 2 } });
    const res = await t.request('POST', `${E}/mfa/auth/verify-code`, {
      token: second,
      ip,
      body: { code: t.lastCode('staff@acme.example') },
    });
    expect(res.status).toBe(422);
  });
});

describe('throttling', () => {
  it('five failed logins from one IP give 429 with Retry-After, and the owner still logs in from another IP', async () => {
    const attacker = t.freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', `${E}/login`, {
        ip: attacker,
        body: { email: 'owner@globex.example', password: 'guess-guess' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('POST', `${E}/login`, {
      ip: attacker,
      body: { email: 'owner@globex.example', password: 'Coach-demo-2026' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(t.preMfaLogin('owner@globex.example', 'enterprise', t.freshIp())).resolves.toBeTypeOf(
      'string',
    );
  });

  it('unverified code sends are capped, but verified sign-ins never throttle their owner', async () => {
    const ip = t.freshIp();
    // Eight complete sign-ins in a row from one IP: every send ended in a verified code.
    for (let i = 0; i < 8; i++) await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const pre = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.request('POST', `${E}/mfa/auth/send-code`, {
        token: pre,
        ip,
        body: { contactMethod: 2 },
      });
      statuses.push(res.status);
    }
    // Five unverified sends go out; the sixth would flood the inbox.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('one IP sweeping many accounts hits the looser per-IP limit', async () => {
    const ip = t.freshIp();
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (
        await t.request('POST', `${A}/login`, {
          ip,
          body: { email: `nobody${i}@x.example`, password: 'guess-guess' },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('password reset and change', () => {
  it('forgot password answers the same for known and unknown emails and mails a reset link', async () => {
    const ip = t.freshIp();
    const known = await t.request('POST', `${E}/forgotpassword`, {
      ip,
      body: { email: 'staff@acme.example' },
    });
    const unknown = await t.request('POST', `${E}/forgotpassword`, {
      ip,
      body: { email: 'ghost@acme.example' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(t.lastMail('staff@acme.example')).toContain('http://localhost:3000/password/reset/');
  });

  it('a reset token works once, and an expired one is refused', async () => {
    const ip = t.freshIp();
    await t.request('POST', `${A}/forgot-password`, { ip, body: { email: 'admin@coach.example' } });
    const token = /\/admin\/password\/reset\/(\S+)/.exec(t.lastMail('admin@coach.example') ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);
    const check = await t.request('POST', `${A}/check-reset-token`, { ip, body: { token } });
    expect(check.json.response).toEqual({ valid: true, email: 'admin@coach.example', purpose: 'reset' });
    const reset = await t.request('POST', `${A}/reset-password`, {
      ip,
      body: { token, password: 'Coach-demo-2026' },
    });
    expect(reset.status).toBe(200);
    const again = await t.request('POST', `${A}/reset-password`, {
      ip,
      body: { token, password: 'Coach-demo-2026' },
    });
    expect(again.status).toBe(400);

    await t.request('POST', `${A}/forgot-password`, { ip, body: { email: 'admin@coach.example' } });
    const token2 = /\/admin\/password\/reset\/(\S+)/.exec(t.lastMail('admin@coach.example') ?? '')?.[1] ?? '';
    await t.deps.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await t.request('POST', `${A}/check-reset-token`, { ip, body: { token: token2 } })).status).toBe(
      400,
    );
  });

  it('change password needs the current password', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const wrong = await t.request('POST', `${E}/general/auth/changepassword`, {
      token,
      ip,
      body: { currentPassword: 'not-it', newPassword: 'Another-pass-2026' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.field).toBe('currentPassword');
    const ok = await t.request('POST', `${E}/general/auth/changepassword`, {
      token,
      ip,
      body: { currentPassword: 'Coach-demo-2026', newPassword: 'Another-pass-2026' },
    });
    expect(ok.status).toBe(200);
    // Back to the demo password, which the tests after this one sign in with (in the fresh session it gave).
    const back = await t.request('POST', `${E}/general/auth/changepassword`, {
      token: ok.json.response.accesstoken,
      ip,
      body: { currentPassword: 'Another-pass-2026', newPassword: 'Coach-demo-2026' },
    });
    expect(back.status).toBe(200);
  });

  it('a user updates their profile name', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const res = await t.request('POST', `${E}/general/auth/updateprofile`, {
      token,
      ip,
      body: { name: 'Sam Staff' },
    });
    expect(res.json.response.name).toBe('Sam Staff');
  });
});

describe('user groups, permissions and tenants', () => {
  it('the owner pages through 30 groups, 10 a page, and searches by name', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const page1 = await t.request('POST', `${E}/general/user-groups`, {
      token,
      ip,
      body: { searchQuery: '', currentPage: 1 },
    });
    expect(page1.json.response).toMatchObject({ currentPage: 1, totalPages: 3, totalCount: 30 });
    expect(page1.json.response.listdata).toHaveLength(10);
    const names = page1.json.response.listdata.map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort());
    const page3 = await t.request('POST', `${E}/general/user-groups`, {
      token,
      ip,
      body: { currentPage: 3 },
    });
    expect(page3.json.response.listdata).toHaveLength(10);
    const search = await t.request('POST', `${E}/general/user-groups`, {
      token,
      ip,
      body: { searchQuery: 'OFFICE' },
    });
    expect(search.json.response.totalCount).toBe(4);
  });

  it('a learner sees only their own groups and Globex never sees Acme groups', async () => {
    const ip = t.freshIp();
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const mine = await t.request('POST', `${E}/general/user-groups`, { token: learner, ip, body: {} });
    expect(mine.json.response.totalCount).toBe(3);
    const globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const theirs = await t.request('POST', `${E}/general/user-groups`, { token: globex, ip, body: {} });
    expect(theirs.json.response.totalCount).toBe(3);
    expect(theirs.json.response.listdata.every((g: { name: string }) => g.name.startsWith('Globex'))).toBe(
      true,
    );
  });

  it('staff without the roles permission gets 403 on a roles-gated call, the owner passes', async () => {
    const ip = t.freshIp();
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const res = await t.request('POST', rolesOnlyCall.path, { token: staff, ip });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('FORBIDDEN');
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    expect((await t.request('POST', rolesOnlyCall.path, { token: owner, ip })).json).toEqual({
      success: 1,
      message: 'OK',
      response: { ok: true },
    });
  });

  it('a deactivated member is logged out at once', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member01@acme.example', 'enterprise', ip);
    expect((await t.request('GET', `${E}/general/auth/me`, { token, ip })).status).toBe(200);
    await t.deps.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', 'member01@acme.example')
      .execute();
    expect((await t.request('GET', `${E}/general/auth/me`, { token, ip })).status).toBe(401);
  });

  it('every contract entry has a handler', () => {
    const implemented = new Set(allRoutes.map((r) => r.entry));
    expect(allCalls.filter((c) => !implemented.has(c)).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it('a contract entry without a handler answers 501 NOT_IMPLEMENTED after the auth check', async () => {
    const ip = t.freshIp();
    expect((await t.request('POST', futureCall.path, { ip, body: {} })).status).toBe(401);
    const token = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const res = await t.request('POST', futureCall.path, { token, ip, body: {} });
    expect(res.status).toBe(501);
    expect(res.json).toMatchObject({ success: 0, code: 'NOT_IMPLEMENTED' });
  });
});

describe('bad input never gives a 500', () => {
  it('every implemented route answers bad input with a 4xx envelope naming the problem', async () => {
    const ip = t.freshIp();
    const ent = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const adm = await t.fullLogin('admin@coach.example', 'admin', ip);
    const wrongTypes = {
      email: 5,
      password: [],
      token: 1,
      code: 5,
      contactMethod: 'x',
      name: 5,
      mobile: 7,
      currentPassword: 5,
      newPassword: 5,
      searchQuery: 5,
      currentPage: 'x',
    };
    const cases: { label: string; raw?: string; body?: unknown; query?: string }[] = [
      { label: 'malformed JSON', raw: '{"email": ', query: 'x=1' },
      { label: 'array body', raw: '[1,2]', query: 'a=1&a=2' },
      { label: 'null body', raw: 'null', query: 'email=5' },
      { label: 'wrong types', body: wrongTypes, query: 'currentPage=x' },
      { label: '2 MB body', raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) },
    ];
    for (const { entry } of allRoutes) {
      const auth =
        entry.auth === 'admin' ? { adminToken: adm } : entry.auth === 'enterprise' ? { token: ent } : {};
      for (const c of cases) {
        if (entry.method === 'GET' && !c.query) continue;
        const url = entry.method === 'GET' ? `${entry.path}?${c.query}` : entry.path;
        const res = await t.request(entry.method, url, {
          ...auth,
          ip,
          ...(c.raw !== undefined ? { raw: c.raw } : { body: c.body }),
        });
        expect(res.status, `${entry.path} ${c.label}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${entry.path} ${c.label}`).toBeLessThan(500);
        expect(res.json.success).toBe(0);
        expect(res.json.message.length).toBeGreaterThan(0);
      }
      if (entry.method === 'POST' && !entry.request.safeParse({}).success) {
        const res = await t.request('POST', entry.path, { ...auth, ip, body: {} });
        expect(res.status, `${entry.path} missing fields`).toBe(422);
        expect(res.json.field, `${entry.path} missing fields`).toBeTruthy();
      }
    }
  });

  it('a body over 1 MB is 413', async () => {
    const raw = JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024), password: 'x' });
    const res = await t.request('POST', `${E}/login`, { ip: t.freshIp(), raw });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an invalid email is a 422 naming the field', async () => {
    const res = await t.request('POST', `${E}/login`, {
      ip: t.freshIp(),
      body: { email: 'not-an-email', password: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      success: 0,
      code: 'VALIDATION_FAILED',
      field: 'email',
      message: 'email: Please enter a valid email',
    });
  });

  it("a missing or wrong-typed field is named in plain words, not zod's defaults", async () => {
    const ip = t.freshIp();
    const missing = await t.request('POST', `${E}/forgotpassword`, { ip, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ field: 'email', message: 'email: This field is required' });
    const wrong = await t.request('POST', `${E}/login`, { ip, body: { email: 5, password: 'x' } });
    expect(wrong.json).toMatchObject({ field: 'email', message: 'email: Must be text' });
    const ent = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const page = await t.request('GET', `${E}/members/get-members?limit=ten`, { token: ent, ip });
    expect(page.status).toBe(422);
    expect(page.json).toMatchObject({ field: 'limit', message: 'limit: Must be a number' });
  });
});
