import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseSso } from '@coach/shared/contract/sso';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOidcProvider } from '../testing/fake-oidc-provider.ts';
import { DAY, inviteeWithWaitingTasks } from '../testing/invitee-tasks.ts';
import { createTestApp } from '../testing/test-app.ts';

// Single sign-on per enterprise with OpenID Connect, against a provider on real HTTP.

let t: Awaited<ReturnType<typeof createTestApp>>;
let idp: Awaited<ReturnType<typeof startFakeOidcProvider>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let learnerRoleId: string;
let globexRoleId: string;
const ip = '10.21.4.1';

const post = (token: string | null, path: string, body: object, from = ip) =>
  t.request('POST', path, { ...(token ? { token } : {}), ip: from, body });

const settingsFor = (overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: ['acme.example', 'acme-sso.example'],
  requireSso: false,
  defaultRoleId: learnerRoleId,
  ...overrides,
});

/** /login → the provider (which signs `user` in at once) → /sso/callback, as the browser would go. */
const throughProvider = async (email: string, from = ip) => {
  const started = await post(null, enterpriseSso.start.path, { email }, from);
  expect(started.status, started.json.message).toBe(200);
  const { authorizationUrl, browserKey } = enterpriseSso.start.response.parse(started.json.response);
  expect(authorizationUrl.startsWith(`${idp.issuer}/authorize?`)).toBe(true);
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.pathname).toBe('/sso/callback');
  return { query: back.search, browserKey };
};
const signIn = async (email: string, from = ip) => {
  const { query, browserKey } = await throughProvider(email, from);
  return post(null, enterpriseSso.complete.path, { query, browserKey }, from);
};
const me = (token: string) => t.request('GET', enterpriseAuth.me.path, { token, ip });

