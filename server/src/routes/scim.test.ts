import type { AddressInfo } from 'node:net';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { GROUP_NAME_MAX, groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { MAX_ACTIVE_SCIM_TOKENS, SCIM_TOKEN_PATTERN, scimProvisioning } from '@coach/shared/contract/scim';
import { serve } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

/**
 * SCIM 2.0 over real HTTP, with the request shapes Entra ID and Okta document: Entra's capitalised ops and "False"
 * strings, its `members[value eq "…"]` removal; Okta's path-less `replace` with a value object and its PUT of a
 * whole User. Each refusal says why in the SCIM error envelope; one enterprise's token reaches nothing of another.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: ReturnType<typeof serve>;
let origin = '';
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let acmeToken = '';
let globexToken = '';
const ip = '10.20.9.1';

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type ScimAnswer = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { Resources?: Record<string, unknown>[] };
};

/** What a directory sends: the token as a bearer, SCIM JSON. */
const scim = async (
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ScimAnswer> => {
  const res = await fetch(`${origin}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as ScimAnswer['body']) : {},
  };
};

const makeToken = async (session: string, name: string) => {
  const res = await t.request('POST', scimProvisioning.create.path, { token: session, ip, body: { name } });
  expect(res.status, res.json.message).toBe(200);
  return scimProvisioning.create.response.parse(res.json.response);
};

const userByName = async (token: string, userName: string) => {
  const res = await scim(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
  expect(res.status).toBe(200);
  return res.body.Resources?.[0] as { id: string; active: boolean; meta: { version: string } } | undefined;
};

const entraUser = (userName: string, externalId: string) => ({
  schemas: [CORE_USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId,
  userName,
  active: true,
  displayName: 'Ada Lovelace',
  emails: [{ primary: true, type: 'work', value: userName }],
  name: { formatted: 'Ada Lovelace', familyName: 'Lovelace', givenName: 'Ada' },
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Research' },
});

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex } = await t.signInSeeded(ip));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  acmeToken = (await makeToken(owner, 'Entra ID')).secret;
  globexToken = (await makeToken(globex, 'Okta')).secret;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('SCIM tokens in Settings', () => {
  it('the owner makes one: shown once, kept as a hash, listed with the base URL to paste', async () => {
    const { token, secret } = await makeToken(owner, 'Second');
    expect(secret).toMatch(SCIM_TOKEN_PATTERN);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const row = await t.deps.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('id', '=', token._id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(-64));
    const list = await t.request('GET', scimProvisioning.list.path, { token: owner, ip });
    expect(list.status).toBe(200);
    expect(list.json.response.baseUrl).toBe(`${t.deps.config.publicUrl}/scim/v2`);
    expect(list.json.response.tokens.map((k: { _id: string }) => k._id)).toContain(token._id);
  });

  it('a member without the admin role cannot list or make tokens', async () => {
    expect((await t.request('GET', scimProvisioning.list.path, { token: staff, ip })).status).toBe(403);
    const made = await t.request('POST', scimProvisioning.create.path, {
      token: staff,
      ip,
      body: { name: 'x' },
    });
    expect(made.status).toBe(403);
  });

  it('a name is required (422 naming the field), and another enterprise cannot revoke a token (404)', async () => {
    const blank = await t.request('POST', scimProvisioning.create.path, {
      token: owner,
      ip,
      body: { name: ' ' },
    });
    expect(blank.status).toBe(422);
    expect(blank.json.field).toBe('name');
    const { token } = await makeToken(owner, 'Not theirs');
    const other = await t.request('POST', scimProvisioning.revoke.path, {
      token: globex,
      ip,
      body: { tokenId: token._id },
    });
    expect(other.status).toBe(404);
  });

  it(`at most ${MAX_ACTIVE_SCIM_TOKENS} live tokens (409 until one is revoked); revoking again keeps the first revocation`, async () => {
    const listed = await t.request('GET', scimProvisioning.list.path, { token: owner, ip });
    const live = (listed.json.response.tokens as { _id: string; revokedAt: string | null }[]).filter(
      (k) => !k.revokedAt,
    );
    const made = [];
    for (let i = live.length; i < MAX_ACTIVE_SCIM_TOKENS; i++)
      made.push((await makeToken(owner, `Fill ${i}`)).token);
    const beyond = await t.request('POST', scimProvisioning.create.path, {
      token: owner,
      ip,
      body: { name: 'One too many' },
    });
    expect(beyond.status).toBe(409);
    expect(beyond.json.message).toBe(
      `An organisation can have at most ${MAX_ACTIVE_SCIM_TOKENS} SCIM tokens: revoke one first`,
    );
    const last = made.at(-1) ?? live[0];
    if (!last) throw new Error('no live token');
    const revoke = () =>
      t.request('POST', scimProvisioning.revoke.path, { token: owner, ip, body: { tokenId: last._id } });
    const first = await revoke();
    expect(first.status).toBe(200);
    expect(first.json.message).toBe('SCIM token revoked');
    const again = await revoke();
    expect(again.status).toBe(200);
    expect(again.json.response.revokedAt).toBe(first.json.response.revokedAt);
    const room = (await makeToken(owner, 'Room again')).token;
    expect(room.revokedAt).toBeNull();
    // The tests after this one make tokens of their own.
    for (const token of [...made, room])
      await t.request('POST', scimProvisioning.revoke.path, {
        token: owner,
        ip,
        body: { tokenId: token._id },
      });
  });

  it('a revoked token is refused at its next request (401, SCIM error envelope)', async () => {
    const { token, secret } = await makeToken(owner, 'Short lived');
    expect((await scim(secret, 'GET', '/Users?count=1')).status).toBe(200);
    const revoked = await t.request('POST', scimProvisioning.revoke.path, {
      token: owner,
      ip,
      body: { tokenId: token._id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.response.revokedAt).toEqual(expect.any(String));
    const refused = await scim(secret, 'GET', '/Users');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      schemas: [ERROR],
      status: '401',
      detail: 'This SCIM token has been revoked',
    });
  });
});

describe("SCIM: a token acts within its admin's reach", () => {
  /** Invites someone with a role (as the owner), sets their password through the link, and signs them in. */
  const memberWithRole = async (email: string, roleId: string) => {
    const invited = await t.request('POST', members.invite.path, {
      token: owner,
      ip,
      body: { name: email.split('@')[0], email, roleId },
    });
    expect(invited.status, invited.json.message).toBe(200);
    const link = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
    const set = await t.request('POST', enterpriseAuth.resetPassword.path, {
      ip,
      body: { token: link, password: 'Another-pass-2026' },
    });
    expect(set.status).toBe(200);
    return {
      id: invited.json.response._id as string,
      token: await t.fullLogin(email, 'enterprise', ip, 'Another-pass-2026'),
    };
  };
  const roleIds = async () =>
    Object.fromEntries(
      (
        (await t.request('GET', roles.options.path, { token: owner, ip })).json.response as {
          _id: string;
          name: string;
        }[]
      ).map((role) => [role.name, role._id]),
    );

  it("an admin's token cannot readdress, switch off or delete a member whose role has no limits, and stops with the admin", async () => {
    const unlimited = await t.request('POST', roles.add.path, {
      token: owner,
      ip,
      body: { name: 'Everything', permissions: [] },
    });
    expect(unlimited.status, unlimited.json.message).toBe(200);
    const ids = await roleIds();
    const admin = await memberWithRole('second.admin@acme.example', ids.Admin ?? '');
    const chief = await memberWithRole('chief@acme.example', unlimited.json.response._id);
    const { secret } = await makeToken(admin.token, 'Okta, by the second admin');

    const moved = await scim(secret, 'PATCH', `/Users/${chief.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: 'taken-over@evil.example' }],
    });
    expect(moved.status).toBe(403);
    expect(moved.body.detail).toBe(
      'The admin who created this token cannot change this member: Only the default admin can give the role "Everything": it has no permission limits',
    );
    const off = await scim(secret, 'PATCH', `/Users/${chief.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.status).toBe(403);
    expect((await scim(secret, 'DELETE', `/Users/${chief.id}`)).status).toBe(403);
    // Untouched: the member still signs in at their address.
    expect(
      (await t.request('GET', enterpriseAuth.me.path, { token: chief.token, ip })).json.response,
    ).toMatchObject({
      email: 'chief@acme.example',
    });
    // A rename changes nothing the admin could not give, and a learner is within reach.
    const renamed = await scim(secret, 'PATCH', `/Users/${chief.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Chief Everything' }],
    });
    expect(renamed.status).toBe(200);
    const learnerRow = await userByName(secret, 'member09@acme.example');
    const learnerOff = await scim(secret, 'PATCH', `/Users/${learnerRow?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(learnerOff.status).toBe(200);
    expect(
      (
        await scim(secret, 'PATCH', `/Users/${learnerRow?.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', path: 'active', value: true }],
        })
      ).status,
    ).toBe(200);

    // Demoted, the admin's token stops at once; switched off, the same.
    const demoted = await t.request('POST', members.update.path, {
      token: owner,
      ip,
      body: { memberId: admin.id, roleId: ids.Learner, groupIds: [] },
    });
    expect(demoted.status, demoted.json.message).toBe(200);
    const refused = await scim(secret, 'GET', '/Users?count=1');
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('The member who created this SCIM token is no longer an admin');
    await t.request('POST', members.update.path, {
      token: owner,
      ip,
      body: { memberId: admin.id, roleId: ids.Admin, groupIds: [] },
    });
    expect((await scim(secret, 'GET', '/Users?count=1')).status).toBe(200);
    await t.request('POST', members.changeStatus.path, {
      token: owner,
      ip,
      body: { memberId: admin.id, status: 'Inactive' },
    });
    const gone = await scim(secret, 'GET', '/Users?count=1');
    expect(gone.status).toBe(401);
    expect(gone.body.detail).toBe('The admin who created this SCIM token is no longer active');
  });
});

