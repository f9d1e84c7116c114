import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
const ip = '10.9.1.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type Page<T> = { currentPage: number; totalPages: number; totalCount: number; listdata: T[] };
type MemberJson = {
  _id: string;
  name: string;
  email: string;
  role: { name: string };
  groups: { _id: string; name: string }[];
  status: string;
};
type GroupJson = { _id: string; name: string; memberCount: number };

const get = async <T>(path: string, token: string, query: Record<string, string> = {}) => {
  const res = await t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
  return { ...res, page: res.json.response as Page<T> };
};
const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });

describe('member list', () => {
  it('pages 25 at a time, searches name and email, and sorts', async () => {
    const first = await get<MemberJson>(members.list.path, owner);
    expect(first.status).toBe(200);
    // 3 named demo users + 60 members.
    expect(first.page.totalCount).toBe(63);
    expect(first.page.totalPages).toBe(3);
    expect(first.page.listdata).toHaveLength(25);
    const names = first.page.listdata.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const third = await get<MemberJson>(members.list.path, owner, { currentPage: '3' });
    expect(third.page.listdata).toHaveLength(13);

    const search = await get<MemberJson>(members.list.path, owner, { searchInput: 'staff@acme' });
    expect(search.page.listdata.map((m) => m.email)).toEqual(['staff@acme.example']);
    expect(search.page.listdata[0]).toMatchObject({ role: { name: 'Staff' }, status: 'Active' });

    const desc = await get<MemberJson>(members.list.path, owner, { sort_by: 'email', sort_type: 'desc' });
    const emails = desc.page.listdata.map((m) => m.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('filters by the top-bar group, and another enterprise cannot see or filter by Acme groups', async () => {
    const acmeGroups = await get<GroupJson>(groups.list.path, owner, { searchInput: 'Sydney' });
    const sydney = acmeGroups.page.listdata[0];
    expect(sydney?.name).toBe('Sydney Office');
    const inSydney = await get<MemberJson>(members.list.path, owner, { selected_group: sydney?._id ?? '' });
    expect(inSydney.page.totalCount).toBe(sydney?.memberCount);
    for (const m of inSydney.page.listdata) expect(m.groups.map((g) => g.name)).toContain('Sydney Office');

    const crossTenant = await get<MemberJson>(members.list.path, globex, {
      selected_group: sydney?._id ?? '',
    });
    expect(crossTenant.status).toBe(404);
    const globexMembers = await get<MemberJson>(members.list.path, globex, { searchInput: 'acme' });
    expect(globexMembers.page.totalCount).toBe(0);
  });

  it('a role without the members key gets 403', async () => {
    const res = await get<MemberJson>(members.list.path, learner);
    expect(res.status).toBe(403);
  });
});

describe('groups', () => {
  it('creates a group with members, reads it, renames it and deletes it', async () => {
    const people = await get<MemberJson>(members.list.path, owner, { searchInput: 'member0' });
    const picked = people.page.listdata.slice(0, 3).map((m) => m._id);
    const created = await post(groups.add.path, owner, { name: 'Debate Club', memberIds: picked });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe('Group created successfully');
    const group = created.json.response as GroupJson;
    expect(group.memberCount).toBe(3);

    const detail = await get<never>(groups.get.path, owner, { groupId: group._id });
    expect((detail.json.response as { members: { _id: string }[] }).members.map((m) => m._id).sort()).toEqual(
      [...picked].sort(),
    );

    const duplicate = await post(groups.add.path, owner, { name: 'debate club', memberIds: [] });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.field).toBe('name');

    const edited = await post(groups.edit.path, owner, {
      groupId: group._id,
      name: 'Debate Society',
      memberIds: picked.slice(0, 1),
    });
    expect(edited.json.response).toMatchObject({ name: 'Debate Society', memberCount: 1 });

    const removed = await post(groups.remove.path, owner, { groupId: group._id });
    expect(removed.status).toBe(200);
    expect((await get<never>(groups.get.path, owner, { groupId: group._id })).status).toBe(404);
  });

  it("refuses another enterprise's member ids and group ids", async () => {
    const acmePeople = await get<MemberJson>(members.list.path, owner, { searchInput: 'member01' });
    const acmeMember = acmePeople.page.listdata[0]?._id ?? '';
    const foreign = await post(groups.add.path, globex, { name: 'Poached', memberIds: [acmeMember] });
    expect(foreign.status).toBe(422);
    expect(foreign.json.field).toBe('memberIds');

    const acmeGroup = (await get<GroupJson>(groups.list.path, owner)).page.listdata[0];
    const id = acmeGroup?._id ?? '';
    expect((await get<never>(groups.get.path, globex, { groupId: id })).status).toBe(404);
    expect((await post(groups.edit.path, globex, { groupId: id, name: 'Mine', memberIds: [] })).status).toBe(
      404,
    );
    expect((await post(groups.remove.path, globex, { groupId: id })).status).toBe(404);
    expect((await get<never>(groups.get.path, owner, { groupId: id })).status).toBe(200);
  });

  it('lists 10 a page with member counts, searchable and sortable; learners get 403', async () => {
    const first = await get<GroupJson>(groups.list.path, owner);
    expect(first.page.listdata).toHaveLength(10);
    expect(first.page.totalPages).toBe(3);
    const byMembers = await get<GroupJson>(groups.list.path, owner, {
      sort_by: 'members',
      sort_type: 'desc',
    });
    const counts = byMembers.page.listdata.map((g) => g.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await get<GroupJson>(groups.list.path, learner)).status).toBe(403);
    const bad = await get<GroupJson>(groups.list.path, owner, { sort_by: 'size' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('sort_by');
  });
});

describe('member actions', () => {
  const find = async (email: string) =>
    (await get<MemberJson & { _id: string }>(members.list.path, owner, { searchInput: email })).page
      .listdata[0];

  it('changes a member role and groups; roles and groups of another enterprise are refused', async () => {
    const member = await find('member10@acme.example');
    const roleList = (await t.request('GET', `/api/v1/enterprise/roles/get-roles`, { token: owner, ip })).json
      .response as { listdata: { _id: string; name: string }[] };
    const staffRole = roleList.listdata.find((r) => r.name === 'Staff');
    const someGroups = (await get<GroupJson>(groups.list.path, owner)).page.listdata.slice(0, 2);
    const res = await post(members.update.path, owner, {
      memberId: member?._id,
      roleId: staffRole?._id,
      groupIds: someGroups.map((g) => g._id),
    });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      role: { name: 'Staff' },
      groups: someGroups.map((g) => ({ _id: g._id, name: g.name })),
    });

    const globexRoles = (await t.request('GET', `/api/v1/enterprise/roles/get-roles`, { token: globex, ip }))
      .json.response as { listdata: { _id: string }[] };
    const foreignRole = await post(members.update.path, owner, {
      memberId: member?._id,
      roleId: globexRoles.listdata[0]?._id,
      groupIds: [],
    });
    expect(foreignRole.status).toBe(422);
    expect(foreignRole.json.field).toBe('roleId');
    const foreignMember = await post(members.update.path, globex, {
      memberId: member?._id,
      roleId: globexRoles.listdata[0]?._id,
      groupIds: [],
    });
    expect(foreignMember.status).toBe(404);
  });

  it('deactivating a member ends their session at once; activating lets them sign in again', async () => {
    const memberIp = '10.9.1.50';
    const token = await t.fullLogin('member20@acme.example', 'enterprise', memberIp);
    const member = await find('member20@acme.example');
    const off = await post(members.changeStatus.path, owner, { memberId: member?._id, status: 'Inactive' });
    expect(off.json.response).toMatchObject({ status: 'Inactive' });
    expect(
      (await t.request('GET', '/api/v1/enterprise/general/auth/me', { token, ip: memberIp })).status,
    ).toBe(401);
    const inactiveList = await get<MemberJson>(members.list.path, owner, { status: 'Inactive' });
    expect(inactiveList.page.listdata.map((m) => m.email)).toContain('member20@acme.example');
    await post(members.changeStatus.path, owner, { memberId: member?._id, status: 'Active' });
    // The old token stays dead; a new sign-in works.
    expect(
      (await t.request('GET', '/api/v1/enterprise/general/auth/me', { token, ip: memberIp })).status,
    ).toBe(401);
    const again = await t.fullLogin('member20@acme.example', 'enterprise', memberIp);
    expect(
      (await t.request('GET', '/api/v1/enterprise/general/auth/me', { token: again, ip: memberIp })).status,
    ).toBe(200);
  });

  it('protects the default admin and the caller, and deletes other members', async () => {
    const ownerRow = await find('owner@acme.example');
    const protectedOwner = await post(members.changeStatus.path, owner, {
      memberId: ownerRow?._id,
      status: 'Inactive',
    });
    expect(protectedOwner.status).toBe(409);
    expect((await post(members.remove.path, owner, { memberId: ownerRow?._id })).status).toBe(409);

    const member = await find('member30@acme.example');
    expect((await post(members.remove.path, globex, { memberId: member?._id })).status).toBe(404);
    const removed = await post(members.remove.path, owner, { memberId: member?._id });
    expect(removed.status).toBe(200);
    expect(await find('member30@acme.example')).toBeUndefined();
    expect((await post(members.remove.path, learner, { memberId: member?._id })).status).toBe(403);
  });
});