beforeAll(async () => {
  t = await createTestApp();
  t.deps.config.ssoAllowPrivate = true;
  idp = await startFakeOidcProvider();
  ({ owner, staff, learner, globex } = await t.signInSeeded(ip));
  const roleOf = async (enterpriseName: string, role: string) =>
    (
      await t.deps.db
        .selectFrom('roles')
        .innerJoin('enterprises', 'enterprises.id', 'roles.enterprise_id')
        .select('roles.id')
        .where('enterprises.name', 'like', `${enterpriseName}%`)
        .where('roles.name', '=', role)
        .executeTakeFirstOrThrow()
    ).id;
  learnerRoleId = await roleOf('Acme', 'Learner');
  globexRoleId = (
    await t.deps.db
      .selectFrom('roles')
      .innerJoin('enterprises', 'enterprises.id', 'roles.enterprise_id')
      .select('roles.id')
      .where('enterprises.name', 'like', 'Globex%')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});
beforeEach(() => idp.control.reset());

describe('single sign-on settings', () => {
  it('only the default admin sees or changes them; other members and other tenants get 403', async () => {
    for (const token of [staff, learner]) {
      expect((await t.request('GET', enterpriseSso.settings.path, { token, ip })).status).toBe(403);
      expect((await post(token, enterpriseSso.save.path, settingsFor())).status).toBe(403);
      expect((await post(token, enterpriseSso.remove.path, {})).status).toBe(403);
    }
    expect((await post(null, enterpriseSso.save.path, settingsFor())).status).toBe(401);
    const fresh = await t.request('GET', enterpriseSso.settings.path, { token: owner, ip });
    expect(fresh.status).toBe(200);
    expect(fresh.json.response).toEqual({
      connection: null,
      redirectUri: 'http://localhost:3000/sso/callback',
    });
    // Globex may not give Acme's members one of its roles.
    const foreignRole = await post(
      owner,
      enterpriseSso.save.path,
      settingsFor({ defaultRoleId: globexRoleId }),
    );
    expect(foreignRole.status).toBe(422);
    expect(foreignRole.json.field).toBe('defaultRoleId');
  });

  it('refuses bad settings with a 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ issuer: 'not a url' }, 'issuer'],
      [{ issuer: 'http://127.0.0.1:9/nobody-here' }, 'issuer'],
      [{ clientSecret: undefined }, 'clientSecret'],
      [{ domains: [] }, 'domains'],
      [{ domains: ['https://acme.example'] }, 'domains.0'],
      [{ domains: ['acme.example', 'acme.example'] }, 'domains'],
      [{ requireSso: 'yes' }, 'requireSso'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post(owner, enterpriseSso.save.path, settingsFor(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.json.field, JSON.stringify(overrides)).toBe(field);
    }
    // With private networks refused (the production default), a provider on 127.0.0.1 is refused by name.
    t.deps.config.ssoAllowPrivate = false;
    const privateOne = await post(owner, enterpriseSso.save.path, settingsFor());
    t.deps.config.ssoAllowPrivate = true;
    expect(privateOne.status).toBe(422);
    expect(privateOne.json.field).toBe('issuer');
    expect(privateOne.json.message).toMatch(/https|public/);
  });

  it('saves, keeps the secret sealed and never answers it, audits and mails the default admin', async () => {
    const res = await post(owner, enterpriseSso.save.path, settingsFor());
    expect(res.status, res.json.message).toBe(200);
    const saved = enterpriseSso.save.response.parse(res.json.response);
    expect(saved.connection).toMatchObject({
      issuer: idp.issuer,
      clientId: idp.clientId,
      domains: [
        { domain: 'acme-sso.example', verifiedAt: null },
        { domain: 'acme.example', verifiedAt: null },
      ],
      requireSso: false,
      defaultRoleId: learnerRoleId,
    });
    expect(saved.connection?.txtValue).toMatch(/^coach-verification=[0-9a-f]{32}$/);
    expect(JSON.stringify(res.json)).not.toContain(idp.clientSecret);
    const row = await t.deps.db.selectFrom('sso_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(idp.clientSecret);
    expect(t.lastMail('owner@acme.example')).toContain(`now uses the identity provider ${idp.issuer}`);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'sso.saved')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    // Saved again without a secret keeps the old one (the sign-in below still works with it).
    const again = await post(owner, enterpriseSso.save.path, settingsFor({ clientSecret: undefined }));
    expect(again.status, again.json.message).toBe(200);
    // Named but not proved: no address goes to the provider yet.
    const early = await post(null, enterpriseSso.discover.path, { email: 'someone@acme.example' });
    expect(early.json.response).toEqual({ singleSignOn: false, required: false });
    // Globex may name the same domain (a claim nobody proved takes nothing)...
    const globexClaim = await post(globex, enterpriseSso.save.path, {
      ...settingsFor({ domains: ['acme.example'] }),
      defaultRoleId: globexRoleId,
    });
    expect(globexClaim.status, globexClaim.json.message).toBe(200);
    // ...but proof is a TXT record holding the claimant's own value, which only the domain's holder can publish.
    const txtValue = saved.connection?.txtValue ?? '';
    const missing = await post(owner, enterpriseSso.verifyDomain.path, { domain: 'acme.example' });
    expect(missing.status).toBe(422);
    expect(missing.json.field).toBe('domain');
    expect(missing.json.message).toContain(`_coach-verification.acme.example`);
    t.dnsRecords.set('_coach-verification.acme.example', ['v=spf1 -all', txtValue]);
    t.dnsRecords.set('_coach-verification.acme-sso.example', [txtValue]);
    const globexTry = await post(globex, enterpriseSso.verifyDomain.path, { domain: 'acme.example' });
    expect(globexTry.status).toBe(422);
    for (const domain of ['acme.example', 'acme-sso.example']) {
      const proved = await post(owner, enterpriseSso.verifyDomain.path, { domain });
      expect(proved.status, proved.json.message).toBe(200);
      expect(proved.json.message).toBe(`${domain} is verified`);
    }
    const settingsNow = await t.request('GET', enterpriseSso.settings.path, { token: owner, ip });
    for (const d of settingsNow.json.response.connection.domains) expect(d.verifiedAt).not.toBeNull();
    // Once Acme has proved it, nobody else may name it.
    const grab = await post(globex, enterpriseSso.save.path, {
      ...settingsFor({ domains: ['acme.example'], clientSecret: undefined }),
      defaultRoleId: globexRoleId,
    });
    expect(grab.status).toBe(422);
    expect(grab.json.field).toBe('domains');
    expect(grab.json.message).toContain('acme.example is used by another organisation');
    // A domain outside the settings cannot be proved.
    const stray = await post(owner, enterpriseSso.verifyDomain.path, { domain: 'elsewhere.example' });
    expect(stray.status).toBe(422);
    // The platform admin sees how Acme signs in.
    const adminToken = await t.fullLogin('admin@coach.example', 'admin', ip);
    const acme = await t.deps.db
      .selectFrom('enterprises')
      .select('id')
      .where('name', 'like', 'Acme%')
      .executeTakeFirstOrThrow();
    const detail = await t.request('GET', `${adminEnterprises.detail.path}?enterpriseId=${acme.id}`, {
      adminToken,
      ip,
    });
    expect(detail.json.response.signInMethods.singleSignOn).toEqual({
      issuer: idp.issuer,
      domains: ['acme-sso.example', 'acme.example'],
      required: false,
    });
  });
});

describe('signing in with single sign-on', () => {
  it('/login learns which addresses go to the provider', async () => {
    const yes = await post(null, enterpriseSso.discover.path, { email: 'Anyone@ACME.example' });
    expect(yes.json.response).toEqual({ singleSignOn: true, required: false });
    const no = await post(null, enterpriseSso.discover.path, { email: 'someone@elsewhere.example' });
    expect(no.json.response).toEqual({ singleSignOn: false, required: false });
    const start = await post(null, enterpriseSso.start.path, { email: 'someone@elsewhere.example' });
    expect(start.status).toBe(422);
    expect(start.json.field).toBe('email');
  });

  it('a first sign-in creates the member with the chosen role; the next finds them by subject', async () => {
    idp.control.user = {
      sub: 'jit-1',
      email: 'nina@acme-sso.example',
      email_verified: true,
      name: 'Nina Park',
    };
    const first = await signIn('nina@acme-sso.example');
    expect(first.status, first.json.message).toBe(200);
    const profile = await me(first.json.response.accesstoken);
    expect(profile.status).toBe(200);
    expect(profile.json.response).toMatchObject({
      name: 'Nina Park',
      email: 'nina@acme-sso.example',
      emailVerified: true,
      roleId: { _id: learnerRoleId },
    });
    // The provider renames the address later: the subject still finds the same member.
    idp.control.user = { sub: 'jit-1', email: 'nina.park@acme-sso.example', email_verified: true };
    const second = await signIn('nina.park@acme-sso.example');
    expect(second.status, second.json.message).toBe(200);
    expect((await me(second.json.response.accesstoken)).json.response._id).toBe(profile.json.response._id);
    const members = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'nina%')
      .execute();
    expect(members).toHaveLength(1);
    expect(t.lastMail('nina@acme-sso.example')).toContain('was created when you signed in through');
  });

  it('a provider that keeps the email to its userinfo endpoint is asked there', async () => {
    idp.control.profileInUserInfoOnly = true;
    idp.control.user = {
      sub: 'ui-1',
      email: 'omar@acme-sso.example',
      email_verified: true,
      name: 'Omar Ali',
    };
    const res = await signIn('omar@acme-sso.example');
    expect(res.status, res.json.message).toBe(200);
    expect((await me(res.json.response.accesstoken)).json.response).toMatchObject({
      name: 'Omar Ali',
      email: 'omar@acme-sso.example',
    });
  });

  it('an existing member is linked by address and keeps their role', async () => {
    idp.control.user = { sub: 'staff-sub', email: 'staff@acme.example', email_verified: true };
    const res = await signIn('staff@acme.example');
    expect(res.status, res.json.message).toBe(200);
    const profile = await me(res.json.response.accesstoken);
    expect(profile.json.response.email).toBe('staff@acme.example');
    expect(profile.json.response.roleId.name).not.toBe('Learner');
    // Told once, at the first sign-in that linked the account.
    expect(t.lastMail('staff@acme.example')).toContain('now signs in through');
  });

  it("an invitee joining through the provider has their waiting tasks' time start then", async () => {
    // Assigned five days ago with a week to do it, while the invitation waited.
    await inviteeWithWaitingTasks(t, {
      owner,
      ip,
      name: 'Ivo Waiting',
      email: 'ivo.waiting@acme.example',
      roleId: learnerRoleId,
      taskCount: 1,
    });
    idp.control.user = { sub: 'ivo-sub', email: 'ivo.waiting@acme.example', email_verified: true };
    const joined = Date.now();
    const res = await signIn('ivo.waiting@acme.example');
    expect(res.status, res.json.message).toBe(200);
    const mine = await t.request('GET', tasks.getMyTasks.path, { token: res.json.response.accesstoken, ip });
    const [row] = (mine.json.response as { listdata: { dueAt: string }[] }).listdata;
    const daysLeft = (Date.parse(row?.dueAt ?? '') - joined) / DAY;
    expect(daysLeft).toBeGreaterThan(6.99);
    expect(daysLeft).toBeLessThan(7.01);
  });

  it('refuses id tokens of the wrong audience, nonce, issuer, expiry or signature', async () => {
    idp.control.user = { sub: 'learner-sub', email: 'learner@acme.example', email_verified: true };
    const spoilt: [string, () => void][] = [
      ['audience', () => Object.assign(idp.control.idToken, { aud: 'another-client' })],
      ['nonce', () => Object.assign(idp.control.idToken, { nonce: 'not-the-one-sent' })],
      ['issuer', () => Object.assign(idp.control.idToken, { iss: 'https://impostor.example' })],
      ['expiry', () => Object.assign(idp.control.idToken, { exp: Math.floor(Date.now() / 1000) - 3600 })],
      ['signature', () => (idp.control.signWithStrangerKey = true)],
    ];
    for (const [what, spoil] of spoilt) {
      idp.control.reset();
      spoil();
      const res = await signIn('learner@acme.example', t.freshIp());
      expect(res.status, what).toBe(401);
      expect(res.json.message, what).toContain('could not be verified');
    }
    // Nothing was linked by the refused answers.
    const links = await t.deps.db
      .selectFrom('sso_identities')
      .select('id')
      .where('subject', '=', 'learner-sub')
      .execute();
    expect(links).toHaveLength(0);
  });

  it('an answer is taken once, only with the key of the tab that started it', async () => {
    idp.control.user = { sub: 'learner-sub', email: 'learner@acme.example', email_verified: true };
    const { query, browserKey } = await throughProvider('learner@acme.example');
    const otherKey = 'A'.repeat(43);
    const stolen = await post(null, enterpriseSso.complete.path, { query, browserKey: otherKey });
    expect(stolen.status).toBe(401);
    expect(stolen.json.message).toContain('started in another browser');
    // The refused try used the attempt up: even the right tab must start again.
    const late = await post(null, enterpriseSso.complete.path, { query, browserKey });
    expect(late.status).toBe(401);
    const next = await throughProvider('learner@acme.example');
    const ok = await post(null, enterpriseSso.complete.path, next);
    expect(ok.status, ok.json.message).toBe(200);
    const replay = await post(null, enterpriseSso.complete.path, next);
    expect(replay.status).toBe(401);
    const bad = await post(null, enterpriseSso.complete.path, { query: '?state=x', browserKey: 'short' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('browserKey');
  });

  it('the provider saying no is a 401 with its reason', async () => {
    idp.control.deny = true;
    const res = await signIn('learner@acme.example');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Your identity provider did not sign you in');
  });

  it('keeps out deactivated members, other organisations, foreign domains and the default admin', async () => {
    const deactivated = 'member33@acme.example';
    await t.deps.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', deactivated)
      .execute();
    idp.control.user = { sub: 'm33', email: deactivated, email_verified: true };
    const out = await signIn(deactivated);
    expect(out.status).toBe(403);
    expect(out.json.message).toContain('deactivated');
    // ...also once linked: deactivated after a first sign-in.
    idp.control.user = { sub: 'm34', email: 'member34@acme.example', email_verified: true };
    expect((await signIn('member34@acme.example')).status).toBe(200);
    await t.deps.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', 'member34@acme.example')
      .execute();
    expect((await signIn('member34@acme.example')).status).toBe(403);

    idp.control.user = { sub: 'g1', email: 'owner@globex.example', email_verified: true };
    const foreign = await signIn('member01@acme.example');
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toContain('not one of your organisation');

    idp.control.user = { sub: 'owner-sub', email: 'owner@acme.example', email_verified: true };
    const defaultAdmin = await signIn('owner@acme.example');
    expect(defaultAdmin.status).toBe(403);
    expect(defaultAdmin.json.message).toContain('default admin signs in with their password');

    idp.control.user = { sub: 'unverified', email: 'new@acme.example', email_verified: false };
    const unverified = await signIn('new@acme.example');
    expect(unverified.status).toBe(401);
    expect(unverified.json.message).toContain('not verified');
  });

  it('"require single sign-on" switches passwords off for members, not for the default admin', async () => {
    const saved = await post(
      owner,
      enterpriseSso.save.path,
      settingsFor({ requireSso: true, clientSecret: undefined }),
    );
    expect(saved.status, saved.json.message).toBe(200);
    const required = await post(null, enterpriseSso.discover.path, { email: 'learner@acme.example' });
    expect(required.json.response).toEqual({ singleSignOn: true, required: true });
    const password = await post(null, enterpriseAuth.login.path, {
      email: 'learner@acme.example',
      password: 'Coach-demo-2026',
    });
    expect(password.status).toBe(403);
    expect(password.json.code).toBe('SSO_REQUIRED');
    // A wrong password still reads as a wrong password (the rule does not tell who exists).
    const wrong = await post(null, enterpriseAuth.login.path, {
      email: 'learner@acme.example',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    // No reset link to a password that could not be used.
    const before = t.lastMail('learner@acme.example');
    await post(null, enterpriseAuth.forgotPassword.path, { email: 'learner@acme.example' });
    await t.deps.background.idle();
    expect(t.lastMail('learner@acme.example')).toBe(before);
    // The default admin keeps the password: the way back in.
    await expect(t.fullLogin('owner@acme.example', 'enterprise', t.freshIp())).resolves.toBeTruthy();
  });

  it('switched off, it sends nobody to the provider and passwords work again', async () => {
    const res = await post(owner, enterpriseSso.remove.path, {});
    expect(res.status).toBe(200);
    expect(res.json.response.connection).toBeNull();
    expect(t.lastMail('owner@acme.example')).toContain('was switched off');
    const discover = await post(null, enterpriseSso.discover.path, { email: 'learner@acme.example' });
    expect(discover.json.response.singleSignOn).toBe(false);
    await expect(t.fullLogin('learner@acme.example', 'enterprise', t.freshIp())).resolves.toBeTruthy();
    await post(null, enterpriseAuth.forgotPassword.path, { email: 'learner@acme.example' }, t.freshIp());
    await t.deps.background.idle();
    expect(t.lastMail('learner@acme.example')).toContain('/password/reset/');
  });
});
