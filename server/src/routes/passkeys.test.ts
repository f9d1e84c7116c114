import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseFactors } from '@coach/shared/contract/factors';
import { members } from '@coach/shared/contract/members';
import { adminPasskeys, enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SoftPasskey, type Spoil, softwareAuthenticator } from '../testing/software-authenticator.ts';
import { createTestApp } from '../testing/test-app.ts';

// Passkeys (WebAuthn) on the profile, as the second sign-in step and as the whole sign-in.

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Audience = 'enterprise' | 'admin';
const CALLS = { enterprise: enterprisePasskeys, admin: adminPasskeys } as const;
const AUTH = { enterprise: enterpriseAuth, admin: adminAuth } as const;
const PASSWORD = 'Coach-demo-2026';

/** The test app's public URL is http://localhost:3000: its RP ID is localhost and its origin that URL. */
const device = softwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:3000' });
/** The same authenticator used on another site's page, with that site's RP ID. */
const elsewhere = softwareAuthenticator({ rpId: 'evil.example', origin: 'https://evil.example' });

const as = (audience: Audience, token: string, ip: string) =>
  audience === 'admin' ? { adminToken: token, ip } : { token, ip };

/** Adds a passkey to a signed-in account: options, the authenticator makes the key, verify with its name. */
const addPasskey = async (
  audience: Audience,
  token: string,
  ip: string,
  { name = 'Work laptop', spoil = {}, authenticator = device } = {} as {
    name?: string;
    spoil?: Spoil;
    authenticator?: ReturnType<typeof softwareAuthenticator>;
  },
) => {
  const start = await t.request('POST', CALLS[audience].registerOptions.path, {
    ...as(audience, token, ip),
    body: {},
  });
  expect(start.status, start.json.message).toBe(200);
  const { options } = start.json.response;
  expect(options.rp.id).toBe('localhost');
  expect(options.authenticatorSelection).toMatchObject({
    residentKey: 'required',
    userVerification: 'required',
  });
  const { passkey, credential } = authenticator.create(options, spoil);
  const res = await t.request('POST', CALLS[audience].registerVerify.path, {
    ...as(audience, token, ip),
    body: { name, credential },
  });
  return { res, passkey, credential };
};

const addedPasskey = async (audience: Audience, token: string, ip: string, name = 'Work laptop') => {
  const { res, passkey } = await addPasskey(audience, token, ip, { name });
  expect(res.status, res.json.message).toBe(200);
  return { passkey, id: res.json.response._id as string };
};

/** Password step, then the passkey as the second factor. */
const secondFactor = async (
  audience: Audience,
  email: string,
  passkey: SoftPasskey,
  ip: string,
  spoil: Spoil = {},
) => {
  const pre = await t.preMfaLogin(email, audience, ip);
  const options = await t.request('POST', CALLS[audience].secondFactorOptions.path, {
    ...as(audience, pre, ip),
    body: {},
  });
  expect(options.status, options.json.message).toBe(200);
  const credential = device.get(passkey, options.json.response.options, spoil);
  const res = await t.request('POST', CALLS[audience].verifySecondFactor.path, {
    ...as(audience, pre, ip),
    body: { credential },
  });
  return { pre, res, credential, options: options.json.response.options };
};

/** The whole sign-in with the passkey: options with no token, then the assertion with the flow id. */
const passwordless = async (audience: Audience, passkey: SoftPasskey, ip: string, spoil: Spoil = {}) => {
  const options = await t.request('POST', CALLS[audience].loginOptions.path, { ip, body: {} });
  expect(options.status, options.json.message).toBe(200);
  const { flowId } = options.json.response;
  expect(options.json.response.options.allowCredentials ?? []).toEqual([]);
  expect(options.json.response.options.userVerification).toBe('required');
  const credential = device.get(passkey, options.json.response.options, spoil);
  const res = await t.request('POST', CALLS[audience].loginVerify.path, { ip, body: { flowId, credential } });
  return { res, flowId, credential };
};

const meOf = async (audience: Audience, token: string, ip: string) =>
  t.request('GET', AUTH[audience].me.path, as(audience, token, ip));

