import type { AddressInfo } from 'node:net';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { lti } from '@coach/shared/contract/lti';
import { serve } from '@hono/node-server';
import fc from 'fast-check';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

/**
 * LTI 1.3 launches from a mock LMS on real HTTP: the platform publishes its own keyset and signs its id tokens with
 * jose, as Moodle or Canvas do; the tool reads the keyset over HTTP. Each refusal of the 1EdTech security framework
 * (another platform's token, a replayed login, a wrong deployment, an expired token…) is a 4xx page saying why,
 * and audited.
 */

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const ip = '10.20.41.1';
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let globex: string;
let tool = '';
let toolServer: ReturnType<typeof serve>;
let lms: ReturnType<typeof serve>;
let lmsOrigin = '';
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let platformKey: PrivateKey;
let strangerKey: PrivateKey;
let platformId = '';

const ISSUER = 'https://moodle.acme.example';
const CLIENT_ID = 'coach-tool-1';
const DEPLOYMENT = 'dep-1';

beforeAll(async () => {
  t = await createTestApp();
  t.deps.config.ssoAllowPrivate = true;
  ({ owner, staff, globex } = await t.signInSeeded(ip));
  const pair = await generateKeyPair('RS256', { extractable: true });
  platformKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'lms-key-1', alg: 'RS256', use: 'sig' };
  // The mock LMS: its keyset, and an authorisation endpoint (the test plays the browser that follows it).
  const platform = new Hono();
  platform.get('/jwks', (c) => c.json({ keys: [jwk] }));
  await new Promise<void>((resolve) => {
    lms = serve({ fetch: platform.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  lmsOrigin = `http://127.0.0.1:${(lms.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => {
    toolServer = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  tool = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => lms?.close(resolve));
  await new Promise((resolve) => toolServer?.close(resolve));
  await t?.close();
});

const savePlatform = (token: string, body: Record<string, unknown>) =>
  t.request('POST', lti.savePlatform.path, { token, ip, body });

const platformBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Moodle',
  issuer: ISSUER,
  clientId: CLIENT_ID,
  deploymentIds: [DEPLOYMENT],
  keysetUrl: `${lmsOrigin}/jwks`,
  authUrl: `${lmsOrigin}/auth`,
  tokenUrl: `${lmsOrigin}/token`,
  ...overrides,
});

/** The platform's login initiation, as the browser brings it; answers the tool's redirect to the platform. */
const initiate = async (params: Record<string, string>) => {
  const res = await fetch(`${tool}/lti/login?${new URLSearchParams(params)}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
};

const loginParams = (overrides: Record<string, string> = {}) => ({
  iss: ISSUER,
  client_id: CLIENT_ID,
  login_hint: 'lms-user-42',
  target_link_uri: `${t.deps.config.publicUrl}/enterprise/my-tasks`,
  lti_deployment_id: DEPLOYMENT,
  ...overrides,
});

type Person = { sub: string; email: string; name: string; roles: string[] };
const LEARNER: Person = {
  sub: 'lms-user-42',
  email: 'lina.lms@acme.example',
  name: 'Lina Launch',
  roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
};

/** The platform's id token for this login (state and nonce from the tool's redirect), signed as told. */
const idToken = async (
  nonce: string,
  person: Person,
  {
    key = platformKey,
    kid = 'lms-key-1',
    iss = ISSUER,
    aud = CLIENT_ID as string | string[],
    deployment = DEPLOYMENT,
    expiresIn = '5m' as string | number,
    extra = {} as Record<string, unknown>,
  } = {},
) =>
  new SignJWT({
    nonce,
    email: person.email,
    name: person.name,
    [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}deployment_id`]: deployment,
    [`${CLAIM}target_link_uri`]: `${t.deps.config.publicUrl}/enterprise/my-tasks`,
    [`${CLAIM}resource_link`]: { id: 'rl-1', title: 'Pronunciation practice' },
    [`${CLAIM}roles`]: person.roles,
    ...extra,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(person.sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);

/** The browser's form POST of the platform's answer to the tool. */
const postLaunch = async (form: Record<string, string>) => {
  const res = await fetch(`${tool}/lti/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
};

/** A whole login: initiation, then the platform's token made by `sign` for the state and nonce the tool sent. */
const launch = async (sign: (nonce: string) => Promise<string>) => {
  const started = await initiate(loginParams());
  expect(started.status, started.text).toBe(302);
  const sent = new URL(started.location);
  const state = sent.searchParams.get('state') ?? '';
  const nonce = sent.searchParams.get('nonce') ?? '';
  return { state, nonce, answer: await postLaunch({ id_token: await sign(nonce), state }) };
};

const refusals = async () =>
  (
    await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'lti.%.refused')
      .orderBy('created_at', 'desc')
      .execute()
  ).map((row) => ({
    action: row.action,
    ...(JSON.parse(row.details) as { status: number; reason: string }),
  }));

describe('LTI platforms in Settings', () => {
  it('the default admin registers a platform and gets the values to paste into the LMS', async () => {
    const saved = await savePlatform(owner, platformBody());
    expect(saved.status, saved.json.message).toBe(200);
    platformId = saved.json.response._id;
    const settings = await t.request('GET', lti.settings.path, { token: owner, ip });
    expect(settings.status).toBe(200);
    const base = t.deps.config.publicUrl;
    expect(settings.json.response.tool).toEqual({
      loginUrl: `${base}/lti/login`,
      launchUrl: `${base}/lti/launch`,
      keysetUrl: `${base}/lti/jwks`,
      deepLinkingUrl: `${base}/lti/launch`,
    });
    expect(settings.json.response.platforms).toEqual([
      expect.objectContaining({ _id: platformId, deploymentIds: [DEPLOYMENT] }),
    ]);
  });

  it('refuses anyone but the default admin, a second platform with the same issuer and client id, and bad URLs', async () => {
    expect((await t.request('GET', lti.settings.path, { token: staff, ip })).status).toBe(403);
    expect((await savePlatform(staff, platformBody({ clientId: 'x' }))).status).toBe(403);
    const twice = await savePlatform(globex, platformBody());
    expect(twice.status).toBe(409);
    const bad = await savePlatform(owner, platformBody({ keysetUrl: 'not a url', clientId: 'other' }));
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('keysetUrl');
    const empty = await savePlatform(owner, platformBody({ deploymentIds: [], clientId: 'other' }));
    expect(empty.json.field).toBe('deploymentIds');
    // Another enterprise cannot change or remove Acme's platform.
    expect((await savePlatform(globex, platformBody({ platformId, clientId: 'hijack' }))).status).toBe(404);
    expect(
      (await t.request('POST', lti.removePlatform.path, { token: globex, ip, body: { platformId } })).status,
    ).toBe(404);
  });

  it('publishes the tool keyset, and a key older than LTI_KEY_DAYS is replaced while the old one stays listed', async () => {
    const first = (await (await fetch(`${tool}/lti/jwks`)).json()) as { keys: JWK[] };
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(first.keys[0]).not.toHaveProperty('d');
    await t.deps.db
      .updateTable('lti_tool_keys')
      .set({ created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() })
      .execute();
    const { signingKey } = await import('../services/lti/tool-keys.ts');
    const ctx = { ...t.deps } as unknown as Parameters<typeof signingKey>[0];
    const now = await signingKey(ctx);
    expect(now.kid).not.toBe(first.keys[0]?.kid);
    const after = (await (await fetch(`${tool}/lti/jwks`)).json()) as { keys: JWK[] };
    expect(after.keys.map((k) => k.kid)).toEqual([now.kid, first.keys[0]?.kid]);
  });
});

describe('LTI launch', () => {
  it('a learner launches, becomes a member of the enterprise, and lands on the linked page signed in', async () => {
    const { answer } = await launch((nonce) => idToken(nonce, LEARNER));
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toMatch(
      new RegExp(`^${t.deps.config.publicUrl}/lti/continue#[A-Za-z0-9_-]{43}$`),
    );
    const code = answer.location.split('#')[1] ?? '';
    const done = await t.request('POST', lti.complete.path, { ip, body: { code } });
    expect(done.status, done.json.message).toBe(200);
    expect(done.json.response.target).toBe('/enterprise/my-tasks');
    const me = await t.request('GET', enterpriseAuth.me.path, { token: done.json.response.accesstoken, ip });
    expect(me.status).toBe(200);
    expect(me.json.response).toMatchObject({
      email: LEARNER.email,
      name: LEARNER.name,
      enterpriseId: { company_name: 'Acme Learning' },
    });
    expect(me.json.response.roleId.name).toBe('Learner');
    // The code was spent.
    expect((await t.request('POST', lti.complete.path, { ip, body: { code } })).status).toBe(401);
    // The next launch finds the same member by the platform's sub, even with another address.
    const again = await launch((nonce) => idToken(nonce, { ...LEARNER, email: 'renamed@acme.example' }));
    expect(again.answer.status).toBe(303);
    const members = await t.deps.db
      .selectFrom('lti_accounts')
      .select('user_id')
      .where('subject', '=', LEARNER.sub)
      .execute();
    expect(members).toHaveLength(1);
  });

  it('an instructor gets the role named Instructor', async () => {
    const teacher = {
      sub: 'lms-teacher-7',
      email: 'ines.lms@acme.example',
      name: 'Ines Instructor',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    };
    const { answer } = await launch((nonce) => idToken(nonce, teacher));
    const code = answer.location.split('#')[1] ?? '';
    const done = await t.request('POST', lti.complete.path, { ip, body: { code } });
    const me = await t.request('GET', enterpriseAuth.me.path, { token: done.json.response.accesstoken, ip });
    expect(me.json.response.roleId.name).toBe('Instructor');
  });

  it('refuses, with a reason, and audits: another platform’s key, another issuer, another tool, an expired token', async () => {
    const cases: [string, (nonce: string) => Promise<string>, number, RegExp][] = [
      [
        'signed by a stranger',
        (n) => idToken(n, LEARNER, { key: strangerKey }),
        401,
        /not signed by a key of the platform/,
      ],
      [
        'another issuer',
        (n) => idToken(n, LEARNER, { iss: 'https://canvas.evil.example' }),
        401,
        /another platform \(iss\)/,
      ],
      ['another tool', (n) => idToken(n, LEARNER, { aud: 'someone-else' }), 401, /another tool \(aud\)/],
      ['two audiences, no azp', (n) => idToken(n, LEARNER, { aud: [CLIENT_ID, 'other'] }), 401, /azp/],
      [
        'expired',
        (n) => idToken(n, LEARNER, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
        401,
        /expired/,
      ],
      [
        'wrong deployment',
        (n) => idToken(n, LEARNER, { deployment: 'dep-unknown' }),
        403,
        /Deployment dep-unknown is not registered/,
      ],
      ['wrong nonce', () => idToken('not-the-nonce', LEARNER), 401, /nonce/],
      ['not LTI 1.3', (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}version`]: '1.1' } }), 400, /1\.3\.0/],
      [
        'no resource link',
        (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}resource_link`]: { title: 'x' } } }),
        400,
        /resource_link\.id/,
      ],
      [
        'no roles claim',
        (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}roles`]: undefined } }),
        400,
        /roles claim/,
      ],
      [
        'deep linking',
        (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest' } }),
        400,
        /not LtiDeepLinkingRequest/,
      ],
      [
        'the default admin',
        (n) => idToken(n, { ...LEARNER, sub: 'boss', email: 'owner@acme.example' }),
        403,
        /default admin/,
      ],
      [
        'another enterprise’s member',
        (n) => idToken(n, { ...LEARNER, sub: 'g1', email: 'owner@globex.example' }),
        403,
        /another organisation/,
      ],
    ];
    for (const [what, sign, status, reason] of cases) {
      const { answer } = await launch(sign);
      expect(answer.status, what).toBe(status);
      expect(answer.text, what).toMatch(reason);
      expect((await refusals())[0], what).toMatchObject({ action: 'lti.launch.refused', status });
    }
  });

  it('a login is answered once: a replayed state or id token is refused', async () => {
    const { state, nonce, answer } = await launch((n) => idToken(n, LEARNER));
    expect(answer.status).toBe(303);
    const replay = await postLaunch({ id_token: await idToken(nonce, LEARNER), state });
    expect(replay.status).toBe(401);
    expect(replay.text).toMatch(/expired or was already used/);
    expect((await postLaunch({ id_token: await idToken(nonce, LEARNER), state: 'made-up' })).status).toBe(
      401,
    );
  });

  it('refuses logins that name no registered platform or point elsewhere', async () => {
    const unknown = await initiate(loginParams({ iss: 'https://unknown.example' }));
    expect(unknown.status).toBe(404);
    const elsewhere = await initiate(loginParams({ target_link_uri: 'https://evil.example/phish' }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toMatch(/target_link_uri/);
    const deployment = await initiate(loginParams({ lti_deployment_id: 'nope' }));
    expect(deployment.status).toBe(403);
    const noHint = await initiate(loginParams({ login_hint: '' }));
    expect(noHint.status).toBe(400);
    expect((await refusals())[0]).toMatchObject({ action: 'lti.login.refused', status: 400 });
  });

  it('a member deactivated after the launch cannot use its code', async () => {
    const person = { ...LEARNER, sub: 'lms-user-99', email: 'dora.lms@acme.example' };
    const first = await launch((n) => idToken(n, person));
    await t.request('POST', lti.complete.path, { ip, body: { code: first.answer.location.split('#')[1] } });
    const { answer } = await launch((n) => idToken(n, person));
    const code = answer.location.split('#')[1] ?? '';
    await t.deps.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', person.email)
      .execute();
    const done = await t.request('POST', lti.complete.path, { ip, body: { code } });
    expect(done.status).toBe(403);
  });

  it('any login or launch a browser could send answers below 500', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', ISSUER, CLIENT_ID, DEPLOYMENT, 'a'.repeat(5000), '%00', 'eyJhbGciOiJub25lIn0.e30.'),
    );
    const fields = fc.dictionary(
      fc.constantFrom(
        'iss',
        'login_hint',
        'target_link_uri',
        'client_id',
        'lti_deployment_id',
        'id_token',
        'state',
        'x',
      ),
      text,
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('login-get', 'login-post', 'launch'), fields, async (kind, form) => {
        const res =
          kind === 'login-get'
            ? await fetch(`${tool}/lti/login?${new URLSearchParams(form)}`, {
                // Each from an address of its own: refusals count per address, and this suite's own launches go on.
                headers: { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.1` },
                redirect: 'manual',
              })
            : await fetch(`${tool}/lti/${kind === 'launch' ? 'launch' : 'login'}`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/x-www-form-urlencoded',
                  'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
                },
                body: new URLSearchParams(form),
                redirect: 'manual',
              });
        await res.arrayBuffer();
        seen.add(res.status);
        expect(res.status, `${kind} ${JSON.stringify(form).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200), seed: Number(process.env.FUZZ_SEED ?? 20_261_202) },
    );
    expect([...seen].some((status) => status >= 400)).toBe(true);
  }, 120_000);

  it('removing the platform stops its launches', async () => {
    const removed = await t.request('POST', lti.removePlatform.path, {
      token: owner,
      ip,
      body: { platformId },
    });
    expect(removed.status).toBe(200);
    expect((await initiate(loginParams())).status).toBe(404);
  });
});
