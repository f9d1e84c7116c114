import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { adminFactors, enterpriseFactors, RECOVERY_CODE_PATTERN } from '@coach/shared/contract/factors';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '../auth/sealed.ts';
import { createTestApp } from '../testing/test-app.ts';

// Authenticator apps (RFC 6238) and recovery codes as the second sign-in step.

let t: Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.21.1.1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The app on the member's phone: the secret the enrolment showed, read as an authenticator app reads it. */
const phoneOf = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
/** The code the app shows `steps` 30 s periods from now (the server takes one period either side). */
const codeAt = (phone: TOTP, steps = 0) => phone.generate({ timestamp: Date.now() + steps * 30_000 });

type Audience = 'enterprise' | 'admin';
const CALLS = { enterprise: enterpriseFactors, admin: adminFactors } as const;
const AUTH = { enterprise: enterpriseAuth, admin: adminAuth } as const;
const as = (audience: Audience, token: string) =>
  audience === 'admin' ? { adminToken: token, ip } : { token, ip };

/** Enrols an app for the signed-in account and answers the phone and the recovery codes. */
const enrol = async (audience: Audience, token: string) => {
  const start = await t.request('POST', CALLS[audience].totpStart.path, { ...as(audience, token), body: {} });
  expect(start.status, start.json.message).toBe(200);
  const { secret, otpauthUrl, qrSvg } = CALLS[audience].totpStart.response.parse(start.json.response);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Coach:.+\?.*secret=/);
  expect(qrSvg).toContain('<svg');
  const phone = phoneOf(secret);
  const confirm = await t.request('POST', CALLS[audience].totpConfirm.path, {
    ...as(audience, token),
    body: { code: codeAt(phone) },
  });
  expect(confirm.status, confirm.json.message).toBe(200);
  const { recoveryCodes } = confirm.json.response as { recoveryCodes: string[] };
  return { phone, recoveryCodes };
};

/** Password, then the app's code instead of a mailed one. */
const signInWithApp = async (audience: Audience, email: string, code: string) => {
  const pre = await t.preMfaLogin(email, audience, ip);
  const details = await t.request('POST', AUTH[audience].mfaDetails.path, { ...as(audience, pre), body: {} });
  expect(details.json.response.authenticatorApp).toBe(true);
  return t.request('POST', CALLS[audience].verifyTotp.path, { ...as(audience, pre), body: { code } });
};