describe('SCIM: who may call', () => {
  it('no token, a malformed one, a wrong secret and a session token are all 401 with WWW-Authenticate', async () => {
    const none = await fetch(`${origin}/scim/v2/Users`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await none.json()) as { schemas: string[] }).schemas).toEqual([ERROR]);
    const wrong = acmeToken.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const bad of ['nope', wrong, owner]) {
      const res = await scim(bad, 'GET', '/Users');
      expect(res.status, bad.slice(0, 12)).toBe(401);
      expect(res.body.detail).toBe('This SCIM token is not valid');
    }
  });

  it('a SCIM token reaches no envelope call', async () => {
    const res = await t.request('GET', enterpriseAuth.me.path, {
      ip,
      extraHeaders: { authorization: `Bearer ${acmeToken}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('SCIM: discovery', () => {
  it('ServiceProviderConfig says PATCH, filter (200 at most) and ETags; no bulk, no sort; a bearer token', async () => {
    const res = await scim(acmeToken, 'GET', '/ServiceProviderConfig');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/scim+json');
    expect(res.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      bulk: { supported: false },
      sort: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
  });

  it('ResourceTypes name Users and Groups, Schemas describe the core User', async () => {
    const types = await scim(acmeToken, 'GET', '/ResourceTypes');
    expect(types.status).toBe(200);
    const names = (types.body.Resources ?? []).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['User', 'Group']));
    const user = await scim(acmeToken, 'GET', `/Schemas/${CORE_USER}`);
    expect(user.status).toBe(200);
    expect(user.body.id).toBe(CORE_USER);
    expect((await scim(acmeToken, 'POST', '/ResourceTypes', {})).status).toBe(405);
    expect((await scim(acmeToken, 'GET', '/Nothing')).status).toBe(404);
  });
});

describe('SCIM Users, as Entra ID sends them', () => {
  let adaId = '';

  it('looks the user up first (none), then creates them: 201, Location, ETag, a member with the Learner role', async () => {
    expect(await userByName(acmeToken, 'ada@acme.example')).toBeUndefined();
    const res = await scim(acmeToken, 'POST', '/Users', entraUser('ada@acme.example', 'entra-ada'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    adaId = String(res.body.id);
    expect(res.headers.get('location')).toBe(`${t.deps.config.publicUrl}/scim/v2/Users/${adaId}`);
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    expect(res.body).toMatchObject({
      userName: 'ada@acme.example',
      externalId: 'entra-ada',
      displayName: 'Ada Lovelace',
      active: true,
      meta: { resourceType: 'User', version: res.headers.get('etag') },
    });
    const member = await t.deps.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
      .select(['users.name', 'users.status', 'roles.name as role', 'enterprises.name as company'])
      .where('users.id', '=', adaId)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({
      name: 'Ada Lovelace',
      status: 'active',
      role: 'Learner',
      company: 'Acme Learning',
    });
    expect((await userByName(acmeToken, 'ADA@acme.example'))?.id).toBe(adaId);
    const byExternal = await scim(
      acmeToken,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "entra-ada"')}`,
    );
    expect(byExternal.body.totalResults).toBe(1);
  });

  it('refuses the same userName again (409 uniqueness) and an address without an @ (400 invalidValue)', async () => {
    const again = await scim(acmeToken, 'POST', '/Users', entraUser('ada@acme.example', 'other'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    const bad = await scim(acmeToken, 'POST', '/Users', { schemas: [CORE_USER], userName: 'no-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe('invalidValue');
    expect(String(bad.body.detail)).toContain('email');
  });

  it('applies Entra ID PATCH operations (capitalised ops, a path per attribute)', async () => {
    const res = await scim(acmeToken, 'PATCH', `/Users/${adaId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Ada King' },
        { op: 'Add', path: 'externalId', value: 'entra-ada-2' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Ada King', externalId: 'entra-ada-2' });
    const row = await t.deps.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', adaId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Ada King');
  });

  it('`active` "False" deactivates the member and signs them out at once; "True" lets them back', async () => {
    const lee = await userByName(acmeToken, 'learner@acme.example');
    expect(lee?.active).toBe(true);
    expect((await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).status).toBe(200);
    const off = await scim(acmeToken, 'PATCH', `/Users/${lee?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).status).toBe(401);
    const on = await scim(acmeToken, 'PATCH', `/Users/${lee?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.body.active).toBe(true);
    const row = await t.deps.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', String(lee?.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    // The old session stays ended: reactivating does not revive it.
    expect((await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).status).toBe(401);
  });

  it('never deactivates, deletes or readdresses the default admin (403)', async () => {
    const boss = await userByName(acmeToken, 'owner@acme.example');
    const off = await scim(acmeToken, 'PATCH', `/Users/${boss?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe('The default admin cannot be deactivated');
    const moved = await scim(acmeToken, 'PATCH', `/Users/${boss?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: 'taken-over@evil.example' }],
    });
    expect(moved.status).toBe(403);
    expect((await scim(acmeToken, 'DELETE', `/Users/${boss?.id}`)).status).toBe(403);
    expect((await t.request('GET', enterpriseAuth.me.path, { token: owner, ip })).status).toBe(200);
  });

  it('an invalid PATCH or filter is a 400 that says why', async () => {
    const noOps = await scim(acmeToken, 'PATCH', `/Users/${adaId}`, { schemas: [PATCH_OP], Operations: [] });
    expect(noOps.status).toBe(400);
    expect(noOps.body.schemas).toEqual([ERROR]);
    const badOp = await scim(acmeToken, 'PATCH', `/Users/${adaId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'destroy', path: 'active' }],
    });
    expect(badOp.status).toBe(400);
    const filter = await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName zz "x"')}`);
    expect(filter.status).toBe(400);
    expect(filter.body.scimType).toBe('invalidFilter');
    const json = await scim(acmeToken, 'POST', '/Users', '{"userName":');
    expect(json.status).toBe(400);
    expect(json.body.scimType).toBe('invalidSyntax');
    const count = await scim(acmeToken, 'GET', '/Users?count=ten');
    expect(count.status).toBe(400);
  });
});

describe('SCIM Users, as Okta sends them', () => {
  it('creates, replaces with PUT, and deactivates with a path-less replace', async () => {
    const made = await scim(acmeToken, 'POST', '/Users', {
      schemas: [CORE_USER],
      userName: 'grace@acme.example',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ primary: true, value: 'grace@acme.example', type: 'work' }],
      displayName: 'Grace Hopper',
      locale: 'en-US',
      externalId: '00u1okta',
      groups: [],
      password: 'ignored-1A!',
      active: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(made.body.id);
    const put = await scim(acmeToken, 'PUT', `/Users/${id}`, {
      schemas: [CORE_USER],
      id,
      userName: 'grace.hopper@acme.example',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ primary: true, value: 'grace.hopper@acme.example', type: 'work' }],
      active: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ userName: 'grace.hopper@acme.example', displayName: 'Grace Hopper' });
    const off = await scim(acmeToken, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    const gone = await scim(acmeToken, 'DELETE', `/Users/${id}`);
    expect(gone.status).toBe(204);
    expect((await scim(acmeToken, 'GET', `/Users/${id}`)).status).toBe(404);
  });
});

describe('SCIM: one name per member, as given and family name', () => {
  let samId = '';
  const nameRow = async (id: string) =>
    (await t.deps.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

  it('Okta creates a member from given and family name alone; it reads back split the same way', async () => {
    const made = await scim(acmeToken, 'POST', '/Users', {
      schemas: [CORE_USER],
      userName: 'sam@acme.example',
      name: { givenName: 'Sam', familyName: 'de la Cruz' },
      emails: [{ primary: true, value: 'sam@acme.example', type: 'work' }],
      active: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    samId = String(made.body.id);
    expect(await nameRow(samId)).toBe('Sam de la Cruz');
    expect(made.body).toMatchObject({
      displayName: 'Sam de la Cruz',
      name: { formatted: 'Sam de la Cruz', givenName: 'Sam', familyName: 'de la Cruz' },
    });
    const got = await scim(acmeToken, 'GET', `/Users/${samId}`);
    expect(got.body.name).toEqual({
      formatted: 'Sam de la Cruz',
      givenName: 'Sam',
      familyName: 'de la Cruz',
    });
    // A one-word name has no family name.
    const mono = await scim(acmeToken, 'POST', '/Users', {
      schemas: [CORE_USER],
      userName: 'cher@acme.example',
      displayName: 'Cher',
    });
    expect(mono.status, JSON.stringify(mono.body)).toBe(201);
    expect(mono.body.name).toEqual({ formatted: 'Cher', givenName: 'Cher' });
  });

  it('Entra ID renames with name.givenName and name.familyName paths; sending them again changes nothing', async () => {
    const given = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'name.givenName', value: 'Samuel' }],
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Samuel de la Cruz');
    expect(given.body).toMatchObject({
      displayName: 'Samuel de la Cruz',
      name: { givenName: 'Samuel', familyName: 'de la Cruz' },
    });
    const family = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:name.familyName', value: 'Cruz' },
      ],
    });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Samuel Cruz');
    const etag = family.headers.get('etag');
    // What the directory now holds, sent again: the same member and the same version.
    const again = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Samuel' },
        { op: 'Replace', path: 'name.familyName', value: 'Cruz' },
        { op: 'Replace', path: 'displayName', value: 'Samuel Cruz' },
      ],
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await nameRow(samId)).toBe('Samuel Cruz');
  });

  it('a path-less replace and a PUT with new given and family names rename the member', async () => {
    const pathless = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { name: { givenName: 'Sammy', familyName: 'Cruz' } } }],
    });
    expect(pathless.status, JSON.stringify(pathless.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Sammy Cruz');
    // Entra ID may name the sub-attribute inside a path-less value.
    const dotted = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', value: { 'name.givenName': 'Sam', 'name.familyName': 'Cruz' } }],
    });
    expect(dotted.status, JSON.stringify(dotted.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Sam Cruz');
    // Okta's PUT repeats the displayName it last read, with the new given name.
    const put = await scim(acmeToken, 'PUT', `/Users/${samId}`, {
      schemas: [CORE_USER],
      id: samId,
      userName: 'sam@acme.example',
      displayName: 'Sam Cruz',
      name: { givenName: 'Samantha', familyName: 'Cruz' },
      emails: [{ primary: true, value: 'sam@acme.example', type: 'work' }],
      active: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Samantha Cruz');
    expect(put.body).toMatchObject({ displayName: 'Samantha Cruz', name: { givenName: 'Samantha' } });
  });

  it('a PATCH path naming no attribute is 400 invalidPath (nothing applied); a standard one the product does not keep is ignored', async () => {
    const before = await scim(acmeToken, 'GET', `/Users/${samId}`);
    for (const path of [
      'favouriteColour',
      'name.nickname2',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:shoeSize',
    ]) {
      const res = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'Not Applied' },
          { op: 'Replace', path, value: 'x' },
        ],
      });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidPath' });
      expect(String(res.body.detail)).toContain(path);
    }
    expect(await nameRow(samId)).toBe('Samantha Cruz');
    expect((await scim(acmeToken, 'GET', `/Users/${samId}`)).headers.get('etag')).toBe(
      before.headers.get('etag'),
    );
    // Entra ID's default mapping sends attributes the product does not keep: they change nothing, and the sync
    // goes on with what it does keep.
    const standard = [
      'title',
      'name.middleName',
      'phoneNumbers[type eq "work"].value',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
    ];
    const ignored = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: standard.map((path) => ({ op: 'Replace', path, value: 'x' })),
    });
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.headers.get('etag')).toBe(before.headers.get('etag'));
    const mixed = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'title', value: 'Team lead' },
        { op: 'Replace', path: 'name.familyName', value: 'Cruz-Lopez' },
      ],
    });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(await nameRow(samId)).toBe('Samantha Cruz-Lopez');
    // What Entra ID sends for a moved mailbox stays supported.
    const mail = await scim(acmeToken, 'PATCH', `/Users/${samId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'sam.cruz@acme.example' }],
    });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    expect(mail.body.userName).toBe('sam.cruz@acme.example');
    const group = await scim(acmeToken, 'POST', '/Groups', { schemas: [CORE_GROUP], displayName: 'Paths' });
    const owner = await scim(acmeToken, 'PATCH', `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'owner', value: 'x' }],
    });
    expect(owner.status).toBe(400);
    expect(owner.body.scimType).toBe('invalidPath');
  });
});

