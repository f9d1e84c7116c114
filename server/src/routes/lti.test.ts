import type { AddressInfo } from 'node:net';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { LTI_PATHS, lti } from '@coach/shared/contract/lti';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { tasks } from '@coach/shared/contract/tasks';
import { serve } from '@hono/node-server';
import fc from 'fast-check';
import { Hono } from 'hono';
import { createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitScoredTry } from '../testing/scored-tries.ts';
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

const AGS_LINEITEM = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';
const AGS_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
/** What the mock LMS received: tokens granted (with scopes), line items made, scores, and its roster. */
const gradebook = {
  assertions: new Set<string>(),
  tokens: new Map<string, string[]>(),
  lineItems: [] as Record<string, unknown>[],
  scores: [] as Record<string, unknown>[],
  failScores: 0,
  roster: [] as Record<string, unknown>[],
};

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
  // Its token endpoint: a client-credentials grant proven by a JWT signed with a key of the tool's keyset.
  platform.post('/token', async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    if (
      form.grant_type !== 'client_credentials' ||
      form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
    )
      return c.json({ error: 'unsupported_grant_type' }, 400);
    try {
      const { payload } = await jwtVerify(
        form.client_assertion ?? '',
        createRemoteJWKSet(new URL(`${tool}/lti/jwks`)),
        {
          issuer: CLIENT_ID,
          subject: CLIENT_ID,
          audience: `${lmsOrigin}/token`,
        },
      );
      if (!payload.jti || gradebook.assertions.has(payload.jti))
        return c.json({ error: 'invalid_client' }, 401);
      gradebook.assertions.add(payload.jti);
    } catch {
      return c.json({ error: 'invalid_client' }, 401);
    }
    const token = `tok-${crypto.randomUUID()}`;
    gradebook.tokens.set(token, (form.scope ?? '').split(' '));
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.scope });
  });
  const scopeOf = (c: { req: { header: (name: string) => string | undefined } }) =>
    gradebook.tokens.get((c.req.header('authorization') ?? '').replace(/^Bearer /, '')) ?? [];
  // AGS: the course's line items, and each line item's scores.
  platform.post('/lineitems', async (c) => {
    if (!scopeOf(c).includes(AGS_LINEITEM)) return c.json({ error: 'scope' }, 403);
    const item = {
      ...(await c.req.json()),
      id: `${lmsOrigin}/lineitems/${gradebook.lineItems.length + 100}`,
    };
    gradebook.lineItems.push(item);
    return c.json(item, 201);
  });
  platform.post('/lineitems/:item/scores', async (c) => {
    if (!scopeOf(c).includes(AGS_SCORE)) return c.json({ error: 'scope' }, 403);
    if (c.req.header('content-type') !== 'application/vnd.ims.lis.v1.score+json')
      return c.json({ error: 'content type' }, 415);
    if (gradebook.failScores > 0) {
      gradebook.failScores -= 1;
      return c.json({ error: 'down for maintenance' }, 503);
    }
    gradebook.scores.push({ lineItem: c.req.param('item'), ...(await c.req.json()) });
    return c.body(null, 204);
  });
  // NRPS: the course's roster, two pages.
  platform.get('/memberships', (c) => {
    if (!scopeOf(c).includes(NRPS)) return c.json({ error: 'scope' }, 403);
    const page = Number(c.req.query('page') ?? 1);
    const members = gradebook.roster.slice((page - 1) * 2, page * 2);
    if (page * 2 < gradebook.roster.length)
      c.header('Link', `<${lmsOrigin}/memberships?page=${page + 1}>; rel="next"`);
    c.header('Content-Type', 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
    return c.body(JSON.stringify({ id: `${lmsOrigin}/memberships`, context: { id: 'course-1' }, members }));
  });
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

/**
 * The refusals audited since the last call, oldest first by time. Two refusals may share a millisecond, so "the
 * newest" is told by the rows not seen before, never by `created_at` alone.
 */
const seenRefusals = new Set<string>();
const newRefusals = async () => {
  const rows = await t.deps.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'details'])
    .where('action', 'like', 'lti.%.refused')
    .orderBy('created_at', 'asc')
    .execute();
  const fresh = rows.filter((row) => !seenRefusals.has(row.id));
  for (const row of fresh) seenRefusals.add(row.id);
  return fresh.map((row) => ({
    action: row.action,
    ...(JSON.parse(row.details) as { status: number; reason: string }),
  }));
};

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
    // Addresses the server itself fetches must be public https ones, unless the operator allows private ones.
    t.deps.config.ssoAllowPrivate = false;
    try {
      const privateKeyset = await savePlatform(
        owner,
        platformBody({ clientId: 'other', keysetUrl: 'https://10.0.0.1/mod/lti/certs.php' }),
      );
      expect(privateKeyset.status).toBe(422);
      expect(privateKeyset.json).toMatchObject({
        field: 'keysetUrl',
        message: expect.stringMatching(/public address/),
      });
      const plainToken = await savePlatform(
        owner,
        platformBody({
          clientId: 'other',
          keysetUrl: 'https://93.184.215.14/jwks',
          tokenUrl: 'http://93.184.215.14/token',
        }),
      );
      expect(plainToken.json).toMatchObject({
        field: 'tokenUrl',
        message: expect.stringMatching(/https address/),
      });
    } finally {
      t.deps.config.ssoAllowPrivate = true;
    }
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
        'deep linking with nowhere to answer',
        (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest' } }),
        400,
        /deep_link_return_url/,
      ],
      [
        'another message type',
        (n) => idToken(n, LEARNER, { extra: { [`${CLAIM}message_type`]: 'LtiSubmissionReviewRequest' } }),
        400,
        /not LtiSubmissionReviewRequest/,
      ],
      [
        'the default admin',
        (n) => idToken(n, { ...LEARNER, sub: 'boss', email: 'owner@acme.example' }),
        403,
        /default admin/,
      ],
      [
        'a member who manages people, by email',
        (n) => idToken(n, { ...LEARNER, sub: 'staff-in-lms', email: 'staff@acme.example' }),
        403,
        /manages people, so an LMS cannot sign in as it/,
      ],
      [
        'another enterprise’s member',
        (n) => idToken(n, { ...LEARNER, sub: 'g1', email: 'owner@globex.example' }),
        403,
        /another organisation/,
      ],
    ];
    await newRefusals();
    for (const [what, sign, status, reason] of cases) {
      const { answer } = await launch(sign);
      expect(answer.status, what).toBe(status);
      expect(answer.text, what).toMatch(reason);
      expect(await newRefusals(), what).toMatchObject([{ action: 'lti.launch.refused', status }]);
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
    await newRefusals();
    const unknown = await initiate(loginParams({ iss: 'https://unknown.example' }));
    expect(unknown.status).toBe(404);
    const elsewhere = await initiate(loginParams({ target_link_uri: 'https://evil.example/phish' }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toMatch(/target_link_uri/);
    const deployment = await initiate(loginParams({ lti_deployment_id: 'nope' }));
    expect(deployment.status).toBe(403);
    const noHint = await initiate(loginParams({ login_hint: '' }));
    expect(noHint.status).toBe(400);
    const audited = await newRefusals();
    expect(audited.map((row) => row.action)).toEqual(Array(4).fill('lti.login.refused'));
    expect(audited.map((row) => row.status).sort()).toEqual([400, 400, 403, 404]);
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

  it('a linked member later given a role that manages people is no longer signed in by the LMS', async () => {
    const person = { ...LEARNER, sub: 'lms-user-77', email: 'pia.lms@acme.example' };
    const { userId } = await signIn(person);
    const options = (await t.request('GET', roles.options.path, { token: owner, ip })).json.response as {
      _id: string;
      name: string;
    }[];
    const promoted = await t.request('POST', members.update.path, {
      token: owner,
      ip,
      body: { memberId: userId, roleId: options.find((role) => role.name === 'Staff')?._id, groupIds: [] },
    });
    expect(promoted.status, promoted.json.message).toBe(200);
    const { answer } = await launch((n) => idToken(n, person));
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/manages people, so an LMS cannot sign in as it/);
  });

  it('a login drops the logins that expired unanswered, and refuses a target longer than 2,000 characters', async () => {
    await t.deps.db
      .insertInto('lti_logins')
      .values({
        state: 'never-answered',
        platform_id: platformId,
        nonce: 'n',
        target_link_uri: `${t.deps.config.publicUrl}/enterprise/my-tasks`,
        expires_at: '2000-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await initiate(loginParams())).status).toBe(302);
    const left = await t.deps.db
      .selectFrom('lti_logins')
      .select('state')
      .where('state', '=', 'never-answered')
      .executeTakeFirst();
    expect(left).toBeUndefined();
    const long = await initiate(
      loginParams({ target_link_uri: `${t.deps.config.publicUrl}/${'a'.repeat(2100)}` }),
    );
    expect(long.status).toBe(400);
    expect(long.text).toContain('longer than 2000 characters');
  });

  it('a form larger than an LMS sends is refused before it is read (413)', async () => {
    for (const path of [LTI_PATHS.launch, LTI_PATHS.login, LTI_PATHS.deepLinkReturn]) {
      const res = await fetch(`${tool}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id_token: 'x'.repeat(100 * 1024), state: 's' }),
        redirect: 'manual',
      });
      expect(res.status, path).toBe(413);
      expect(await res.text(), path).toContain('64 KB at most');
    }
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
});

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

/** A launch carried through to a session: the member's token, id and the page the launch opens. */
const signIn = async (person: Person, extra: Record<string, unknown> = {}) => {
  const { answer } = await launch((nonce) => idToken(nonce, person, { extra }));
  expect(answer.status, answer.text).toBe(303);
  const done = await t.request('POST', lti.complete.path, {
    ip,
    body: { code: answer.location.split('#')[1] },
  });
  expect(done.status, done.json.message).toBe(200);
  const token = done.json.response.accesstoken as string;
  const me = await t.request('GET', enterpriseAuth.me.path, { token, ip });
  return { token, userId: me.json.response._id as string, target: done.json.response.target as string };
};

/** The dashboard's form POST of an answer's code to the return page: the form it answers, for the platform. */
const carry = async (code: string) => {
  const res = await fetch(`${tool}/lti/return`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.20.41.9' },
    body: new URLSearchParams({ code }),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    policy: res.headers.get('content-security-policy') ?? '',
    action: /<form method="post" action="([^"]+)"/.exec(text)?.[1] ?? '',
    jwt: /name="JWT" value="([^"]+)"/.exec(text)?.[1] ?? '',
  };
};

const acmeTask = async (type: number) => {
  const { enterprise_id } = await t.deps.db
    .selectFrom('lti_platforms')
    .select('enterprise_id')
    .where('id', '=', platformId)
    .executeTakeFirstOrThrow();
  return t.deps.db
    .selectFrom('tasks')
    .select(['id', 'title'])
    .where('enterprise_id', '=', enterprise_id)
    .where('type', '=', type)
    .where('archived', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
};

describe('LTI Deep Linking 2.0', () => {
  const TEACHER: Person = {
    sub: 'lms-teacher-dl',
    email: 'dana.deeplink@acme.example',
    name: 'Dana Deeplink',
    roles: [INSTRUCTOR],
  };
  const request = (settings: Record<string, unknown> = {}) => ({
    [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
    [`${CLAIM}resource_link`]: undefined,
    [`${DL}deep_linking_settings`]: {
      deep_link_return_url: `${lmsOrigin}/deep-link-return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: true,
      data: 'opaque-42',
      ...settings,
    },
  });

  it('an instructor picks tasks in the library, and the platform gets them as signed links with a line item', async () => {
    const teacher = await signIn(TEACHER, request());
    const deepLinkId = /^\/enterprise\/lti\/deep-link\/([\w-]+)$/.exec(teacher.target)?.[1] ?? '';
    expect(deepLinkId).not.toBe('');
    const waiting = await t.request('GET', `${lti.deepLink.path}?deepLinkId=${deepLinkId}`, {
      token: teacher.token,
      ip,
    });
    expect(waiting.status, waiting.json.message).toBe(200);
    expect(waiting.json.response).toMatchObject({ platformName: 'Acme Moodle', acceptMultiple: true });
    // Nobody else's: another member, another enterprise; and only for roles that open the task library.
    expect(
      (await t.request('GET', `${lti.deepLink.path}?deepLinkId=${deepLinkId}`, { token: staff, ip })).status,
    ).toBe(403);
    for (const token of [owner, globex])
      expect(
        (await t.request('GET', `${lti.deepLink.path}?deepLinkId=${deepLinkId}`, { token, ip })).status,
      ).toBe(404);
    const task = await acmeTask(2);
    const answered = await t.request('POST', lti.answerDeepLink.path, {
      token: teacher.token,
      ip,
      body: { deepLinkId, taskIds: [task.id] },
    });
    expect(answered.status, answered.json.message).toBe(200);
    // The browser carries the code to the tool's return page, which posts the answer on to the platform.
    const carried = await carry(answered.json.response.code);
    expect(carried.status).toBe(200);
    expect(carried.action).toBe(`${lmsOrigin}/deep-link-return`);
    expect(carried.policy).toContain(`form-action ${lmsOrigin};`);
    // What the platform checks: signed by the tool's key, from the tool's client id, for this platform.
    const { payload } = await jwtVerify(carried.jwt, createRemoteJWKSet(new URL(`${tool}/lti/jwks`)), {
      issuer: CLIENT_ID,
      audience: ISSUER,
    });
    expect(payload).toMatchObject({
      [`${CLAIM}message_type`]: 'LtiDeepLinkingResponse',
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]: DEPLOYMENT,
      [`${DL}data`]: 'opaque-42',
      [`${DL}content_items`]: [
        {
          type: 'ltiResourceLink',
          title: task.title,
          url: `${t.deps.config.publicUrl}/enterprise/my-tasks/view/${task.id}`,
          custom: { coach_task_id: task.id },
          lineItem: { scoreMaximum: 1, label: task.title, resourceId: task.id },
        },
      ],
    });
    // Answered once, carried once.
    const again = await t.request('POST', lti.answerDeepLink.path, {
      token: teacher.token,
      ip,
      body: { deepLinkId, taskIds: [] },
    });
    expect(again.status).toBe(404);
    const twice = await carry(answered.json.response.code);
    expect(twice.status).toBe(401);
    expect(twice.text).toMatch(/expired or was sent already/);
    expect((await carry('x'.repeat(43))).status).toBe(401);
  });

  it('one item when the course takes one; only library tasks; cancelling adds nothing', async () => {
    const teacher = await signIn(TEACHER, request({ accept_multiple: false, data: undefined }));
    const deepLinkId = teacher.target.split('/').pop() ?? '';
    const task = await acmeTask(2);
    const other = await acmeTask(1);
    const two = await t.request('POST', lti.answerDeepLink.path, {
      token: teacher.token,
      ip,
      body: { deepLinkId, taskIds: [task.id, other.id] },
    });
    expect(two.status).toBe(422);
    expect(two.json.field).toBe('taskIds');
    const foreign = await t.request('POST', lti.answerDeepLink.path, {
      token: teacher.token,
      ip,
      body: { deepLinkId, taskIds: ['globex-or-made-up'] },
    });
    expect(foreign.status).toBe(422);
    const cancel = await t.request('POST', lti.answerDeepLink.path, {
      token: teacher.token,
      ip,
      body: { deepLinkId, taskIds: [] },
    });
    expect(cancel.status).toBe(200);
    const { payload } = await jwtVerify(
      (await carry(cancel.json.response.code)).jwt,
      createRemoteJWKSet(new URL(`${tool}/lti/jwks`)),
      { issuer: CLIENT_ID, audience: ISSUER },
    );
    expect(payload[`${DL}content_items`]).toEqual([]);
    expect(payload).not.toHaveProperty(`${DL}data`);
  });

  it('refuses a learner, a platform that takes no links, and a member whose role has no task library', async () => {
    await newRefusals();
    const learner = await launch((n) => idToken(n, LEARNER, { extra: request() }));
    expect(learner.answer.status).toBe(403);
    expect(learner.answer.text).toMatch(/instructors/);
    const noLinks = await launch((n) => idToken(n, TEACHER, { extra: request({ accept_types: ['file'] }) }));
    expect(noLinks.answer.status).toBe(400);
    expect(noLinks.answer.text).toMatch(/accept_types/);
    // A learner of ours who is an instructor in the LMS: the role decides.
    const member = { ...TEACHER, sub: 'lms-teacher-learner', email: LEARNER.email };
    await t.deps.db.deleteFrom('lti_accounts').where('subject', '=', member.sub).execute();
    const roleless = await launch((n) => idToken(n, { ...member, sub: LEARNER.sub }, { extra: request() }));
    expect(roleless.answer.status).toBe(403);
    expect(roleless.answer.text).toMatch(/task library/);
    expect((await newRefusals()).map((row) => row.status)).toEqual([403, 400, 403]);
  });
});

describe('LTI Assignment and Grade Services', () => {
  const GRADED: Person = {
    sub: 'lms-ags-1',
    email: 'gina.grades@acme.example',
    name: 'Gina Grades',
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  };
  const linkTo = (taskId: string, linkId: string, ags: Record<string, unknown>) => ({
    [`${CLAIM}resource_link`]: { id: linkId, title: 'Say it right' },
    [`${CLAIM}custom`]: { coach_task_id: taskId },
    [`${CLAIM}context`]: { id: 'course-1', title: 'English B1', label: 'ENG-B1' },
    [AGS_CLAIM]: ags,
    [NRPS_CLAIM]: { context_memberships_url: `${lmsOrigin}/memberships`, service_versions: ['2.0'] },
  });

  it('a learner launched into a linked Pronunciation task has it, and the score reaches the gradebook, retried', async () => {
    const added = await t.request('POST', tasks.addTask.path, {
      token: owner,
      ip,
      body: {
        type: 2,
        title: 'Say it right',
        items: ['comfortable', 'vegetable'],
        category: 'Audio',
        level: 1,
        timeMinutes: 5,
        expirySeconds: 604800,
      },
    });
    const taskId = added.json.response._id as string;
    const learner = await signIn(
      GRADED,
      linkTo(taskId, 'rl-ags', {
        scope: [AGS_LINEITEM, AGS_SCORE],
        lineitems: `${lmsOrigin}/lineitems`,
        lineitem: `${lmsOrigin}/lineitems/7`,
      }),
    );
    expect(learner.target).toBe(`/enterprise/my-tasks/view/${taskId}`);
    const mine = await t.request('POST', tasks.getMyTask.path, {
      token: learner.token,
      ip,
      body: { taskId },
    });
    expect(mine.status, mine.json.message).toBe(200);
    // The LMS is down for the first try: the job table tries again.
    gradebook.failScores = 1;
    await submitScoredTry(t, {
      token: learner.token,
      userId: learner.userId,
      taskId,
      scores: { 0: 80, 1: 90 },
      ip,
    });
    await t.jobsIdle();
    expect(gradebook.scores).toEqual([]);
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('kind', '=', 'lti-score')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.last_error).toMatch(/503/);
    await t.deps.db
      .updateTable('jobs')
      .set({ run_after: new Date().toISOString() })
      .where('kind', '=', 'lti-score')
      .execute();
    t.deps.jobs.poke();
    await t.jobsIdle();
    expect(gradebook.scores).toEqual([
      expect.objectContaining({
        lineItem: '7',
        userId: GRADED.sub,
        scoreGiven: 0.85,
        scoreMaximum: 1,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        comment: expect.stringMatching(/^Pronunciation 85 of 100/),
      }),
    ]);
    // The token was granted for the score scope alone, to the tool's signed assertion.
    expect([...gradebook.tokens.values()]).toContainEqual([AGS_SCORE]);
  });

  it('a link without a line item gets one made once; an unscored task sends 1 when completed', async () => {
    gradebook.scores.length = 0;
    const read = await acmeTask(1);
    const learner = await signIn(
      { ...GRADED, sub: 'lms-ags-2', email: 'rita.reader@acme.example', name: 'Rita Reader' },
      linkTo(read.id, 'rl-read', { scope: [AGS_LINEITEM, AGS_SCORE], lineitems: `${lmsOrigin}/lineitems` }),
    );
    const done = await t.request('POST', tasks.updateMyTask.path, {
      token: learner.token,
      ip,
      body: { userId: learner.userId, taskId: read.id, progress: 100, taskStatus: 2, report: { read: true } },
    });
    expect(done.status, done.json.message).toBe(200);
    await t.jobsIdle();
    expect(gradebook.lineItems).toEqual([
      expect.objectContaining({ scoreMaximum: 1, resourceLinkId: 'rl-read', resourceId: read.id }),
    ]);
    expect(gradebook.scores).toEqual([
      expect.objectContaining({ lineItem: '100', userId: 'lms-ags-2', scoreGiven: 1, scoreMaximum: 1 }),
    ]);
    const link = await t.deps.db
      .selectFrom('lti_links')
      .select('lineitem_url')
      .where('resource_link_id', '=', 'rl-read')
      .executeTakeFirstOrThrow();
    expect(link.lineitem_url).toBe(`${lmsOrigin}/lineitems/100`);
  });
});

describe('LTI Names and Role Provisioning Services', () => {
  const sync = (token: string, body: Record<string, unknown>) =>
    t.request('POST', lti.syncClass.path, { token, ip, body });
  const groupOf = async (groupId: string) =>
    (
      await t.deps.db
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select('users.email')
        .where('group_id', '=', groupId)
        .orderBy('users.email')
        .execute()
    ).map((row) => row.email);

  it('"Sync the class" fills the course group with its active members, over every page, and keeps it in step', async () => {
    const learner = 'Learner';
    const member = (user_id: string, email: string, status = 'Active') => ({
      user_id,
      email,
      name: email.split('@')[0],
      status,
      roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#${learner}`],
    });
    gradebook.roster = [
      member('lms-ags-1', 'gina.grades@acme.example'),
      member('lms-new-1', 'nora.new@acme.example'),
      member('lms-gone', 'gone@acme.example', 'Inactive'),
      member('lms-globex', 'owner@globex.example'),
      member('lms-noemail', ''),
    ];
    const settings = await t.request('GET', lti.settings.path, { token: owner, ip });
    expect(settings.json.response.courses).toContainEqual(
      expect.objectContaining({
        platformId,
        contextId: 'course-1',
        title: 'English B1',
        canSync: true,
        groupId: null,
      }),
    );
    expect((await sync(staff, { platformId, contextId: 'course-1' })).status).toBe(403);
    expect((await sync(globex, { platformId, contextId: 'course-1' })).status).toBe(404);
    expect((await sync(owner, { platformId, contextId: 'no-such-course' })).status).toBe(404);
    const first = await sync(owner, { platformId, contextId: 'course-1' });
    expect(first.status, first.json.message).toBe(200);
    expect(first.json.response).toMatchObject({
      groupName: 'English B1',
      members: 2,
      added: 2,
      created: 1,
      skipped: 2,
    });
    expect(await groupOf(first.json.response.groupId)).toEqual([
      'gina.grades@acme.example',
      'nora.new@acme.example',
    ]);
    // The class changes in the LMS: the group follows.
    gradebook.roster = [
      member('lms-new-1', 'nora.new@acme.example'),
      member('lms-new-2', 'omar.new@acme.example'),
    ];
    const second = await sync(owner, { platformId, contextId: 'course-1' });
    expect(second.json.response).toMatchObject({
      groupId: first.json.response.groupId,
      members: 2,
      added: 1,
      removed: 1,
    });
    expect(await groupOf(first.json.response.groupId)).toEqual([
      'nora.new@acme.example',
      'omar.new@acme.example',
    ]);
    const after = await t.request('GET', lti.settings.path, { token: owner, ip });
    expect(after.json.response.courses).toContainEqual(
      expect.objectContaining({
        contextId: 'course-1',
        groupName: 'English B1',
        syncedAt: expect.any(String),
      }),
    );
  });
});

describe('removing a platform', () => {
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
