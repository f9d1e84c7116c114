import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let staffId: string;
let learnerId: string;
let roleId: Record<string, string>;
const ip = '10.9.7.1';

type Option = { _id: string; name: string };
const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
const csv = (text: string) => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), 'people.csv');
  return form;
};
const roleOptions = async () =>
  Object.fromEntries(
    ((await t.request('GET', roles.options.path, { token: owner, ip })).json.response as Option[]).map(
      (r) => [r.name, r._id],
    ),
  );
const roleOf = async (memberId: string) =>
  (await t.request('GET', `${members.get.path}?memberId=${memberId}`, { token: owner, ip })).json.response
    ?.role?.name as string | undefined;

/** Invites someone with a role (as the owner), sets their password through the link, and signs them in. */
const memberWithRole = async (email: string, role: string) => {
  const invited = await post(members.invite.path, owner, { name: email.split('@')[0], email, roleId: role });
  expect(invited.status).toBe(200);
  const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
  const set = await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Another-pass-2026' });
  expect(set.status).toBe(200);
  return {
    id: invited.json.response._id as string,
    token: await t.fullLogin(email, 'enterprise', ip, 'Another-pass-2026'),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, staffId, learnerId } = await t.signInSeeded(ip));
  roleId = await roleOptions();
});
afterAll(async () => {
  await t?.close();
});

