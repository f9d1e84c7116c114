import { adminGeneral } from '@coach/shared/contract/admin';
import { API_KEY_PATTERN, apiKeys } from '@coach/shared/contract/api-keys';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let globex: string;
let acmeId: string;
const ip = '10.20.3.1';

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, globex } = await t.signInSeeded(ip));
  acmeId = (await t.request('GET', enterpriseAuth.me.path, { token: owner, ip })).json.response.enterpriseId
    ._id as string;
});
afterAll(async () => {
  await t?.close();
});

/** A call made with an API key, as an integrator's server makes it. */
const withKey = (key: string, method: string, path: string, body?: unknown) =>
  t.request(method, path, { ip, extraHeaders: { authorization: `Bearer ${key}` }, body });

const createKey = async (
  token: string,
  input: { name: string; permissions: string[]; access: 'read' | 'read-write' },
) => {
  const res = await t.request('POST', apiKeys.create.path, { token, ip, body: input });
  expect(res.status, res.json.message).toBe(200);
  // The secret is shown once: no cache on the way keeps a copy.
  expect(res.headers.get('cache-control')).toBe('no-store');
  // The answer is what the contract says (the client reads it typed).
  return apiKeys.create.response.parse(res.json.response);
};

const usesOf = async (keyId: string) =>
  (
    await t.deps.db
      .selectFrom('audit_log')
      .select(['details', 'actor_kind', 'enterprise_id'])
      .where('actor_id', '=', keyId)
      .orderBy('created_at')
      .execute()
  ).map((row) => ({ ...(JSON.parse(row.details) as { call: string; status: number }), row }));

describe('API keys: an enterprise admin manages them', () => {
  it('the owner creates a read-only Members key: the secret is shown once and stored only as a hash', async () => {
    const { key, secret } = await createKey(owner, {
      name: 'HR sync',
      permissions: ['members'],
      access: 'read',
    });
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const row = await t.deps.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key._id)
      .executeTakeFirstOrThrow();
    expect(row.enterprise_id).toBe(acmeId);
    expect(JSON.stringify(row)).not.toContain(secret.slice(-64));
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.request('GET', apiKeys.list.path, { token: owner, ip });
    expect(list.status).toBe(200);
    expect(apiKeys.list.response.safeParse(list.json.response).success).toBe(true);
    const listed = list.json.response.keys.find((k: { _id: string }) => k._id === key._id);
    expect(listed).toMatchObject({
      name: 'HR sync',
      prefix: key.prefix,
      permissions: ['members'],
      access: 'read',
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { name: expect.any(String) },
    });
    expect(JSON.stringify(list.json.response)).not.toContain(secret);
    const created = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'details'])
      .where('action', '=', 'api-key.create')
      .where('enterprise_id', '=', acmeId)
      .execute();
    expect(created.some((row) => JSON.parse(row.details).keyId === key._id)).toBe(true);
  });

  it('a role not named admin cannot list, create or revoke keys (403)', async () => {
    const { key } = await createKey(owner, {
      name: 'Staff cannot',
      permissions: ['members'],
      access: 'read',
    });
    expect((await t.request('GET', apiKeys.list.path, { token: staff, ip })).status).toBe(403);
    const create = await t.request('POST', apiKeys.create.path, {
      token: staff,
      ip,
      body: { name: 'Mine', permissions: ['members'], access: 'read' },
    });
    expect(create.status).toBe(403);
    const revoke = await t.request('POST', apiKeys.revoke.path, {
      token: staff,
      ip,
      body: { keyId: key._id },
    });
    expect(revoke.status).toBe(403);
  });

  it('bad input is 422 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: ' ', permissions: ['members'], access: 'read' }, 'name'],
      [{ name: 'x'.repeat(61), permissions: ['members'], access: 'read' }, 'name'],
      [{ name: 'Empty', permissions: [], access: 'read' }, 'permissions'],
      [{ name: 'Unknown', permissions: ['billing'], access: 'read' }, 'permissions.0'],
      [{ name: 'Access', permissions: ['members'], access: 'write' }, 'access'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', apiKeys.create.path, { token: owner, ip, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.field).toBe(field);
    }
    const revoke = await t.request('POST', apiKeys.revoke.path, { token: owner, ip, body: { keyId: '' } });
    expect(revoke.status).toBe(422);
    expect(revoke.json.field).toBe('keyId');
  });

  it("another enterprise's admin cannot revoke or see the key (404, not listed)", async () => {
    const { key } = await createKey(owner, { name: 'Acme only', permissions: ['members'], access: 'read' });
    const revoke = await t.request('POST', apiKeys.revoke.path, {
      token: globex,
      ip,
      body: { keyId: key._id },
    });
    expect(revoke.status).toBe(404);
    const list = await t.request('GET', apiKeys.list.path, { token: globex, ip });
    expect(list.json.response.keys.map((k: { _id: string }) => k._id)).not.toContain(key._id);
  });
});

