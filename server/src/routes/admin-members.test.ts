import { adminMembers } from '@coach/shared/contract/admin-members';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let owner: string;
const ip = '10.9.7.2';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type MemberJson = {
  _id: string;
  name: string;
  email: string;
  enterprise: { _id: string; company_name: string };
  status: 'Active' | 'Inactive';
  isDefaultAdmin: boolean;
  invitePending: boolean;
};
type PageJson = { currentPage: number; totalPages: number; totalCount: number; listdata: MemberJson[] };

const learnerRoleId = async () => {
  const options = await t.request('GET', roles.options.path, { token: owner, ip });
  return (
    (options.json.response as { _id: string; name: string }[]).find((r) => r.name === 'Learner')?._id ?? ''
  );
};
const call = (path: string, body: unknown = {}) => t.request('POST', path, { adminToken: admin, ip, body });
const list = async (body: Record<string, unknown> = {}) =>
  (await call(adminMembers.list.path, body)).json.response as PageJson;
const find = async (email: string) => {
  const member = (await list({ searchInput: email })).listdata.find((m) => m.email === email);
  if (!member) throw new Error(`no ${email}`);
  return member;
};

describe('admin members across enterprises', () => {
  it('a platform admin sees a member who has not accepted the invitation as invite-pending', async () => {
    const invited = await t.request('POST', members.invite.path, {
      token: owner,
      ip,
      body: { name: 'Ivy Invited', email: 'ivy.invited@acme.example', roleId: await learnerRoleId() },
    });
    expect(invited.status).toBe(200);
    expect(await find('ivy.invited@acme.example')).toMatchObject({ status: 'Active', invitePending: true });
    expect(await find('owner@acme.example')).toMatchObject({ status: 'Active', invitePending: false });
    // The status filter says it as the enterprise's own list: Active has joined, Invited not yet.
    const emails = async (searchInput: string, status: string) =>
      (await list({ searchInput, status })).listdata.map((member) => member.email);
    expect(await emails('ivy.invited', 'Invited')).toEqual(['ivy.invited@acme.example']);
    expect(await emails('ivy.invited', 'Active')).toEqual([]);
    expect(await emails('owner@acme', 'Active')).toEqual(['owner@acme.example']);
    expect(await emails('owner@acme', 'Invited')).toEqual([]);
    const bad = await call(adminMembers.list.path, { status: 'Pending' });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      field: 'status',
      message: 'status: Status is Active, Invited or Inactive',
    });
  });

  it('an enterprise token gets 401 on every admin members call', async () => {
    for (const entry of Object.values(adminMembers)) {
      const res = await t.request('POST', entry.path, { token: owner, ip, body: {} });
      expect(res.status, entry.path).toBe(401);
    }
  });

  it('a platform admin lists members of every enterprise, 25 a page, searching name, email and enterprise', async () => {
    const first = await list();
    expect(first.listdata).toHaveLength(25);
    expect(first.totalPages).toBeGreaterThan(1);
    const names = first.listdata.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const second = await list({ currentPage: 2 });
    expect(second.listdata[0]?._id).not.toBe(first.listdata[0]?._id);

    const globex = await list({ searchInput: 'globex' });
    expect(globex.listdata.map((m) => m.email)).toContain('owner@globex.example');
    const gina = globex.listdata.find((m) => m.email === 'owner@globex.example');
    expect(gina).toMatchObject({ name: 'Gina Globex', enterprise: { company_name: 'Globex Training' } });

    const byName = await list({ searchInput: 'Lee Learner' });
    expect(byName.listdata.map((m) => m.email)).toEqual(['learner@acme.example']);
    const byEnterprise = await list({ enterpriseId: gina?.enterprise._id });
    expect(byEnterprise.listdata.every((m) => m.enterprise.company_name === 'Globex Training')).toBe(true);
  });

  it('a platform admin deactivates a member, whose token stops working at once, then reactivates them', async () => {
    const staffToken = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    expect((await t.request('GET', enterpriseAuth.me.path, { token: staffToken, ip })).status).toBe(200);
    const staff = await find('staff@acme.example');
    const off = await call(adminMembers.setStatus.path, { memberId: staff._id, status: 'Inactive' });
    expect(off.status).toBe(200);
    expect(off.json.message).toBe('Member deactivated');
    expect(off.json.response).toMatchObject({ _id: staff._id, status: 'Inactive' });
    expect((await t.request('GET', enterpriseAuth.me.path, { token: staffToken, ip })).status).toBe(401);
    expect((await list({ searchInput: 'staff@acme', status: 'Inactive' })).totalCount).toBe(1);

    const on = await call(adminMembers.setStatus.path, { memberId: staff._id, status: 'Active' });
    expect(on.json.response).toMatchObject({ status: 'Active' });
    const audits = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'details'])
      .where('action', '=', 'member.status-changed')
      .execute();
    const recorded = audits.map((a) => ({ kind: a.actor_kind, ...JSON.parse(a.details) }));
    expect(recorded).toHaveLength(2);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { kind: 'admin', memberId: staff._id, status: 'Inactive' },
        { kind: 'admin', memberId: staff._id, status: 'Active' },
      ]),
    );
  });

  it("a platform admin cannot deactivate an enterprise's default admin (409)", async () => {
    const olivia = await find('owner@acme.example');
    const res = await call(adminMembers.setStatus.path, { memberId: olivia._id, status: 'Inactive' });
    expect(res.status).toBe(409);
    expect((await find('owner@acme.example')).status).toBe('Active');
  });

  it('names bad fields (422) and answers 404 for an unknown member', async () => {
    const bad = await call(adminMembers.setStatus.path, { memberId: 'x', status: 'Paused' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('status');
    const unknown = await call(adminMembers.setStatus.path, { memberId: 'nope', status: 'Inactive' });
    expect(unknown.status).toBe(404);
  });
});