describe('passkeys on the profile', () => {
  it('a member adds a passkey, sees it listed, renames it and removes it with the password', async () => {
    const ip = t.freshIp();
    const email = 'member10@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const empty = await t.request('GET', enterprisePasskeys.passkeys.path, as('enterprise', token, ip));
    expect(empty.json.response).toEqual({ passkeys: [] });

    const { res } = await addPasskey('enterprise', token, ip, { name: '  Work laptop  ' });
    expect(res.status, res.json.message).toBe(200);
    expect(res.json.message).toBe('Passkey added');
    const added = res.json.response;
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null, deviceType: 'singleDevice' });
    expect(t.lastMail(email)).toContain('A passkey was added to your Coach account');

    const listed = await t.request('GET', enterprisePasskeys.passkeys.path, as('enterprise', token, ip));
    expect(listed.json.response.passkeys).toEqual([added]);
    const factors = await t.request('GET', enterpriseFactors.factors.path, as('enterprise', token, ip));
    expect(factors.json.response.passkeys).toBe(1);

    const renamed = await t.request('POST', enterprisePasskeys.rename.path, {
      ...as('enterprise', token, ip),
      body: { passkeyId: added._id, name: 'Phone' },
    });
    expect(renamed.status, renamed.json.message).toBe(200);
    expect(renamed.json.response.name).toBe('Phone');
    expect(t.lastMail(email)).toContain('A passkey of your Coach account was renamed');

    const wrong = await t.request('POST', enterprisePasskeys.remove.path, {
      ...as('enterprise', token, ip),
      body: { passkeyId: added._id, password: 'not-my-password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.field).toBe('password');
    expect(
      (await t.request('GET', enterprisePasskeys.passkeys.path, as('enterprise', token, ip))).json.response
        .passkeys,
    ).toHaveLength(1);
    const removed = await t.request('POST', enterprisePasskeys.remove.path, {
      ...as('enterprise', token, ip),
      body: { passkeyId: added._id, password: PASSWORD },
    });
    expect(removed.status, removed.json.message).toBe(200);
    expect(t.lastMail(email)).toContain('A passkey was removed from your Coach account');
    expect(
      (await t.request('GET', enterprisePasskeys.passkeys.path, as('enterprise', token, ip))).json.response,
    ).toEqual({ passkeys: [] });

    // Every change is on the audit log, with the member and the passkey.
    const me = (await meOf('enterprise', token, ip)).json.response._id as string;
    const audited = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', me)
      .where('action', 'like', 'factor.passkey-%')
      .orderBy('created_at')
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'factor.passkey-added',
      'factor.passkey-renamed',
      'factor.passkey-removed',
    ]);
    expect(JSON.parse(audited[1]?.details ?? '{}')).toMatchObject({ from: 'Work laptop', to: 'Phone' });
  });

  it("the public key is kept, not the private one, and a member cannot rename or remove another's passkey", async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('member11@acme.example', 'enterprise', ip);
    const { id } = await addedPasskey('enterprise', owner, ip);
    const stored = await t.deps.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.audience).toBe('enterprise');
    expect(stored.enterprise_id).not.toBeNull();
    expect(JSON.parse(stored.transports)).toEqual(['internal']);
    expect(Buffer.from(stored.public_key, 'base64url').length).toBeGreaterThan(64);

    const other = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const rename = await t.request('POST', enterprisePasskeys.rename.path, {
      ...as('enterprise', other, ip),
      body: { passkeyId: id, name: 'Mine now' },
    });
    expect(rename.status).toBe(404);
    const remove = await t.request('POST', enterprisePasskeys.remove.path, {
      ...as('enterprise', other, ip),
      body: { passkeyId: id, password: PASSWORD },
    });
    expect(remove.status).toBe(404);
    // A token from the password step alone cannot add one, nor can a caller with no token.
    const pre = await t.preMfaLogin('member11@acme.example', 'enterprise', ip);
    const early = await t.request('POST', enterprisePasskeys.registerOptions.path, {
      token: pre,
      ip,
      body: {},
    });
    expect(early.status).toBe(403);
    expect((await t.request('GET', enterprisePasskeys.passkeys.path, { ip })).status).toBe(401);
  });

  it('a passkey made for another site is refused with a clear message', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member12@acme.example', 'enterprise', ip);
    const rpId = await addPasskey('enterprise', token, ip, { authenticator: elsewhere, spoil: {} });
    expect(rpId.res.status).toBe(422);
    expect(rpId.res.json.field).toBe('credential');
    expect(rpId.res.json.message).toBe(
      'credential: This passkey belongs to another site and cannot sign in here',
    );
    // Our RP ID, but made on another site's page.
    const origin = await addPasskey('enterprise', token, ip, { spoil: { origin: 'https://evil.example' } });
    expect(origin.res.status).toBe(422);
    expect(origin.res.json.message).toMatch(/belongs to another site/);
    // The same key made honestly is taken, and the same credential cannot be registered twice.
    const { res, credential } = await addPasskey('enterprise', token, ip);
    expect(res.status, res.json.message).toBe(200);
    const again = await t.request('POST', enterprisePasskeys.registerOptions.path, {
      ...as('enterprise', token, ip),
      body: {},
    });
    // The device's key is listed so the browser does not make a second one on it.
    expect(again.json.response.options.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('a registration without user verification or with a used challenge is refused', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member13@acme.example', 'enterprise', ip);
    const noUv = await addPasskey('enterprise', token, ip, { spoil: { userVerified: false } });
    expect(noUv.res.status).toBe(422);
    expect(noUv.res.json.message).toMatch(/confirm it was you/);
    // That answer took the challenge: sending a good answer to it again finds none.
    const { res, credential } = await addPasskey('enterprise', token, ip);
    expect(res.status).toBe(200);
    const replay = await t.request('POST', enterprisePasskeys.registerVerify.path, {
      ...as('enterprise', token, ip),
      body: { name: 'Again', credential },
    });
    expect(replay.status).toBe(422);
    expect(replay.json.message).toMatch(/expired or was used already/);
  });
});