describe('API keys: a key works only within its permissions', () => {
  let readKey: string;
  let readKeyId: string;

  beforeAll(async () => {
    const made = await createKey(owner, { name: 'Reader', permissions: ['members'], access: 'read' });
    readKey = made.secret;
    readKeyId = made.key._id;
  });

  it('reads the members of its own enterprise, and records the use and the last-used time', async () => {
    const res = await withKey(readKey, 'GET', `${members.list.path}?currentPage=1&limit=100`);
    expect(res.status, res.json.message).toBe(200);
    const emails = res.json.response.listdata.map((m: { email: string }) => m.email);
    expect(emails).toContain('member01@acme.example');
    expect(emails.some((email: string) => email.endsWith('@globex.example'))).toBe(false);
    const uses = await usesOf(readKeyId);
    expect(uses.at(-1)).toMatchObject({ call: members.list.path, status: 200 });
    expect(uses.at(-1)?.row).toMatchObject({ actor_kind: 'api-key', enterprise_id: acmeId });
    const list = await t.request('GET', apiKeys.list.path, { token: owner, ip });
    const listed = list.json.response.keys.find((k: { _id: string }) => k._id === readKeyId);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(list.json.response.recentUses[0]).toMatchObject({
      keyId: readKeyId,
      keyName: 'Reader',
      call: members.list.path,
      status: 200,
    });
  });

  it('gets 403 on a call outside its permission keys, and on a write as a read-only key', async () => {
    const outside = await withKey(readKey, 'GET', `${groups.list.path}?currentPage=1`);
    expect(outside.status).toBe(403);
    expect(outside.json.message).toMatch(/Groups permission/);
    const tasksSearch = await withKey(readKey, 'POST', tasks.searchTask.path, {});
    expect(tasksSearch.status).toBe(403);
    const write = await withKey(readKey, 'POST', members.invite.path, {
      name: 'New Person',
      email: 'new.person@acme.example',
      roleId: 'any',
    });
    expect(write.status).toBe(403);
    expect(write.json.message).toMatch(/read-only/);
    const uses = await usesOf(readKeyId);
    expect(uses.slice(-3).map((use) => use.status)).toEqual([403, 403, 403]);
  });

  it('cannot reach login-only calls, Settings, the key calls or the admin area', async () => {
    for (const [method, path] of [
      ['GET', enterpriseAuth.me.path],
      ['GET', enterpriseGeneral.storageUsage.path],
      ['GET', apiKeys.list.path],
    ] as const) {
      const res = await withKey(readKey, method, path);
      expect(res.status, path).toBe(403);
    }
    const create = await withKey(readKey, 'POST', apiKeys.create.path, {
      name: 'Escalate',
      permissions: ['members'],
      access: 'read-write',
    });
    expect(create.status).toBe(403);
    // The admin area takes only an admin session token.
    const admin = await withKey(readKey, 'GET', adminGeneral.getEnterpriseList.path);
    expect(admin.status).toBe(401);
  });

  it("cannot reach another enterprise's member (404)", async () => {
    const globexMembers = await t.request('GET', `${members.list.path}?currentPage=1`, { token: globex, ip });
    const globexMemberId = globexMembers.json.response.listdata[0]._id as string;
    const res = await withKey(readKey, 'GET', `${members.get.path}?memberId=${globexMemberId}`);
    expect(res.status).toBe(404);
  });

  it('a read-write key writes within its keys, into its own enterprise', async () => {
    const { secret } = await createKey(owner, {
      name: 'Groups sync',
      permissions: ['groups'],
      access: 'read-write',
    });
    const res = await withKey(secret, 'POST', groups.add.path, { name: 'Created by key', memberIds: [] });
    expect(res.status, res.json.message).toBe(200);
    const row = await t.deps.db
      .selectFrom('groups')
      .select('enterprise_id')
      .where('id', '=', res.json.response._id)
      .executeTakeFirstOrThrow();
    expect(row.enterprise_id).toBe(acmeId);
  });

  it("a key without a role's permissions cannot give it, and the refusal names the key and what it lacks", async () => {
    const { secret } = await createKey(owner, {
      name: 'HR invites',
      permissions: ['members'],
      access: 'read-write',
    });
    const learner = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('enterprise_id', '=', acmeId)
      .where('name', '=', 'Learner')
      .executeTakeFirstOrThrow();
    const body = { name: 'Lea Learner', email: 'lea.learner@acme.example', roleId: learner.id };
    const refused = await withKey(secret, 'POST', members.invite.path, body);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'This API key cannot give the role "Learner": the key lacks Dashboard. Make a key with it.',
    );
    // A key holding the role's permissions (Dashboard included) invites.
    const able = await createKey(owner, {
      name: 'HR invites 2',
      permissions: ['members', 'dashboard'],
      access: 'read-write',
    });
    const invited = await withKey(able.secret, 'POST', members.invite.path, body);
    expect(invited.status, invited.json.message).toBe(200);
  });

  it('answers 401 to a malformed, unknown or wrong key, and to a revoked one from the next request on', async () => {
    for (const bad of [
      'nonsense',
      'coach_live_',
      `coach_live_000000000000_${'0'.repeat(64)}`,
      `${readKey.slice(0, -1)}${readKey.endsWith('0') ? '1' : '0'}`,
    ]) {
      const res = await withKey(bad, 'GET', members.list.path);
      expect(res.status, bad).toBe(401);
    }
    const { key, secret } = await createKey(owner, {
      name: 'Short-lived',
      permissions: ['members'],
      access: 'read',
    });
    expect((await withKey(secret, 'GET', members.list.path)).status).toBe(200);
    const revoke = await t.request('POST', apiKeys.revoke.path, {
      token: owner,
      ip,
      body: { keyId: key._id },
    });
    expect(revoke.status).toBe(200);
    expect(apiKeys.revoke.response.parse(revoke.json.response).revokedAt).not.toBeNull();
    const after = await withKey(secret, 'GET', members.list.path);
    expect(after.status).toBe(401);
    expect(after.json.message).toMatch(/revoked/);
    const revoked = await t.deps.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'api-key.revoke')
      .execute();
    expect(revoked.some((row) => JSON.parse(row.details).keyId === key._id)).toBe(true);
  });

  it('answers 429 with Retry-After once the key passes its limit per minute', async () => {
    const { secret, key } = await createKey(owner, {
      name: 'Busy',
      permissions: ['members'],
      access: 'read',
    });
    const before = t.deps.config.apiKeyRateLimit;
    t.deps.config.apiKeyRateLimit = 3;
    try {
      for (let i = 0; i < 3; i++) expect((await withKey(secret, 'GET', members.list.path)).status).toBe(200);
      const limited = await withKey(secret, 'GET', members.list.path);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Said as the key's rate, not as failed attempts at something.
      expect(limited.json.message).toBe(
        `Too many calls with this key: at most 3 a minute. Try again in ${retryAfter} s`,
      );
      // Refused uses count and are audited too (several may share a millisecond, so compare them sorted).
      expect((await usesOf(key._id)).map((use) => use.status).sort()).toEqual([200, 200, 200, 429]);
    } finally {
      t.deps.config.apiKeyRateLimit = before;
    }
  });
});

