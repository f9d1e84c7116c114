import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m051LearnerRoles } from '../db/migration-051-learner-roles.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let globex: string;
const ip = '10.9.0.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query = '') => t.request('GET', `${roles.list.path}${query}`, { token, ip });
type RoleJson = {
  _id: string;
  name: string;
  permissions: string[];
  memberCount: number;
  invitedCount: number;
  isDefaultAdminRole: boolean;
};
const rolesOf = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json.response as { listdata: RoleJson[] }).listdata;

describe('roles', () => {
  it('lists the enterprise roles with their keys and holders, searchable and sortable', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    const all = rolesOf(res);
    expect(all.map((r) => r.name)).toEqual(['Admin', 'Learner', 'Staff']);
    const admin = all.find((r) => r.name === 'Admin');
    expect(admin).toMatchObject({ isDefaultAdminRole: true, permissions: [...PERMISSION_KEYS] });
    expect(all.find((r) => r.name === 'Staff')).toMatchObject({
      permissions: ['dashboard', 'members', 'groups'],
      memberCount: 1,
      isDefaultAdminRole: false,
    });
    expect(rolesOf(await list(owner, '?searchInput=sta')).map((r) => r.name)).toEqual(['Staff']);
    const byMembers = rolesOf(await list(owner, '?sort_by=members&sort_type=desc'));
    expect(byMembers[0]?.memberCount).toBeGreaterThanOrEqual(byMembers[1]?.memberCount ?? 0);
    // Globex sees only its own roles.
    expect(rolesOf(await list(globex)).some((r) => r.name === 'Staff')).toBe(false);
  });

  it('a role without the roles key gets 403 on every roles call', async () => {
    expect((await list(staff)).status).toBe(403);
    const add = await t.request('POST', roles.add.path, {
      token: staff,
      ip,
      body: { name: 'X', permissions: [] },
    });
    expect(add.status).toBe(403);
    expect(add.json.code).toBe('FORBIDDEN');
  });

  it('creates, renames and deletes a role; names are unique per enterprise', async () => {
    const created = await t.request('POST', roles.add.path, {
      token: owner,
      ip,
      body: { name: 'Coach', permissions: ['reports', 'dashboard'] },
    });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe('Role created successfully');
    const role = created.json.response as RoleJson;
    // Keys come back in the spec's order.
    expect(role.permissions).toEqual(['dashboard', 'reports']);

    const duplicate = await t.request('POST', roles.add.path, {
      token: owner,
      ip,
      body: { name: 'coach', permissions: [] },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.field).toBe('name');
    // Another enterprise may use the same name.
    const elsewhere = await t.request('POST', roles.add.path, {
      token: globex,
      ip,
      body: { name: 'Coach', permissions: [] },
    });
    expect(elsewhere.status).toBe(200);

    const edited = await t.request('POST', roles.edit.path, {
      token: owner,
      ip,
      body: { roleId: role._id, name: 'Senior Coach', permissions: ['reports'] },
    });
    expect(edited.json.response).toMatchObject({ name: 'Senior Coach', permissions: ['reports'] });

    const removed = await t.request('POST', roles.remove.path, {
      token: owner,
      ip,
      body: { roleId: role._id },
    });
    expect(removed.status).toBe(200);
    expect(rolesOf(await list(owner)).some((r) => r._id === role._id)).toBe(false);
  });

  it("another enterprise's role ids are 404 for edit and delete", async () => {
    const acmeStaff = rolesOf(await list(owner)).find((r) => r.name === 'Staff');
    const edit = await t.request('POST', roles.edit.path, {
      token: globex,
      ip,
      body: { roleId: acmeStaff?._id, name: 'Hijacked', permissions: [] },
    });
    expect(edit.status).toBe(404);
    const remove = await t.request('POST', roles.remove.path, {
      token: globex,
      ip,
      body: { roleId: acmeStaff?._id },
    });
    expect(remove.status).toBe(404);
    expect(rolesOf(await list(owner)).find((r) => r._id === acmeStaff?._id)?.name).toBe('Staff');
  });

  it('refuses to delete a role members hold, and the default admin keeps every permission', async () => {
    const all = rolesOf(await list(owner));
    const learner = all.find((r) => r.name === 'Learner');
    const remove = await t.request('POST', roles.remove.path, {
      token: owner,
      ip,
      body: { roleId: learner?._id },
    });
    expect(remove.status).toBe(409);
    expect(remove.json.message).toBe('61 members hold this role. Give them another role first.');

    const admin = all.find((r) => r.isDefaultAdminRole);
    const strip = await t.request('POST', roles.edit.path, {
      token: owner,
      ip,
      body: { roleId: admin?._id, name: 'Admin', permissions: ['dashboard'] },
    });
    expect(strip.status).toBe(422);
    expect(strip.json.field).toBe('permissions');
    const removeAdmin = await t.request('POST', roles.remove.path, {
      token: owner,
      ip,
      body: { roleId: admin?._id },
    });
    expect(removeAdmin.status).toBe(409);
  });

  it("a role change applies on its holders' next request", async () => {
    const staffRole = rolesOf(await list(owner)).find((r) => r.name === 'Staff');
    const withRoles = await t.request('POST', roles.edit.path, {
      token: owner,
      ip,
      body: {
        roleId: staffRole?._id,
        name: 'Staff',
        permissions: ['dashboard', 'members', 'groups', 'roles'],
      },
    });
    expect(withRoles.status).toBe(200);
    expect((await list(staff)).status).toBe(200);
    await t.request('POST', roles.edit.path, {
      token: owner,
      ip,
      body: { roleId: staffRole?._id, name: 'Staff', permissions: ['dashboard', 'members', 'groups'] },
    });
    expect((await list(staff)).status).toBe(403);
  });

  it('bad input names the field', async () => {
    const noName = await t.request('POST', roles.add.path, {
      token: owner,
      ip,
      body: { name: '  ', permissions: [] },
    });
    expect(noName.status).toBe(422);
    expect(noName.json.field).toBe('name');
    const badKey = await t.request('POST', roles.add.path, {
      token: owner,
      ip,
      body: { name: 'Odd', permissions: ['root'] },
    });
    expect(badKey.status).toBe(422);
    expect(String(badKey.json.field)).toMatch(/^permissions/);
    const badSort = await list(owner, '?sort_by=age');
    expect(badSort.status).toBe(422);
    expect(badSort.json.field).toBe('sort_by');
  });

  it('a company made before Learner roles existed gets one (migration 051), once; one that has it keeps its own', async () => {
    const db = t.connectAgain();
    try {
      const globexRoles = async () =>
        rolesOf(await list(globex)).map((r) => [r.name, r.permissions.join(',')]);
      // As an older release left Globex: no role named Learner (its members keep the renamed one).
      const globexId = (
        await db
          .selectFrom('enterprises')
          .select('id')
          .where('name', '=', 'Globex Training')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .updateTable('roles')
        .set({ name: 'Trainee' })
        .where('enterprise_id', '=', globexId)
        .where('name', '=', 'Learner')
        .execute();
      const acmeBefore = rolesOf(await list(owner)).map((r) => r._id);
      await m051LearnerRoles.up(db);
      const after = await globexRoles();
      expect(after).toContainEqual(['Learner', 'dashboard']);
      expect(after).toContainEqual(['Trainee', 'dashboard']);
      // Acme had a Learner role: nothing added. A second run adds nothing anywhere.
      expect(rolesOf(await list(owner)).map((r) => r._id)).toEqual(acmeBefore);
      await m051LearnerRoles.up(db);
      expect(await globexRoles()).toEqual(after);
    } finally {
      await db.destroy();
    }
  });
});

describe('invited is not joined', () => {
  const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
  const addRole = async (name: string) => {
    const res = await post(owner, roles.add.path, { name, permissions: ['dashboard'] });
    expect(res.json.response).toMatchObject({ memberCount: 0, invitedCount: 0 });
    return (res.json.response as RoleJson)._id;
  };
  const invite = async (email: string, roleId: string) => {
    const res = await post(owner, members.invite.path, { name: email, email, roleId });
    expect(res.status, res.json.message).toBe(200);
  };
  const counted = async (token: string, roleId: string) => {
    const role = rolesOf(await list(token)).find((r) => r._id === roleId);
    return { memberCount: role?.memberCount, invitedCount: role?.invitedCount };
  };

  it('a role held by one member who joined and one invitee counts one member and one invited; another enterprise’s roles stay', async () => {
    const globexBefore = rolesOf(await list(globex));
    const porter = await addRole('Night Porter');
    await invite('nina@acme.example', porter);
    await invite('otto@acme.example', porter);
    expect(await counted(owner, porter)).toEqual({ memberCount: 0, invitedCount: 2 });
    // Otto accepts the invitation; Nina has not.
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail('otto@acme.example') ?? '')?.[1];
    expect(
      (await post('', enterpriseAuth.resetPassword.path, { token, password: 'Late-Shift-2026' })).status,
    ).toBe(200);
    expect(await counted(owner, porter)).toEqual({ memberCount: 1, invitedCount: 1 });
    const refused = await post(owner, roles.remove.path, { roleId: porter });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('1 member holds this role. Give them another role first.');
    // Globex's roles know nothing of Acme's invitations.
    expect(rolesOf(await list(globex))).toEqual(globexBefore);
  });

  it('a role only invitees hold cannot be deleted either: they get it on accepting', async () => {
    const greeter = await addRole('Door Greeter');
    await invite('pia@acme.example', greeter);
    expect(await counted(owner, greeter)).toEqual({ memberCount: 0, invitedCount: 1 });
    const refused = await post(owner, roles.remove.path, { roleId: greeter });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      '1 invited person, not joined yet, holds this role. Give them another role first.',
    );
    expect(rolesOf(await list(owner)).some((r) => r._id === greeter)).toBe(true);
  });
});