describe('signing in with a passkey', () => {
  it('after the password, a passkey is the second factor and gives a verified session', async () => {
    const ip = t.freshIp();
    const email = 'member14@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey, id } = await addedPasskey('enterprise', token, ip);
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    const details = await t.request('POST', enterpriseAuth.mfaDetails.path, { token: pre, ip, body: {} });
    expect(details.json.response.passkeys).toBe(true);
    // The half-done session reaches nothing else.
    expect((await meOf('enterprise', pre, ip)).status).toBe(403);

    const { res, options } = await secondFactor('enterprise', email, passkey, ip);
    expect(res.status, res.json.message).toBe(200);
    expect(options.allowCredentials).toEqual([
      { id: passkey.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    const full = res.json.response.accesstoken as string;
    const me = await meOf('enterprise', full, ip);
    expect(me.status).toBe(200);
    expect(me.json.response.email).toBe(email);
    const listed = await t.request('GET', enterprisePasskeys.passkeys.path, as('enterprise', full, ip));
    const used = listed.json.response.passkeys.find((p: { _id: string }) => p._id === id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('a passkey alone signs a member in, with no password and no token', async () => {
    const ip = t.freshIp();
    const email = 'member15@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const { res } = await passwordless('enterprise', passkey, ip);
    expect(res.status, res.json.message).toBe(200);
    expect(res.json.response.expiresInSeconds).toBeGreaterThan(0);
    const me = await meOf('enterprise', res.json.response.accesstoken, ip);
    expect(me.status).toBe(200);
    expect(me.json.response.email).toBe(email);
    // A new session of the member's, already verified.
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select(['verified_at'])
      .where('subject_id', '=', me.json.response._id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(sessions.verified_at).not.toBeNull();
  });

  it('where the organisation requires single sign-on, a passkey alone does not sign a member in', async () => {
    const ip = t.freshIp();
    const email = 'member17@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const acme = await t.deps.db
      .selectFrom('users')
      .select(['enterprise_id', 'role_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.deps.db
      .insertInto('sso_connections')
      .values({
        enterprise_id: acme.enterprise_id,
        issuer: 'https://login.acme.example',
        client_id: 'coach',
        client_secret: 'sealed',
        default_role_id: acme.role_id,
        require_sso: 1,
        domain_token: 'token',
        created_at: now,
        updated_at: now,
      })
      .execute();
    try {
      const { res } = await passwordless('enterprise', passkey, ip);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('SSO_REQUIRED');
    } finally {
      await t.deps.db.deleteFrom('sso_connections').where('enterprise_id', '=', acme.enterprise_id).execute();
    }
  });

  it('a passkey used on another site (its RP ID hash or its origin) is refused with a 4xx and a clear message', async () => {
    const ip = t.freshIp();
    const email = 'member16@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const rpId = await passwordless('enterprise', passkey, ip, { rpId: 'evil.example' });
    expect(rpId.res.status).toBe(422);
    expect(rpId.res.json.message).toBe(
      'credential: This passkey belongs to another site and cannot sign in here',
    );
    const origin = await passwordless('enterprise', passkey, ip, { origin: 'https://evil.example' });
    expect(origin.res.status).toBe(422);
    expect(origin.res.json.message).toMatch(/belongs to another site/);
    const asSecond = await secondFactor('enterprise', email, passkey, ip, {
      origin: 'https://coach.evil.example',
    });
    expect(asSecond.res.status).toBe(422);
    expect(asSecond.res.json.message).toMatch(/belongs to another site/);
    // A plain-http look-alike on another port is another origin too.
    const port = await passwordless('enterprise', passkey, ip, { origin: 'http://localhost:3001' });
    expect(port.res.status).toBe(422);
  });

  it('an origin listed in WEBAUTHN_ORIGINS may use passkeys too', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member17@acme.example', 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    t.deps.config.webauthnOrigins = ['http://localhost:5173'];
    try {
      const { res } = await passwordless('enterprise', passkey, ip, { origin: 'http://localhost:5173' });
      expect(res.status, res.json.message).toBe(200);
    } finally {
      t.deps.config.webauthnOrigins = [];
    }
  });

  it('a replayed challenge is refused: each serves one answer, and an expired one none', async () => {
    const ip = t.freshIp();
    const email = 'member18@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const { res, flowId, credential } = await passwordless('enterprise', passkey, ip);
    expect(res.status).toBe(200);
    const replay = await t.request('POST', enterprisePasskeys.loginVerify.path, {
      ip,
      body: { flowId, credential },
    });
    expect(replay.status).toBe(422);
    expect(replay.json.message).toMatch(/expired or was used already/);
    // The second factor's challenge is single-use too.
    const first = await secondFactor('enterprise', email, passkey, ip);
    expect(first.res.status).toBe(200);
    const again = await t.request('POST', enterprisePasskeys.verifySecondFactor.path, {
      token: first.pre,
      ip,
      body: { credential: first.credential },
    });
    // The session is verified now, so the token's answer is refused whatever it carries; a fresh password step
    // with the old assertion meets a challenge it was not made for.
    expect(again.status).toBeGreaterThanOrEqual(400);
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    const stale = await t.request('POST', enterprisePasskeys.verifySecondFactor.path, {
      token: pre,
      ip,
      body: { credential: first.credential },
    });
    expect(stale.status).toBe(422);
    // A challenge older than 5 minutes is gone.
    const options = await t.request('POST', enterprisePasskeys.loginOptions.path, { ip, body: {} });
    await t.deps.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('session_key', '=', options.json.response.flowId)
      .execute();
    const late = await t.request('POST', enterprisePasskeys.loginVerify.path, {
      ip,
      body: {
        flowId: options.json.response.flowId,
        credential: device.get(passkey, options.json.response.options),
      },
    });
    expect(late.status).toBe(422);
    expect(late.json.message).toMatch(/expired or was used already/);
  });

  it('a passkey of another member, tenant or audience is refused', async () => {
    const ip = t.freshIp();
    const acme = await t.fullLogin('member19@acme.example', 'enterprise', ip);
    const { passkey: acmeKey } = await addedPasskey('enterprise', acme, ip);
    const globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const { passkey: globexKey } = await addedPasskey('enterprise', globex, ip);
    // member20 has no passkey yet: the second factor's options call itself refuses.
    const none = await t.request('POST', enterprisePasskeys.secondFactorOptions.path, {
      token: await t.preMfaLogin('member20@acme.example', 'enterprise', ip),
      ip,
      body: {},
    });
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('No passkey is set up for this account');
    // Another member of the same tenant, and a member of another tenant, as the second factor.
    const member20 = await t.fullLogin('member20@acme.example', 'enterprise', ip);
    await addedPasskey('enterprise', member20, ip);
    const other = await secondFactor('enterprise', 'member20@acme.example', acmeKey, ip);
    expect(other.res.status).toBe(422);
    expect(other.res.json.message).toBe('credential: This passkey is not registered to this account');
    const otherTenant = await secondFactor('enterprise', 'member20@acme.example', globexKey, ip);
    expect(otherTenant.res.status).toBe(422);
    expect(otherTenant.res.json.message).toMatch(/not registered to this account/);
    // A member's passkey does not sign in at the platform admin's door.
    const admin = await passwordless('admin', acmeKey, ip);
    expect(admin.res.status).toBe(422);
    expect(admin.res.json.message).toBe('credential: This passkey is not registered here');
    // A key the server never saw.
    const unknown = device.create({ challenge: 'x', user: { id: 'nobody' } }).passkey;
    const stranger = await passwordless('enterprise', unknown, ip);
    expect(stranger.res.status).toBe(422);
  });

  it('a counter that goes back (a copied key) is refused', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member21@acme.example', 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    passkey.counter = 9;
    expect((await passwordless('enterprise', passkey, ip)).res.status).toBe(200);
    const back = await passwordless('enterprise', passkey, ip, { counter: 5 });
    expect(back.res.status).toBe(422);
    expect(back.res.json.message).toMatch(/older use than one already seen/);
    const same = await passwordless('enterprise', passkey, ip, { counter: 10 });
    expect(same.res.status).toBe(422);
    expect((await passwordless('enterprise', passkey, ip, { counter: 11 })).res.status).toBe(200);
    const stored = await t.deps.db
      .selectFrom('passkeys')
      .select('counter')
      .where('credential_id', '=', passkey.credentialId.toString('base64url'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(11);
  });

  it('an answer without user verification is refused: a passkey alone must prove who holds it', async () => {
    const ip = t.freshIp();
    const email = 'member25@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const alone = await passwordless('enterprise', passkey, ip, { userVerified: false });
    expect(alone.res.status).toBe(422);
    expect(alone.res.json.message).toBe(
      'credential: The passkey did not confirm it was you: use your PIN, fingerprint or face',
    );
    const second = await secondFactor('enterprise', email, passkey, ip, { userVerified: false });
    expect(second.res.status).toBe(422);
  });

  it('an account keeps at most 20 passkeys', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member26@acme.example', 'enterprise', ip);
    const { id } = await addedPasskey('enterprise', token, ip);
    const row = await t.deps.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: 19 }, (_, i) => ({
          ...row,
          id: `${id}-${i}`,
          credential_id: `${row.credential_id}${i}`,
          name: `Key ${i}`,
        })),
      )
      .execute();
    const full = await t.request('POST', enterprisePasskeys.registerOptions.path, {
      ...as('enterprise', token, ip),
      body: {},
    });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe('An account keeps at most 20 passkeys: remove one first');
  });

  it('a deactivated member cannot sign in with a passkey; a deleted one leaves no passkey behind', async () => {
    const ip = t.freshIp();
    const email = 'member22@acme.example';
    const token = await t.fullLogin(email, 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const memberId = (await meOf('enterprise', token, ip)).json.response._id as string;
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const off = await t.request('POST', members.changeStatus.path, {
      token: owner,
      ip,
      body: { memberId, status: 'Inactive' },
    });
    expect(off.status, off.json.message).toBe(200);
    const { res } = await passwordless('enterprise', passkey, ip);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Your account is not active');

    const deleted = await t.request('POST', members.remove.path, {
      token: owner,
      ip,
      body: { memberId },
    });
    expect(deleted.status, deleted.json.message).toBe(200);
    const left = await t.deps.db
      .selectFrom('passkeys')
      .select('id')
      .where('subject_id', '=', memberId)
      .execute();
    expect(left).toEqual([]);
  });

  it('passwordless failures are throttled like password failures', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member23@acme.example', 'enterprise', ip);
    const { passkey } = await addedPasskey('enterprise', token, ip);
    // A sign-in place the member has used is the owner's: failures from elsewhere are what is throttled.
    const away = t.freshIp();
    for (let i = 0; i < 5; i++)
      expect((await passwordless('enterprise', passkey, away, { rpId: 'evil.example' })).res.status).toBe(
        422,
      );
    const blocked = await passwordless('enterprise', passkey, away);
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('a platform admin adds a passkey and signs in with it, as the second factor or alone', async () => {
    const ip = t.freshIp();
    const email = 'admin@coach.example';
    const token = await t.fullLogin(email, 'admin', ip);
    const { passkey } = await addedPasskey('admin', token, ip, 'Security key');
    const second = await secondFactor('admin', email, passkey, ip);
    expect(second.res.status, second.res.json.message).toBe(200);
    const alone = await passwordless('admin', passkey, ip);
    expect(alone.res.status, alone.res.json.message).toBe(200);
    expect((await meOf('admin', alone.res.json.response.accesstoken, ip)).status).toBe(200);
    // An admin's passkey is not an enterprise member's.
    expect((await passwordless('enterprise', passkey, ip)).res.status).toBe(422);
  });

  it("the platform admin's enterprise detail counts the members with a passkey", async () => {
    const ip = t.freshIp();
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const acme = (await meOf('enterprise', owner, ip)).json.response.enterpriseId._id as string;
    const before = await t.request('GET', `${adminEnterprises.detail.path}?enterpriseId=${acme}`, {
      adminToken: admin,
      ip,
    });
    expect(before.status, before.json.message).toBe(200);
    const count = before.json.response.signInMethods.passkeys as number;
    await addedPasskey('enterprise', owner, ip, 'One');
    await addedPasskey('enterprise', owner, ip, 'Two');
    const after = await t.request('GET', `${adminEnterprises.detail.path}?enterpriseId=${acme}`, {
      adminToken: admin,
      ip,
    });
    expect(after.json.response.signInMethods.passkeys).toBe(count + 1);
  });

  it('a platform admin logged in as an enterprise cannot add a passkey to the member it stands for', async () => {
    const ip = t.freshIp();
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const acme = (await meOf('enterprise', owner, ip)).json.response.enterpriseId._id as string;
    const loggedIn = await t.request('POST', adminEnterprises.loginAs.path, {
      ip,
      adminToken: admin,
      body: { enterpriseId: acme },
    });
    expect(loggedIn.status, loggedIn.json.message).toBe(200);
    const refused = await t.request('POST', enterprisePasskeys.registerOptions.path, {
      token: loggedIn.json.response.accesstoken,
      ip,
      body: {},
    });
    expect(refused.status).toBe(403);
  });
});

describe('bad passkey input gets 422 naming the field, never a 500', () => {
  it('names, ids, flow ids and credentials that are not what the browser sends', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('member24@acme.example', 'enterprise', ip);
    const start = await t.request('POST', enterprisePasskeys.registerOptions.path, {
      ...as('enterprise', token, ip),
      body: {},
    });
    const { credential } = device.create(start.json.response.options);
    const cases: { path: string; body: unknown; field: string; auth?: boolean }[] = [
      {
        path: enterprisePasskeys.registerVerify.path,
        body: { name: '', credential },
        field: 'name',
        auth: true,
      },
      {
        path: enterprisePasskeys.registerVerify.path,
        body: { name: '   ', credential },
        field: 'name',
        auth: true,
      },
      {
        path: enterprisePasskeys.registerVerify.path,
        body: { name: 'x'.repeat(61), credential },
        field: 'name',
        auth: true,
      },
      {
        path: enterprisePasskeys.registerVerify.path,
        body: { name: 'Key' },
        field: 'credential',
        auth: true,
      },
      {
        path: enterprisePasskeys.registerVerify.path,
        body: {
          name: 'Key',
          credential: { ...credential, response: { ...credential.response, attestationObject: 'AAAA' } },
        },
        field: 'credential',
        auth: true,
      },
      {
        path: enterprisePasskeys.registerVerify.path,
        body: { name: 'Key', credential: { ...credential, id: 'not base64url!' } },
        field: 'credential.id',
        auth: true,
      },
      { path: enterprisePasskeys.rename.path, body: { passkeyId: 'x', name: '' }, field: 'name', auth: true },
      { path: enterprisePasskeys.remove.path, body: { passkeyId: 'x' }, field: 'password', auth: true },
      { path: enterprisePasskeys.loginVerify.path, body: { credential: {} }, field: 'flowId' },
      {
        path: enterprisePasskeys.loginVerify.path,
        body: {
          flowId: 'f',
          credential: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
            clientExtensionResults: {},
          },
        },
        field: 'credential',
      },
    ];
    for (const c of cases) {
      const res = await t.request('POST', c.path, {
        ...(c.auth ? as('enterprise', token, ip) : { ip }),
        body: c.body,
      });
      expect(res.status, `${c.path} ${JSON.stringify(c.body).slice(0, 80)}: ${res.json.message}`).toBe(422);
      expect(res.json.field?.startsWith(c.field), `${res.json.field} for ${c.field}`).toBe(true);
    }
    // Garbage bytes that pass the schema reach the WebAuthn checks and are refused there, not crashed on.
    const { passkey } = await addedPasskey('enterprise', token, ip);
    const options = await t.request('POST', enterprisePasskeys.loginOptions.path, { ip, body: {} });
    const garbage = await t.request('POST', enterprisePasskeys.loginVerify.path, {
      ip: t.freshIp(),
      body: {
        flowId: options.json.response.flowId,
        credential: {
          id: passkey.credentialId.toString('base64url'),
          rawId: passkey.credentialId.toString('base64url'),
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    });
    expect(garbage.status).toBe(422);
    expect(garbage.json.field).toBe('credential');
  });
});