describe('API keys: a key holds only what its creator holds', () => {
  let adminToken: string;
  let roleId: string;
  let userId: string;

  beforeAll(async () => {
    // member10 becomes an admin-named role holding Members only (not the default admin).
    roleId = crypto.randomUUID();
    await t.deps.db
      .insertInto('roles')
      .values({ id: roleId, enterprise_id: acmeId, name: 'Admin', permissions: '["members"]', is_system: 0 })
      .execute();
    const user = await t.deps.db
      .updateTable('users')
      .set({ role_id: roleId })
      .where('email', '=', 'member10@acme.example')
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    adminToken = await t.fullLogin('member10@acme.example', 'enterprise', ip);
  });

  it('refuses at creation, with 403, a permission key the creator does not hold', async () => {
    const res = await t.request('POST', apiKeys.create.path, {
      token: adminToken,
      ip,
      body: { name: 'Too much', permissions: ['members', 'groups'], access: 'read' },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/Groups/);
  });

  it('loses a permission its creator loses, and stops when the creator is deactivated', async () => {
    const { secret } = await createKey(adminToken, {
      name: 'Limited',
      permissions: ['members'],
      access: 'read',
    });
    expect((await withKey(secret, 'GET', members.list.path)).status).toBe(200);
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: '["dashboard"]' })
      .where('id', '=', roleId)
      .execute();
    expect((await withKey(secret, 'GET', members.list.path)).status).toBe(403);
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: '["members"]' })
      .where('id', '=', roleId)
      .execute();
    expect((await withKey(secret, 'GET', members.list.path)).status).toBe(200);
    await t.deps.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', userId).execute();
    const stopped = await withKey(secret, 'GET', members.list.path);
    expect(stopped.status).toBe(401);
    expect(stopped.json.message).toMatch(/no longer active/);
  });
});