describe('nobody grants what they do not hold', () => {
  it('a staff member cannot give themself the Admin role', async () => {
    const res = await post(members.update.path, staff, {
      memberId: staffId,
      roleId: roleId.Admin,
      groupIds: [],
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('You cannot change your own role');
    expect(await roleOf(staffId)).toBe('Staff');
    // Their groups are theirs to edit all the same when the role stays.
    const same = await post(members.update.path, staff, {
      memberId: staffId,
      roleId: roleId.Staff,
      groupIds: [],
    });
    expect(same.status).toBe(200);
  });

  it('a staff member cannot make a learner an Admin, and can give the Learner role', async () => {
    const res = await post(members.update.path, staff, {
      memberId: learnerId,
      roleId: roleId.Admin,
      groupIds: [],
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('Only an admin can give the role "Admin"');
    expect(await roleOf(learnerId)).toBe('Learner');
  });

  it('a staff member cannot invite an Admin, and the address gets no invitation', async () => {
    const res = await post(members.invite.path, staff, {
      name: 'Mallory',
      email: 'mallory@acme.example',
      roleId: roleId.Admin,
    });
    expect(res.status).toBe(403);
    expect(t.lastMail('mallory@acme.example')).toBeNull();
    const learner = await post(members.invite.path, staff, {
      name: 'Nia',
      email: 'nia@acme.example',
      roleId: roleId.Learner,
    });
    expect(learner.status).toBe(200);
  });

  it('a staff member cannot deactivate, reactivate or delete an admin, and still manages learners', async () => {
    const admin = await memberWithRole('out-of-reach@acme.example', roleId.Admin ?? '');
    const statusOf = async (memberId: string) =>
      (await t.request('GET', `${members.get.path}?memberId=${memberId}`, { token: owner, ip })).json.response
        ?.status as string | undefined;
    const off = await post(members.changeStatus.path, staff, { memberId: admin.id, status: 'Inactive' });
    expect(off.status).toBe(403);
    expect(off.json.message).toBe('You cannot deactivate a member whose role you could not give');
    expect(await statusOf(admin.id)).toBe('Active');
    // The admin's session was not ended.
    expect((await t.request('GET', enterpriseAuth.me.path, { token: admin.token, ip })).status).toBe(200);
    const removed = await post(members.remove.path, staff, { memberId: admin.id });
    expect(removed.status).toBe(403);
    expect(removed.json.message).toBe('You cannot delete a member whose role you could not give');
    expect(await roleOf(admin.id)).toBe('Admin');
    // Switched off by the owner, the admin stays off for the staff member too.
    expect(
      (await post(members.changeStatus.path, owner, { memberId: admin.id, status: 'Inactive' })).status,
    ).toBe(200);
    const on = await post(members.changeStatus.path, staff, { memberId: admin.id, status: 'Active' });
    expect(on.status).toBe(403);
    expect(on.json.message).toBe('You cannot activate a member whose role you could not give');
    expect(await statusOf(admin.id)).toBe('Inactive');
    // A learner is theirs to switch off and on.
    const learnerOff = await post(members.changeStatus.path, staff, {
      memberId: learnerId,
      status: 'Inactive',
    });
    expect(learnerOff.status).toBe(200);
    expect(await statusOf(learnerId)).toBe('Inactive');
    expect(
      (await post(members.changeStatus.path, staff, { memberId: learnerId, status: 'Active' })).status,
    ).toBe(200);
  });

  it('a staff member cannot resend the invitation of a pending admin, whose link keeps working', async () => {
    const email = 'pending-admin@acme.example';
    const linkOf = () => /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
    const invited = await post(members.invite.path, owner, {
      name: 'Pending Admin',
      email,
      roleId: roleId.Admin,
    });
    expect(invited.status).toBe(200);
    const link = linkOf();
    const resent = await post(members.resendInvite.path, staff, { memberId: invited.json.response._id });
    expect(resent.status).toBe(403);
    expect(resent.json.message).toBe(
      'You cannot resend the invitation of a member whose role you could not give',
    );
    expect(linkOf()).toBe(link);
    expect((await post(enterpriseAuth.checkResetToken.path, '', { token: link })).status).toBe(200);
    // A pending learner's invitation is theirs to send again.
    const learner = await post(members.invite.path, staff, {
      name: 'Pending Learner',
      email: 'pending-learner@acme.example',
      roleId: roleId.Learner,
    });
    expect(
      (await post(members.resendInvite.path, staff, { memberId: learner.json.response._id })).status,
    ).toBe(200);
  });

  it('the role picker marks the roles a caller may give: all for the owner, not Admin for a staff member', async () => {
    const grantableTo = async (token: string) =>
      Object.fromEntries(
        (
          (await t.request('GET', roles.options.path, { token, ip })).json.response as (Option & {
            grantable: boolean;
          })[]
        ).map((r) => [r.name, r.grantable]),
      );
    const forOwner = await grantableTo(owner);
    expect(Object.values(forOwner).every(Boolean)).toBe(true);
    const forStaff = await grantableTo(staff);
    expect(forStaff.Admin).toBe(false);
    expect(forStaff.Learner).toBe(true);
    // What the picker says is what the server does: the Admin role refused, the Learner role given.
    const asAdmin = await post(members.update.path, staff, {
      memberId: learnerId,
      roleId: roleId.Admin,
      groupIds: [],
    });
    expect(asAdmin.status).toBe(403);
  });

  it('a staff member importing a CSV that names Admin gets that row refused with the reason', async () => {
    const res = await t.request('POST', members.importCsv.path, {
      token: staff,
      ip,
      form: csv('name,email,role\nEve,eve@acme.example,Admin\nOla,ola@acme.example,Learner\n'),
    });
    expect(res.status).toBe(200);
    expect(res.json.response.imported).toEqual([{ row: 3, email: 'ola@acme.example' }]);
    expect(res.json.response.errors).toEqual([
      { row: 2, field: 'role', message: 'Only an admin can give the role "Admin"' },
    ]);
    expect(t.lastMail('eve@acme.example')).toBeNull();
  });

  it('a role with keys the giver lacks is refused, naming them', async () => {
    const made = await post(roles.add.path, owner, {
      name: 'Reporter',
      permissions: ['dashboard', 'reports'],
    });
    expect(made.status).toBe(200);
    const res = await post(members.invite.path, staff, {
      name: 'Rex',
      email: 'rex@acme.example',
      roleId: made.json.response._id,
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(
      'You cannot give the role "Reporter": it includes permissions you do not have (Reports)',
    );
  });

  it('a role without limits is given by the default admin only', async () => {
    const open = await post(roles.add.path, owner, { name: 'Unlimited', permissions: [] });
    expect(open.status).toBe(200);
    const byStaff = await post(members.update.path, staff, {
      memberId: learnerId,
      roleId: open.json.response._id,
      groupIds: [],
    });
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.message).toContain('no permission limits');
    const byOwner = await post(members.invite.path, owner, {
      name: 'Uma',
      email: 'uma@acme.example',
      roleId: open.json.response._id,
    });
    expect(byOwner.status).toBe(200);
  });

  it('a staff member cannot demote an admin', async () => {
    const admin = await memberWithRole('second-admin@acme.example', roleId.Admin ?? '');
    const res = await post(members.update.path, staff, {
      memberId: admin.id,
      roleId: roleId.Learner,
      groupIds: [],
    });
    expect(res.status).toBe(403);
    expect(await roleOf(admin.id)).toBe('Admin');
  });

  it('a member who manages roles cannot widen their own role or define one beyond their keys', async () => {
    const keeper = await post(roles.add.path, owner, {
      name: 'Role keeper',
      permissions: ['dashboard', 'roles'],
    });
    const me = await memberWithRole('keeper@acme.example', keeper.json.response._id);
    const widen = await post(roles.edit.path, me.token, {
      roleId: keeper.json.response._id,
      name: 'Role keeper',
      permissions: ['dashboard', 'roles', 'members'],
    });
    expect(widen.status).toBe(403);
    expect(widen.json.message).toBe('You cannot change the role you hold');
    const beyond = await post(roles.add.path, me.token, { name: 'Members too', permissions: ['members'] });
    expect(beyond.status).toBe(403);
    expect(beyond.json.message).toContain('(Members)');
    const unlimited = await post(roles.add.path, me.token, { name: 'Everything', permissions: [] });
    expect(unlimited.status).toBe(403);
    const renamed = await post(roles.edit.path, me.token, {
      roleId: roleId.Learner,
      name: 'admin',
      permissions: ['dashboard'],
    });
    expect(renamed.status).toBe(403);
    const within = await post(roles.add.path, me.token, { name: 'Viewer', permissions: ['dashboard'] });
    expect(within.status).toBe(200);
  });
});

describe('what an invitation tells the inviter', () => {
  it('an inviter learns that an address has an account elsewhere at most ten times an hour', async () => {
    const invite = (email: string) =>
      post(members.invite.path, owner, { name: 'Someone', email, roleId: roleId.Learner });
    const here = await invite('staff@acme.example');
    expect(here.status).toBe(422);
    expect(here.json.message).toBe('email: This email already belongs to a member of your organisation');
    const elsewhere = await invite('owner@globex.example');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.message).toBe(
      'email: This email already has a Coach account with another organisation',
    );
    for (let i = 0; i < 9; i++) await invite('owner@globex.example');
    const throttled = await invite('owner@globex.example');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Addresses of its own members and new ones are not held back.
    expect((await invite('staff@acme.example')).status).toBe(422);
    expect((await invite('brand-new@acme.example')).status).toBe(200);
  });
});
