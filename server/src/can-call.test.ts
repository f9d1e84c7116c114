import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminAuth, type EnterpriseUser, enterpriseAuth } from '@coach/shared/contract/auth';
import type { CallDef } from '@coach/shared/contract/define-call';
import { enterpriseFactors } from '@coach/shared/contract/factors';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { allCalls } from '@coach/shared/contract/registry';
import { type AccessSubject, canCall, memberSubject, seesCompanyFigures } from '@coach/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './testing/test-app.ts';

/**
 * The dashboard shows menus, routes and buttons by `canCall` (shared/permissions.ts), the rule the
 * adapter answers with. Here every seeded kind of account makes every call of its audience with an empty body, and
 * the server's answer must be canCall's verdict: a refusal is the same status and code (and message where it has
 * its own); an allowed call is not refused for access, whatever its empty input earns (422, 404, 409, 200...).
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The codes an access refusal answers with (401 or 403); an allowed call answers none of them. */
const ACCESS_CODES = new Set([
  'UNAUTHENTICATED',
  'MFA_REQUIRED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'FEATURE_DISABLED',
]);

/**
 * Calls that end the session they are made with (an empty body is all they need): each sweep makes them last. Every
 * other call that an empty body gets past validation only reads, or starts something harmless (a TOTP or passkey
 * enrolment, a verification mail, a token refresh, removing single sign-on settings from this test's copy of the demo).
 */
const SESSION_ENDING = new Set([enterpriseAuth.logout.path, adminAuth.logout.path]);

type Member = Extract<AccessSubject, { audience: 'enterprise' }>;

/**
 * The few refusals a service adds past the contract's access fields, each for a subject the dashboard knows it of
 * (an allowed verdict may meet them, with exactly this message; nothing else may refuse an allowed call).
 */
const SERVICE_RULES: { paths: string[]; applies: (subject: Member) => boolean; message: string }[] = [
  {
    // The company's figures count its members: the `members` key too (the dashboard page asks seesCompanyFigures).
    paths: [enterpriseGeneral.myDashboard.path],
    applies: (subject) => !seesCompanyFigures(subject),
    message: 'You do not have permission for this',
  },
  {
    // A platform admin logged in as the enterprise does not change the member's own sign-in methods.
    paths: [
      enterpriseAuth.changePassword,
      ...Object.values(enterpriseFactors),
      ...Object.values(enterprisePasskeys),
    ]
      .map((entry) => entry.path)
      .filter((path) => path.includes('/general/auth/')),
    applies: (subject) => subject.actingAs,
    message: 'Sign-in methods are changed by the member themself',
  },
];

const serviceRefuses = (
  entry: CallDef,
  subject: AccessSubject,
  res: { status: number; json: { code?: string; message: string } },
) =>
  subject.audience === 'enterprise' &&
  res.status === 403 &&
  res.json.code === 'FORBIDDEN' &&
  SERVICE_RULES.some(
    (rule) => rule.paths.includes(entry.path) && rule.applies(subject) && rule.message === res.json.message,
  );

const callsOf = (auth: 'enterprise' | 'admin') => {
  const calls = allCalls.filter((entry) => entry.auth === auth);
  return [
    ...calls.filter((entry) => !SESSION_ENDING.has(entry.path)),
    ...calls.filter((entry) => SESSION_ENDING.has(entry.path)),
  ];
};

/** Every call of the audience, made as the subject's session, against canCall's verdict. */
const sweep = async (auth: 'enterprise' | 'admin', token: string, subject: AccessSubject) => {
  const mismatches: string[] = [];
  const verdicts = { allowed: 0, refused: 0 };
  const ip = t.freshIp();
  for (const entry of callsOf(auth)) {
    const verdict = canCall(entry, subject);
    const res = await t.request(entry.method, entry.path, { ...t.tokenOpt(auth, token), ip, body: {} });
    const said = `${entry.method} ${entry.path}: canCall ${JSON.stringify(verdict)}, server ${res.status} ${res.json.code ?? ''} ${res.json.message}`;
    if (verdict.allowed) {
      verdicts.allowed += 1;
      const refused = (res.status === 401 || res.status === 403) && ACCESS_CODES.has(res.json.code ?? '');
      if (refused && !serviceRefuses(entry, subject, res)) mismatches.push(said);
    } else {
      verdicts.refused += 1;
      const status = verdict.code === 'UNAUTHENTICATED' ? 401 : 403;
      const message = verdict.reason === 'default-admin' ? verdict.message : res.json.message;
      if (res.status !== status || res.json.code !== verdict.code || res.json.message !== message)
        mismatches.push(said);
    }
  }
  return { mismatches, verdicts };
};

