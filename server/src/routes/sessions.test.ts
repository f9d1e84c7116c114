import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = 'Coach-demo-2026';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string, ip: string) => t.request('GET', enterpriseAuth.me.path, { token, ip });
const post = (path: string, token: string, ip: string, body: unknown = {}) =>
  t.request('POST', path, { token, ip, body });

describe('server-side sessions', () => {
  it('a member logs out and that token is refused, while their other session goes on', async () => {
    const ip = t.freshIp();
    const laptop = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const phone = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const out = await post(enterpriseAuth.logout.path, laptop, ip);
    expect(out.status).toBe(200);
    const after = await me(laptop, ip);
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('Your session has ended. Please log in again.');
    expect((await me(phone, ip)).status).toBe(200);
    // Refreshing a dead session does not bring it back.
    expect((await post(enterpriseAuth.refreshToken.path, laptop, ip)).status).toBe(401);
  });

  it('a password change signs out every other session and hands the caller a fresh token', async () => {
    const ip = t.freshIp();
    const email = 'learner@acme.example';
    const here = await t.fullLogin(email, 'enterprise', ip);
    const elsewhere = await t.fullLogin(email, 'enterprise', ip);
    const changed = await post(enterpriseAuth.changePassword.path, here, ip, {
      currentPassword: PASSWORD,
      newPassword: 'A-new-password-2026',
    });
    expect(changed.status).toBe(200);
    expect((await me(elsewhere, ip)).status).toBe(401);
    expect((await me(here, ip)).status).toBe(401);
    const fresh = changed.json.response.accesstoken as string;
    expect((await me(fresh, ip)).status).toBe(200);
    // Back to the demo password for the other tests.
    const back = await post(enterpriseAuth.changePassword.path, fresh, ip, {
      currentPassword: 'A-new-password-2026',
      newPassword: PASSWORD,
    });
    expect(back.status).toBe(200);
  });

  it('a member who gives their current password as the new one is told so, and no session ends', async () => {
    const ip = t.freshIp();
    const email = 'learner@acme.example';
    const here = await t.fullLogin(email, 'enterprise', ip);
    const elsewhere = await t.fullLogin(email, 'enterprise', ip);
    const same = await post(enterpriseAuth.changePassword.path, here, ip, {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(same.status).toBe(422);
    expect(same.json.field).toBe('newPassword');
    expect(same.json.message).toBe('newPassword: The new password must be different from your current one');
    expect((await me(here, ip)).status).toBe(200);
    expect((await me(elsewhere, ip)).status).toBe(200);
    // The password is the one it was.
    expect(await t.fullLogin(email, 'enterprise', ip)).toBeTruthy();
  });

  it('a platform admin logged in as an enterprise cannot change, or guess, the member’s password', async () => {
    const ip = t.freshIp();
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const acmeId = (await me(owner, ip)).json.response.enterpriseId._id as string;
    const as = await t.request('POST', adminEnterprises.loginAs.path, {
      adminToken: admin,
      ip,
      body: { enterpriseId: acmeId },
    });
    expect(as.status).toBe(200);
    const asAcme = as.json.response.accesstoken as string;
    for (const currentPassword of [PASSWORD, 'A-wrong-guess-2026']) {
      const refused = await post(enterpriseAuth.changePassword.path, asAcme, ip, {
        currentPassword,
        newPassword: 'Taken-over-2026',
      });
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('Sign-in methods are changed by the member themself');
    }
    // Nothing changed: the member's password and sessions are as they were.
    expect((await me(owner, ip)).status).toBe(200);
    expect(await t.fullLogin('owner@acme.example', 'enterprise', ip)).toBeTruthy();
  });

  it('a password reset through the mailed link ends every session', async () => {
    const ip = t.freshIp();
    const email = 'owner@globex.example';
    const session = await t.fullLogin(email, 'enterprise', ip);
    await post(enterpriseAuth.forgotPassword.path, '', ip, { email });
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
    const reset = await post(enterpriseAuth.resetPassword.path, '', ip, { token, password: PASSWORD });
    expect(reset.status).toBe(200);
    expect((await me(session, ip)).status).toBe(401);
  });

  it('a deactivated member stays signed out after being reactivated', async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const learnerId = (await me(learner, ip)).json.response._id as string;
    const status = (value: 'Active' | 'Inactive') =>
      post(members.changeStatus.path, owner, ip, { memberId: learnerId, status: value });
    expect((await status('Inactive')).status).toBe(200);
    expect((await status('Active')).status).toBe(200);
    expect((await me(learner, ip)).status).toBe(401);
    expect((await me(await t.fullLogin('learner@acme.example', 'enterprise', ip), ip)).status).toBe(200);
  });

  it('a refresh never outlives the 30 days after sign-in', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const [row] = await t.deps.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    const days =
      (new Date(row?.expires_at ?? 0).getTime() - new Date(row?.created_at ?? 0).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // Near the end, a refreshed token lives only until the session ends.
    const soon = new Date(Date.now() + 90_000).toISOString();
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('id', '=', row?.id ?? '')
      .execute();
    const near = await post(enterpriseAuth.refreshToken.path, token, ip);
    expect(near.status).toBe(200);
    expect(near.json.response.expiresInSeconds).toBeLessThanOrEqual(90);
    // Past it, the refresh is refused and so is every call.
    const past = new Date(Date.now() - 1000).toISOString();
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: past })
      .where('id', '=', row?.id ?? '')
      .execute();
    expect((await post(enterpriseAuth.refreshToken.path, near.json.response.accesstoken, ip)).status).toBe(
      401,
    );
    expect((await me(token, ip)).status).toBe(401);
  });

  it("the platform admin's logout ends the log-in-as session it opened", async () => {
    const ip = t.freshIp();
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const acmeId = (await me(owner, ip)).json.response.enterpriseId._id as string;
    const as = await t.request('POST', adminEnterprises.loginAs.path, {
      adminToken: admin,
      ip,
      body: { enterpriseId: acmeId },
    });
    expect(as.status).toBe(200);
    const enterpriseToken = as.json.response.accesstoken as string;
    expect((await me(enterpriseToken, ip)).status).toBe(200);
    const out = await t.request('POST', adminAuth.logout.path, { adminToken: admin, ip });
    expect(out.status).toBe(200);
    expect((await me(enterpriseToken, ip)).status).toBe(401);
    expect((await t.request('GET', adminAuth.me.path, { adminToken: admin, ip })).status).toBe(401);
  });

  it('a member sees their sessions with device and last use, and signs one out; not anyone else’s', async () => {
    const ip = t.freshIp();
    const headers = { 'user-agent': CHROME };
    const login = async () => {
      const pre = await t.request('POST', enterpriseAuth.login.path, {
        ip,
        extraHeaders: headers,
        body: { email: 'staff@acme.example', password: PASSWORD },
      });
      const token = pre.json.response.accesstoken as string;
      await t.request('POST', enterpriseAuth.sendCode.path, { token, ip, body: { contactMethod: 2 } });
      const verified = await t.request('POST', enterpriseAuth.verifyCode.path, {
        token,
        ip,
        body: { code: t.lastCode('staff@acme.example') },
      });
      return verified.json.response.accesstoken as string;
    };
    const first = await login();
    const second = await login();
    const list = await t.request('GET', enterpriseAuth.sessions.path, { token: first, ip });
    expect(list.status).toBe(200);
    const sessions = list.json.response.listdata as {
      _id: string;
      device: string;
      browser: string | null;
      system: string | null;
      current: boolean;
      ip: string;
    }[];
    const current = sessions.find((s) => s.current);
    expect(current?.device).toBe('Chrome 131 on Linux');
    // Its parts, for the screens to put in their own language.
    expect(current).toMatchObject({ browser: 'Chrome 131', system: 'Linux' });
    expect(current?.ip).toBe(ip);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current && s.device === 'Chrome 131 on Linux');
    expect(other).toBeDefined();

    const globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const foreign = await post(enterpriseAuth.endSession.path, globex, ip, { sessionId: other?._id });
    expect(foreign.status).toBe(404);

    const ended = await post(enterpriseAuth.endSession.path, first, ip, { sessionId: other?._id });
    expect(ended.status).toBe(200);
    const alive = [await me(first, ip), await me(second, ip)].map((r) => r.status);
    expect(alive.sort()).toEqual([200, 401]);
  });

  it('a sign-in left at the password step can be logged out too', async () => {
    const ip = t.freshIp();
    const pre = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    expect((await post(enterpriseAuth.logout.path, pre, ip)).status).toBe(200);
    const send = await post(enterpriseAuth.sendCode.path, pre, ip, { contactMethod: 2 });
    expect(send.status).toBe(401);
  });
});