describe('authenticator apps', () => {
  it('a member enrols with a QR code and a confirming code, then signs in with the app; a replayed code is refused', async () => {
    const email = 'member10@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const before = await t.request('GET', enterpriseFactors.factors.path, as('enterprise', token));
    expect(before.json.response).toEqual({
      authenticatorApp: { enabled: false, since: null },
      recoveryCodesLeft: 0,
      passkeys: 0,
    });

    const { phone, recoveryCodes } = await enrol('enterprise', token);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Told by mail, and recorded.
    expect(t.lastMail(email)).toContain('authenticator app was added');
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'factor.totp-added')
      .execute();
    expect(audit).toHaveLength(1);
    // The secret is sealed at rest; recovery codes are kept only hashed.
    const stored = await t.deps.db.selectFrom('authenticator_apps').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret.startsWith('v1:')).toBe(true);
    const hashes = await t.deps.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);

    const factors = await t.request('GET', enterpriseFactors.factors.path, as('enterprise', token));
    expect(factors.json.response).toMatchObject({
      authenticatorApp: { enabled: true },
      recoveryCodesLeft: 10,
    });

    // The code of the enrolment's own period was taken by the confirmation: the next one signs in.
    const next = codeAt(phone, 1);
    const signedIn = await signInWithApp('enterprise', email, next);
    expect(signedIn.status, signedIn.json.message).toBe(200);
    const full = signedIn.json.response.accesstoken as string;
    expect((await t.request('GET', enterpriseAuth.me.path, as('enterprise', full))).status).toBe(200);

    // The same code again, even on a fresh password step, is refused: codes are single-use.
    const replay = await signInWithApp('enterprise', email, next);
    expect(replay.status).toBe(422);
    expect(replay.json.field).toBe('code');
    // So is an older code of the accepted window.
    const older = await signInWithApp('enterprise', email, codeAt(phone, 0));
    expect(older.status).toBe(422);
  });

  it('a wrong code is refused and counted: the sixth try within 15 minutes is throttled, even with the right code', async () => {
    const email = 'member11@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { phone } = await enrol('enterprise', token);
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.request('POST', enterpriseFactors.verifyTotp.path, {
        token: pre,
        ip,
        body: { code: '000000' === codeAt(phone, 1) ? '111111' : '000000' },
      });
      expect(wrong.status).toBe(422);
    }
    const throttled = await t.request('POST', enterpriseFactors.verifyTotp.path, {
      token: pre,
      ip,
      body: { code: codeAt(phone, 1) },
    });
    expect(throttled.status).toBe(429);
  });

  it('a recovery code signs in once, and the owner is told', async () => {
    const email = 'member12@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { recoveryCodes } = await enrol('enterprise', token);
    const code = recoveryCodes[3] ?? '';
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    // Typed as a person might: capitals and spaces around it.
    const used = await t.request('POST', enterpriseFactors.verifyRecoveryCode.path, {
      token: pre,
      ip,
      body: { code: ` ${code.toUpperCase()} ` },
    });
    expect(used.status, used.json.message).toBe(200);
    expect(t.lastMail(email)).toContain('recovery code was used');
    const again = await t.request('POST', enterpriseFactors.verifyRecoveryCode.path, {
      token: await t.preMfaLogin(email, 'enterprise', ip),
      ip,
      body: { code },
    });
    expect(again.status).toBe(422);
    const left = await t.request('GET', enterpriseFactors.factors.path, as('enterprise', token));
    expect(left.json.response.recoveryCodesLeft).toBe(9);
    // Not a shape the server would ever make: 422 naming the field, before any lookup.
    const bad = await t.request('POST', enterpriseFactors.verifyRecoveryCode.path, {
      token: pre,
      ip,
      body: { code: 'not-a-code' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('code');
  });

  it('removing the app asks for the password; afterwards codes come by mail again', async () => {
    const email = 'member13@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { phone } = await enrol('enterprise', token);
    const wrong = await t.request('POST', enterpriseFactors.totpRemove.path, {
      ...as('enterprise', token),
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.field).toBe('password');
    const removed = await t.request('POST', enterpriseFactors.totpRemove.path, {
      ...as('enterprise', token),
      body: { password: 'Coach-demo-2026' },
    });
    expect(removed.status, removed.json.message).toBe(200);
    expect(t.lastMail(email)).toContain('authenticator app was removed');
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    const details = await t.request('POST', enterpriseAuth.mfaDetails.path, { token: pre, ip, body: {} });
    expect(details.json.response.authenticatorApp).toBe(false);
    const refused = await t.request('POST', enterpriseFactors.verifyTotp.path, {
      token: pre,
      ip,
      body: { code: codeAt(phone, 1) },
    });
    expect(refused.status).toBe(422);
    const memberId = (await t.request('GET', enterpriseAuth.me.path, as('enterprise', token))).json.response
      ._id as string;
    const kept = await t.deps.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('subject_id', '=', memberId)
      .execute();
    expect(kept).toEqual([]);
  });

  it('an app cannot be added twice, a wrong confirming code leaves it off, and only a full session manages apps', async () => {
    const email = 'member14@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    await t.request('POST', enterpriseFactors.totpStart.path, { ...as('enterprise', token), body: {} });
    const wrong = await t.request('POST', enterpriseFactors.totpConfirm.path, {
      ...as('enterprise', token),
      body: { code: '123456' },
    });
    // (one chance in a million that 123456 is the real code)
    expect(wrong.status).toBe(422);
    const still = await t.request('GET', enterpriseFactors.factors.path, as('enterprise', token));
    expect(still.json.response.authenticatorApp.enabled).toBe(false);
    await enrol('enterprise', token);
    const twice = await t.request('POST', enterpriseFactors.totpStart.path, {
      ...as('enterprise', token),
      body: {},
    });
    expect(twice.status).toBe(409);
    // A token from the password step alone cannot add or remove an app.
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    const early = await t.request('POST', enterpriseFactors.totpStart.path, { token: pre, ip, body: {} });
    expect(early.status).toBe(403);
    // Nor can a caller with no token.
    expect((await t.request('GET', enterpriseFactors.factors.path, { ip })).status).toBe(401);
  });

  it('a platform admin enrols and signs in with an app too', async () => {
    const email = 'admin@coach.example';
    const token = await t.fullLogin(email, 'admin', ip);
    const { phone } = await enrol('admin', token);
    const res = await signInWithApp('admin', email, codeAt(phone, 1));
    expect(res.status, res.json.message).toBe(200);
    // An enterprise member's password step does not reach the admin's app, nor the other way round.
    const member = await t.preMfaLogin('member15@acme.example', 'enterprise', ip);
    const cross = await t.request('POST', enterpriseFactors.verifyTotp.path, {
      token: member,
      ip,
      body: { code: codeAt(phone, 1) },
    });
    expect(cross.status).toBe(422);
  });

  it('a platform admin logged in as an enterprise cannot add an app to the member it stands for', async () => {
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const acme = (await t.request('GET', enterpriseAuth.me.path, as('enterprise', owner))).json.response
      .enterpriseId._id as string;
    const loggedIn = await t.request('POST', adminEnterprises.loginAs.path, {
      ip,
      adminToken: admin,
      body: { enterpriseId: acme },
    });
    expect(loggedIn.status, loggedIn.json.message).toBe(200);
    const asAcme = loggedIn.json.response.accesstoken as string;
    const refused = await t.request('POST', enterpriseFactors.totpStart.path, {
      token: asAcme,
      ip,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/by the member themself/);
  });

  it("an app sealed under another server secret is a clear 409, and the member's mailed code still signs in", async () => {
    const email = 'member16@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { phone } = await enrol('enterprise', token);
    const member = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // As if JWT_SECRET had changed since the app was set up.
    await t.deps.db
      .updateTable('authenticator_apps')
      .set({ secret: sealSecret('another-server-secret', 'JBSWY3DPEHPK3PXP', 'authenticator-app') })
      .where('subject_id', '=', member.id)
      .execute();
    const res = await signInWithApp('enterprise', email, codeAt(phone, 1));
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('can no longer be checked here');
    await expect(t.fullLogin(email, 'enterprise', ip)).resolves.toBeTruthy();
  });
});