const me = async (token: string) =>
  (await t.request('GET', enterpriseAuth.me.path, { token })).json.response as EnterpriseUser;

/** A seeded member signed in with both factors, and their subject as the dashboard reads it from `me`. */
const member = async (email: string) => {
  const token = await t.fullLogin(email, 'enterprise', t.freshIp());
  return { token, subject: memberSubject(await me(token), { secondFactorDone: true }) };
};

describe('canCall is the server’s answer to every call', () => {
  const expectAgreement = (
    result: Awaited<ReturnType<typeof sweep>>,
    { someAllowed = true, someRefused = true } = {},
  ) => {
    expect(result.mismatches).toEqual([]);
    if (someAllowed) expect(result.verdicts.allowed).toBeGreaterThan(0);
    if (someRefused) expect(result.verdicts.refused).toBeGreaterThan(0);
  };

  for (const [email, someRefused] of [
    // Acme's default admin (role Admin, every flag on): nothing refused
    ['owner@acme.example', false],
    // Its Staff (dashboard, members, groups) and its Learner (dashboard)
    ['staff@acme.example', true],
    ['learner@acme.example', true],
    // Globex's default admin: courses and company info off
    ['owner@globex.example', true],
    // An institution's course admin
    ['courses@youstudy.example', true],
  ] as const) {
    it(`${email}: every enterprise call`, async () => {
      const { token, subject } = await member(email);
      expectAgreement(await sweep('enterprise', token, subject), { someRefused });
    });
  }

  it('a member who gave the password but not the second factor: every enterprise call', async () => {
    const owner = await member('owner@acme.example');
    const token = await t.preMfaLogin('owner@acme.example', 'enterprise', t.freshIp());
    const subject: AccessSubject = { ...owner.subject, secondFactorDone: false } as AccessSubject;
    expectAgreement(await sweep('enterprise', token, subject));
  });

  it('a member whose email is not verified yet: every enterprise call', async () => {
    await t.deps.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', 'member01@acme.example')
      .execute();
    const { token, subject } = await member('member01@acme.example');
    expect(subject).toMatchObject({ emailVerified: false });
    expectAgreement(await sweep('enterprise', token, subject));
  });

  it('the platform admin: every admin call, before and after the second factor', async () => {
    const full = await t.fullLogin('admin@coach.example', 'admin', t.freshIp());
    expectAgreement(await sweep('admin', full, { audience: 'admin', secondFactorDone: true }), {
      someRefused: false,
    });
    const pre = await t.preMfaLogin('admin@coach.example', 'admin', t.freshIp());
    expectAgreement(await sweep('admin', pre, { audience: 'admin', secondFactorDone: false }));
  });

  it('the platform admin logged in as an enterprise whose default admin has not verified the email', async () => {
    const globex = await me((await member('owner@globex.example')).token);
    await t.deps.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', 'owner@globex.example')
      .execute();
    const adminToken = await t.fullLogin('admin@coach.example', 'admin', t.freshIp());
    const res = await t.request('POST', adminEnterprises.loginAs.path, {
      adminToken,
      body: { enterpriseId: globex.enterpriseId._id },
    });
    expect(res.status).toBe(200);
    const token = res.json.response.accesstoken as string;
    const subject = memberSubject(await me(token), { secondFactorDone: true });
    // The dashboard reads a verified account (the admin behind the token is); the rule exempts log-in-as anyway.
    expect(subject).toMatchObject({ actingAs: true });
    expectAgreement(await sweep('enterprise', token, { ...subject, emailVerified: false } as AccessSubject));
  });

  it('covers every call of both audiences', () => {
    const swept: CallDef[] = [...callsOf('enterprise'), ...callsOf('admin')];
    expect(swept.length).toBe(allCalls.filter((entry) => entry.auth !== 'none').length);
  });
});