describe('SCIM: values longer than the dashboard allows are refused, not cut', () => {
  const NAME_MAX = members.invite.request.shape.name.maxLength;
  const user = (extra: Record<string, unknown>) => ({
    schemas: [CORE_USER],
    userName: 'long@acme.example',
    emails: [{ primary: true, value: 'long@acme.example', type: 'work' }],
    ...extra,
  });

  it('a 20,000-character displayName is 400 invalidValue naming it and the limit; no member is made', async () => {
    const res = await scim(acmeToken, 'POST', '/Users', user({ displayName: 'x'.repeat(20_000) }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidValue' });
    expect(String(res.body.detail)).toContain('displayName');
    expect(String(res.body.detail)).toContain(`at most ${NAME_MAX}`);
    expect(await userByName(acmeToken, 'long@acme.example')).toBeUndefined();
    const limit = await scim(
      acmeToken,
      'POST',
      '/Users',
      user({ displayName: 'y'.repeat(Number(NAME_MAX)) }),
    );
    expect(limit.status, JSON.stringify(limit.body)).toBe(201);
    expect((await scim(acmeToken, 'DELETE', `/Users/${limit.body.id}`)).status).toBe(204);
  });

  it('so are a long name, userName, email and externalId, on POST, PUT and PATCH', async () => {
    const refused = async (res: ScimAnswer, attribute: string) => {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.scimType).toBe('invalidValue');
      expect(String(res.body.detail)).toContain(attribute);
    };
    await refused(
      await scim(
        acmeToken,
        'POST',
        '/Users',
        user({ name: { givenName: 'G', familyName: 'f'.repeat(200) } }),
      ),
      'name.givenName and name.familyName',
    );
    await refused(
      await scim(acmeToken, 'POST', '/Users', user({ name: { formatted: 'f'.repeat(101) } })),
      'name.formatted',
    );
    const long = `${'a'.repeat(250)}@acme.example`;
    await refused(
      await scim(acmeToken, 'POST', '/Users', { schemas: [CORE_USER], userName: long }),
      'userName',
    );
    await refused(
      await scim(acmeToken, 'POST', '/Users', user({ emails: [{ primary: true, value: long }] })),
      'emails.value',
    );
    await refused(
      await scim(acmeToken, 'POST', '/Users', user({ externalId: 'e'.repeat(256) })),
      'externalId',
    );
    expect(await userByName(acmeToken, 'long@acme.example')).toBeUndefined();
    const ada = await userByName(acmeToken, 'ada@acme.example');
    await refused(
      await scim(acmeToken, 'PATCH', `/Users/${ada?.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'name.familyName', value: 'L'.repeat(NAME_MAX ?? 0) }],
      }),
      'name.givenName and name.familyName',
    );
    await refused(
      await scim(acmeToken, 'PUT', `/Users/${ada?.id}`, {
        schemas: [CORE_USER],
        userName: 'ada@acme.example',
        displayName: 'd'.repeat(5000),
      }),
      'displayName',
    );
    const row = await t.deps.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', String(ada?.id))
      .executeTakeFirstOrThrow();
    expect(row.name.length).toBeLessThanOrEqual(Number(NAME_MAX));
  });

  it(`a group's displayName over ${GROUP_NAME_MAX} characters, or a long externalId, is refused the same way`, async () => {
    const long = await scim(acmeToken, 'POST', '/Groups', {
      schemas: [CORE_GROUP],
      displayName: 'g'.repeat(20_000),
    });
    expect(long.status).toBe(400);
    expect(long.body.scimType).toBe('invalidValue');
    expect(String(long.body.detail)).toContain('displayName');
    expect(String(long.body.detail)).toContain(`at most ${GROUP_NAME_MAX}`);
    const external = await scim(acmeToken, 'POST', '/Groups', {
      schemas: [CORE_GROUP],
      displayName: 'Long external',
      externalId: 'e'.repeat(256),
    });
    expect(external.status).toBe(400);
    expect(String(external.body.detail)).toContain('externalId');
  });
});

describe('SCIM: a filter on an attribute the product does not keep', () => {
  const list = (kind: string, filter: string) =>
    scim(acmeToken, 'GET', `/${kind}?filter=${encodeURIComponent(filter)}`);

  it('is 400 invalidFilter naming the attribute, so a directory does not make a duplicate', async () => {
    for (const filter of [
      'title eq "x"',
      'userName eq "ada@acme.example" and nickName eq "x"',
      'name.middleName eq "x"',
      'emails[value eq "ada@acme.example" and display eq "x"]',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "Research"',
    ]) {
      const res = await list('Users', filter);
      expect(res.status, filter).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidFilter' });
      expect(String(res.body.detail), filter).toMatch(/title|nickName|middleName|display|department/);
    }
    const group = await list('Groups', 'owner eq "x"');
    expect(group.status).toBe(400);
    expect(group.body.scimType).toBe('invalidFilter');
    expect(String(group.body.detail)).toContain('owner');
  });

  it('while every attribute the product keeps still filters, alone or combined', async () => {
    const ada = await userByName(acmeToken, 'ada@acme.example');
    const { body } = await scim(acmeToken, 'GET', `/Users/${ada?.id}`);
    const { displayName, externalId } = body as { displayName: string; externalId: string };
    const givenName = displayName.split(' ')[0];
    for (const filter of [
      `id eq "${ada?.id}"`,
      `USERNAME eq "ADA@acme.example"`,
      `externalId eq "${externalId}"`,
      `displayName eq "${displayName}"`,
      `emails.value eq "ada@acme.example"`,
      `emails[type eq "work" and value eq "ada@acme.example"]`,
      `name.givenName eq "${givenName}" and userName sw "ada@"`,
      `userName eq "ada@acme.example" and (active eq true or externalId pr)`,
      `userName eq "ada@acme.example" and meta.created pr`,
    ]) {
      const res = await list('Users', filter);
      expect(res.status, filter).toBe(200);
      expect(
        res.body.Resources?.map((r) => r.id),
        filter,
      ).toEqual([ada?.id]);
    }
    const groups = await list('Groups', 'displayName eq "Sales EMEA" or members.value eq "nobody"');
    expect(groups.status).toBe(200);
  });
});

describe('SCIM: a malformed filter', () => {
  const list = (filter: string) => scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);

  it('is 400 invalidFilter saying what is wrong, never an empty list or a crash text', async () => {
    for (const [filter, says] of [
      ['userName', /"userName" needs a comparison operator/],
      ['userName eq', /"userName eq" needs a value/],
      ['userName eq "ada@acme.example" and', /"and" with nothing after it/],
      ['userName eq "ada@acme.example" or', /"or" with nothing after it/],
      ['not (userName eq "ada@acme.example")', /"not" are not supported/],
      ['userName eq ada@acme.example', /must be a quoted string/],
      ['(userName eq "ada@acme.example"', /"\(" in the filter is not closed/],
      ['emails[type eq "work"', /"\[" after "emails" is not closed/],
      ['"ada@acme.example"', /starts with an attribute name/],
      ['and', /starts with an attribute name/],
      ['', /The filter is empty/],
    ] as const) {
      const res = await list(filter);
      expect(res.status, filter).toBe(400);
      expect(res.body, filter).toMatchObject({ schemas: [ERROR], scimType: 'invalidFilter' });
      expect(String(res.body.detail), filter).toMatch(says);
      expect(String(res.body.detail), filter).not.toMatch(/Cannot read|undefined|TypeError/);
    }
  });

  it('nor does the text of a crash inside scimmy reach the client (an attribute list ending in a comma)', async () => {
    for (const query of ['attributes=userName%2C', 'excludedAttributes=%2C', 'attributes=not']) {
      const res = await scim(acmeToken, 'GET', `/Users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ schemas: [ERROR], scimType: 'invalidSyntax' });
      expect(String(res.body.detail), query).toBe(
        'This request could not be read: check it against RFC 7644 and 7643',
      );
    }
  });

  it('while the same comparisons written whole still find the member', async () => {
    const ada = await userByName(acmeToken, 'ada@acme.example');
    for (const filter of [
      'userName pr and userName eq "ada@acme.example"',
      'userName eq "ada@acme.example" or userName eq "nobody@acme.example"',
      '(userName eq "ada@acme.example")',
      'userName ne "nobody@acme.example" and userName eq "ada@acme.example"',
    ]) {
      const res = await list(filter);
      expect(res.status, filter).toBe(200);
      expect(
        res.body.Resources?.map((r) => r.id),
        filter,
      ).toEqual([ada?.id]);
    }
  });
});

describe('SCIM: paging, ETags, tenancy, limits and the audit', () => {
  it('pages with startIndex and count, and totalResults counts every match', async () => {
    const all = await scim(acmeToken, 'GET', '/Users?count=200');
    const total = Number(all.body.totalResults);
    expect(total).toBeGreaterThan(3);
    expect(all.body.Resources).toHaveLength(total);
    const page = await scim(acmeToken, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources?.map((r) => r.id)).toEqual(all.body.Resources?.slice(1, 3).map((r) => r.id));
    const none = await scim(acmeToken, 'GET', '/Users?count=0');
    expect(none.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
  });

  it('answers 304 to a current If-None-Match and 412 to a stale If-Match', async () => {
    const ada = await userByName(acmeToken, 'ada@acme.example');
    const got = await scim(acmeToken, 'GET', `/Users/${ada?.id}`);
    const etag = String(got.headers.get('etag'));
    expect(etag).toBe(ada?.meta.version);
    expect(
      (await scim(acmeToken, 'GET', `/Users/${ada?.id}`, undefined, { 'if-none-match': etag })).status,
    ).toBe(304);
    const changed = await scim(
      acmeToken,
      'PATCH',
      `/Users/${ada?.id}`,
      { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Ada L.' }] },
      { 'if-match': etag },
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const stale = await scim(
      acmeToken,
      'PATCH',
      `/Users/${ada?.id}`,
      { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Lost update' }] },
      { 'if-match': etag },
    );
    expect(stale.status).toBe(412);
  });

  it("one enterprise's token reaches nothing of another's", async () => {
    const ada = await userByName(acmeToken, 'ada@acme.example');
    expect(await userByName(globexToken, 'ada@acme.example')).toBeUndefined();
    expect((await scim(globexToken, 'GET', `/Users/${ada?.id}`)).status).toBe(404);
    const patch = await scim(globexToken, 'PATCH', `/Users/${ada?.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(patch.status).toBe(404);
    expect((await scim(globexToken, 'DELETE', `/Users/${ada?.id}`)).status).toBe(404);
    const theirs = await scim(globexToken, 'GET', '/Users?count=200');
    expect(theirs.body.Resources?.map((r) => r.userName)).not.toContain('ada@acme.example');
    // Another enterprise's member in a group of Globex: refused by name.
    const group = await scim(globexToken, 'POST', '/Groups', {
      schemas: [CORE_GROUP],
      displayName: 'Raid',
      members: [{ value: ada?.id }],
    });
    expect(group.status).toBe(400);
    expect(String(group.body.detail)).toContain(String(ada?.id));
    const row = await t.deps.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', String(ada?.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('limits requests per token (429 with Retry-After), and audits each one with what it changed', async () => {
    const { token, secret } = await makeToken(owner, 'Busy');
    const before = t.deps.config.scimRateLimit;
    t.deps.config.scimRateLimit = 3;
    try {
      for (let i = 0; i < 3; i += 1) expect((await scim(secret, 'GET', '/Users?count=1')).status).toBe(200);
      const limited = await scim(secret, 'GET', '/Users?count=1');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.schemas).toEqual([ERROR]);
    } finally {
      t.deps.config.scimRateLimit = before;
    }
    const rows = await t.deps.db
      .selectFrom('audit_log')
      .select(['details', 'enterprise_id'])
      .where('actor_kind', '=', 'scim-token')
      .where('actor_id', '=', token._id)
      .execute();
    expect(rows.map((r) => JSON.parse(r.details).status).sort()).toEqual([200, 200, 200, 429]);
    const created = await t.deps.db
      .selectFrom('audit_log')
      .select('details')
      .where('actor_kind', '=', 'scim-token')
      .where('details', 'like', '%created user%')
      .execute();
    expect(created.length).toBeGreaterThan(0);
    const list = await t.request('GET', scimProvisioning.list.path, { token: owner, ip });
    expect(list.json.response.recentRequests[0]).toMatchObject({
      tokenName: expect.any(String),
      status: expect.any(Number),
    });
    // A refused request says why, for Settings to show beside its status; a granted one has nothing to say.
    const requests = list.json.response.recentRequests as { status: number; detail?: string | null }[];
    expect(requests.find((r) => r.status === 429)?.detail).toBe('Too many SCIM requests: please slow down');
    expect(requests.find((r) => r.status === 200)?.detail).toBeNull();
  });
});

describe('SCIM Groups', () => {
  it('Entra ID: creates a group, adds and removes members by PATCH; the dashboard lists it', async () => {
    const ada = await userByName(acmeToken, 'ada@acme.example');
    const lee = await userByName(acmeToken, 'learner@acme.example');
    const made = await scim(acmeToken, 'POST', '/Groups', {
      schemas: [CORE_GROUP],
      externalId: 'entra-g1',
      displayName: 'Sales EMEA',
      members: [],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(made.body.id);
    const added = await scim(acmeToken, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: ada?.id }, { value: lee?.id }] }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const inDb = async () =>
      (await t.deps.db.selectFrom('group_members').select('user_id').where('group_id', '=', id).execute())
        .map((r) => r.user_id)
        .sort();
    expect(await inDb()).toEqual([ada?.id, lee?.id].sort());
    const removed = await scim(acmeToken, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: `members[value eq "${ada?.id}"]` }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await inDb()).toEqual([lee?.id]);
    const found = await scim(
      acmeToken,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "sales emea"')}&excludedAttributes=members`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources?.[0]).not.toHaveProperty('members');
    const dashboard = await t.request('GET', `${groups.list.path}?searchInput=Sales%20EMEA`, {
      token: owner,
      ip,
    });
    expect(JSON.stringify(dashboard.json)).toContain('Sales EMEA');
  });

  it('Okta: renames with a path-less replace, refuses a taken name (409) and deletes', async () => {
    const made = await scim(acmeToken, 'POST', '/Groups', {
      schemas: [CORE_GROUP],
      displayName: 'Okta Team',
      members: [],
    });
    const id = String(made.body.id);
    const renamed = await scim(acmeToken, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Okta Team 2' } }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.displayName).toBe('Okta Team 2');
    const taken = await scim(acmeToken, 'PUT', `/Groups/${id}`, {
      schemas: [CORE_GROUP],
      displayName: 'Sales EMEA',
      members: [],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
    expect((await scim(globexToken, 'DELETE', `/Groups/${id}`)).status).toBe(404);
    expect((await scim(acmeToken, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim(acmeToken, 'GET', `/Groups/${id}`)).status).toBe(404);
  });
});

describe('SCIM: fuzz', () => {
  it('any method, path, query and body a directory could send answers below 500, with a SCIM error on refusal', async () => {
    const globexUsers = await scim(globexToken, 'GET', '/Users?count=5');
    const ids = (globexUsers.body.Resources ?? []).map((r) => String(r.id));
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', ' ', '\u0000', 'a'.repeat(5000), 'x@y.z', 'True', 'False', '"', '[', ']'),
    );
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue());
    const path = fc.oneof(
      fc.constantFrom(
        '/Users',
        '/Groups',
        '/ServiceProviderConfig',
        '/ResourceTypes',
        '/Schemas',
        '/Me',
        '/Bulk',
      ),
      fc.constantFrom(...ids, 'nope', '%00', '..%2F..', 'a'.repeat(300)).map((id) => `/Users/${id}`),
      fc.constantFrom(...ids, 'nope').map((id) => `/Groups/${id}`),
      text.map((s) => `/${encodeURIComponent(s)}`),
    );
    const filter = fc.oneof(
      text,
      fc
        .tuple(
          fc.constantFrom(
            'userName',
            'externalId',
            'id',
            'displayName',
            'emails.value',
            'active',
            'members',
            'meta.created',
          ),
          fc.constantFrom('eq', 'ne', 'co', 'sw', 'pr', 'gt', 'zz', 'and', ''),
          fc.oneof(
            text.map((s) => JSON.stringify(s)),
            fc.constantFrom('true', '1', 'null', '(', '"'),
          ),
        )
        .map((parts) => parts.join(' ')),
    );
    const query = fc.record(
      {
        filter,
        startIndex: fc.oneof(text, fc.integer().map(String)),
        count: fc.oneof(text, fc.integer().map(String)),
        attributes: text,
        excludedAttributes: text,
      },
      { requiredKeys: [] },
    );
    const user = fc.record(
      {
        schemas: fc.oneof(fc.constant([CORE_USER]), fc.array(text)),
        userName: value,
        displayName: value,
        externalId: value,
        active: value,
        emails: fc.oneof(
          value,
          fc.array(fc.record({ value, primary: value, type: value }, { requiredKeys: [] })),
        ),
        name: fc.oneof(
          value,
          fc.record({ givenName: value, familyName: value, formatted: value }, { requiredKeys: [] }),
        ),
        members: fc.oneof(
          value,
          fc.array(
            fc.record({ value: fc.oneof(fc.constantFrom(...ids), value), type: value }, { requiredKeys: [] }),
          ),
        ),
      },
      { requiredKeys: [] },
    );
    const patch = fc.record({
      schemas: fc.oneof(fc.constant([PATCH_OP]), fc.array(text)),
      Operations: fc.oneof(
        value,
        fc.array(
          fc.record(
            {
              op: fc.oneof(fc.constantFrom('add', 'Replace', 'remove', 'copy'), text),
              path: fc.oneof(
                fc.constantFrom(
                  'active',
                  'members',
                  'displayName',
                  'members[value eq "x"]',
                  'emails[type eq "work"].value',
                ),
                text,
              ),
              value: fc.oneof(value, user),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 4 },
        ),
      ),
    });
    const body = fc.oneof(
      fc.constant(undefined),
      value,
      user,
      patch,
      text.map((s) => `{${s}`),
    );
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        path,
        query,
        body,
        async (method, at, params, payload) => {
          const search = new URLSearchParams(params as Record<string, string>).toString();
          const res = await scim(
            globexToken,
            method,
            `${at}${search ? `?${search}` : ''}`,
            method === 'GET' ? undefined : (payload ?? {}),
          );
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          expect(res.status, `${method} ${at} ${JSON.stringify(payload)?.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.schemas).toEqual([ERROR]);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20_261_202) },
    );
    // The fuzz reached both answers and refusals.
    expect([...seen.keys()].some((status) => status < 300)).toBe(true);
    expect([...seen.keys()].some((status) => status >= 400)).toBe(true);
  }, 120_000);
});
