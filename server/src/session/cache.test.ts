import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { courses } from '@coach/shared/contract/courses';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { BoundedCache } from './cache.ts';

/**
 * The session of a call keeps the checked signature of its token and the parsed permissions and flags
 * between requests. None of it may outlive a change: each case warms the path with a first request, changes
 * something, and expects the very next request to see it.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string, ip: string) => t.request('GET', enterpriseAuth.me.path, { token, ip });
const getMembers = (token: string, ip: string) =>
  t.request('GET', `${members.list.path}?currentPage=1`, { token, ip });

const acme = async () =>
  t.deps.db
    .selectFrom('enterprises')
    .select('id')
    .where('name', '=', 'Acme Learning')
    .executeTakeFirstOrThrow();

describe('no stale session after a change', () => {
  it("a role's permissions edited apply to its members' very next request, both ways", async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const role = await t.deps.db
      .selectFrom('roles')
      .innerJoin('users', 'users.role_id', 'roles.id')
      .select(['roles.id', 'roles.name', 'roles.permissions'])
      .where('users.email', '=', 'staff@acme.example')
      .executeTakeFirstOrThrow();
    const before = JSON.parse(role.permissions) as string[];
    expect(before).toContain('members');
    expect((await getMembers(staff, ip)).status).toBe(200);
    expect((await getMembers(staff, ip)).status).toBe(200);

    const edit = (permissions: string[]) =>
      t.request('POST', roles.edit.path, {
        token: owner,
        ip,
        body: { roleId: role.id, name: role.name, permissions },
      });
    expect((await edit(before.filter((p) => p !== 'members'))).status).toBe(200);
    const refused = await getMembers(staff, ip);
    expect(refused.status).toBe(403);
    expect((await me(staff, ip)).json.response.roleId.permissions).not.toContain('members');

    expect((await edit(before)).status).toBe(200);
    expect((await getMembers(staff, ip)).status).toBe(200);
    expect((await me(staff, ip)).json.response.roleId.permissions).toContain('members');
  });

  it('a deactivated member is refused on the very next request, and reactivation does not revive the token', async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const mine = await me(learner, ip);
    expect(mine.status).toBe(200);
    const memberId = mine.json.response._id as string;
    expect((await me(learner, ip)).status).toBe(200);

    const status = (value: string) =>
      t.request('POST', members.changeStatus.path, { token: owner, ip, body: { memberId, status: value } });
    expect((await status('Inactive')).status).toBe(200);
    expect((await me(learner, ip)).status).toBe(401);
    expect((await status('Active')).status).toBe(200);
    expect((await me(learner, ip)).status).toBe(401);
    expect((await t.fullLogin('learner@acme.example', 'enterprise', ip)).length).toBeGreaterThan(0);
  });

  it('a logged-out token is refused on the very next request', async () => {
    const ip = t.freshIp();
    const token = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    expect((await me(token, ip)).status).toBe(200);
    expect((await me(token, ip)).status).toBe(200);
    expect((await t.request('POST', enterpriseAuth.logout.path, { token, ip })).status).toBe(200);
    const after = await me(token, ip);
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('Your session has ended. Please log in again.');
  });

  it('a feature flag switched by the platform admin applies to the very next request, both ways', async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const { id: enterpriseId } = await acme();
    const detail = await t.request('GET', `${adminEnterprises.detail.path}?enterpriseId=${enterpriseId}`, {
      adminToken: admin,
      ip,
    });
    const features = detail.json.response.features as Record<string, boolean>;
    expect(features.enableCourseFeature).toBe(true);
    const list = () => t.request('GET', courses.list.path, { token: owner, ip });
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);

    const switchTo = (on: boolean) =>
      t.request('POST', adminEnterprises.updateFeatures.path, {
        adminToken: admin,
        ip,
        body: { enterpriseId, features: { ...features, enableCourseFeature: on } },
      });
    expect((await switchTo(false)).status).toBe(200);
    const off = await list();
    expect(off.status).toBe(403);
    expect(off.json.code).toBe('FEATURE_DISABLED');
    expect((await me(owner, ip)).json.response.enterpriseId.enableCourseFeature).toBe(false);

    expect((await switchTo(true)).status).toBe(200);
    expect((await list()).status).toBe(200);
    expect((await me(owner, ip)).json.response.enterpriseId.enableCourseFeature).toBe(true);
  });

  it('a session ended or a role edited by another server process (straight in the database) applies at once', async () => {
    const ip = t.freshIp();
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    expect((await getMembers(staff, ip)).status).toBe(200);
    const role = await t.deps.db
      .selectFrom('roles')
      .innerJoin('users', 'users.role_id', 'roles.id')
      .select(['roles.id', 'roles.permissions'])
      .where('users.email', '=', 'staff@acme.example')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(['dashboard']) })
      .where('id', '=', role.id)
      .execute();
    expect((await getMembers(staff, ip)).status).toBe(403);
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: role.permissions })
      .where('id', '=', role.id)
      .execute();
    expect((await getMembers(staff, ip)).status).toBe(200);

    const { lid } = decodeJwt(staff) as { lid: string };
    await t.deps.db
      .updateTable('sessions')
      .set({ ended_at: new Date().toISOString(), ended_reason: 'logout' })
      .where('id', '=', lid)
      .execute();
    expect((await me(staff, ip)).status).toBe(401);
  });

  it('a log-in-as token ends with the platform admin behind it, on the very next request', async () => {
    const ip = t.freshIp();
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const { id: enterpriseId } = await acme();
    const res = await t.request('POST', adminEnterprises.loginAs.path, {
      adminToken: admin,
      ip,
      body: { enterpriseId },
    });
    const token = res.json.response.accesstoken as string;
    const first = await me(token, ip);
    expect(first.status).toBe(200);
    expect(first.json.response.loggedInAsAdmin).toBe(true);
    expect((await me(token, ip)).status).toBe(200);
    const { lid } = decodeJwt(admin) as { lid: string };
    // The admin's own session ends elsewhere (another process): the log-in-as token hangs on it.
    await t.deps.db
      .updateTable('sessions')
      .set({ ended_at: new Date().toISOString(), ended_reason: 'logout' })
      .where('id', '=', lid)
      .execute();
    expect((await me(token, ip)).status).toBe(401);
  });

  it('a token whose signature was checked before is still refused once it expires', async () => {
    const ip = t.freshIp();
    const real = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const claims = decodeJwt(real) as { sub: string; ent: string; lid: string };
    const short = await t.deps.tokens.sign(
      { sub: claims.sub, aud: 'enterprise', ent: claims.ent, mfa: true, lid: claims.lid },
      // Whole seconds: a 1 s token signed late in a second may expire before a loaded machine first sends it.
      3,
    );
    expect((await me(short, ip)).status).toBe(200);
    const { exp = 0 } = decodeJwt(short);
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 50));
    const after = await me(short, ip);
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('Your session has expired. Please log in again.');
    // A token differing in one signature character is checked afresh, not matched to the cached one.
    const tampered = `${real.slice(0, -2)}${real.at(-2) === 'A' ? 'B' : 'A'}${real.at(-1)}`;
    expect((await me(real, ip)).status).toBe(200);
    expect((await me(tampered, ip)).status).toBe(401);
  });
});

describe('refusals still hold with warm caches', () => {
  it('a member without the permission is refused every time, and another tenant never reads this one', async () => {
    const ip = t.freshIp();
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    for (let i = 0; i < 3; i++) expect((await getMembers(learner, ip)).status).toBe(403);
    const staffId = (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'staff@acme.example')
        .executeTakeFirstOrThrow()
    ).id;
    const byId = (token: string) =>
      t.request('GET', `${members.get.path}?memberId=${staffId}`, { token, ip });
    expect((await byId(owner)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await byId(globex)).status).toBe(404);
    // An enterprise token is no admin token, cached or not.
    expect((await t.request('GET', adminEnterprises.detail.path, { adminToken: owner, ip })).status).toBe(
      401,
    );
  });
});

describe('BoundedCache', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const cache = new BoundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});
