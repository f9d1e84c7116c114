import { assignablePeople } from '@coach/shared/contract/assignable-people';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// Invited is not joined (services/common/joined.ts): the members list's Active lists the members who joined, its
// Invited the invitees, and the assign pickers count a group's invitees apart.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
let groupId: string;
const ids: Record<string, string> = {};
const ip = '10.9.31.4';

type Page = {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  listdata: { _id: string; email: string; status: string; invitePending: boolean }[];
};
type Person = {
  _id: string;
  name: string;
  email: string | null;
  memberCount: number | null;
  invitedCount?: number | null;
};

const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const listed = async (token: string, query: Record<string, string>) => {
  const res = await get(token, members.list.path, query);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as Page;
};
const emailsOf = (page: Page) => page.listdata.map((m) => m.email).sort();
const learnerRole = async (token: string) =>
  ((await get(token, roles.options.path)).json.response as { _id: string; name: string }[]).find(
    (role) => role.name === 'Learner',
  )?._id;
const invite = async (token: string, name: string, email: string, groupIds: string[] = []) => {
  const res = await post(token, members.invite.path, {
    name,
    email,
    roleId: await learnerRole(token),
    groupIds,
  });
  expect(res.status, res.json.message).toBe(200);
  return (res.json.response as { _id: string })._id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, globex } = await t.signInSeeded(ip));
  // A new team on its first day: the group's two people are both invited, a third invitee is deactivated.
  const created = await post(owner, groups.add.path, { name: 'Dayone Sales Team', memberIds: [] });
  expect(created.status, created.json.message).toBe(200);
  groupId = (created.json.response as { _id: string })._id;
  ids.ivy = await invite(owner, 'Ivy Dayone', 'ivy.dayone@acme.example', [groupId]);
  ids.ian = await invite(owner, 'Ian Dayone', 'ian.dayone@acme.example', [groupId]);
  ids.dee = await invite(owner, 'Dee Dayone', 'dee.dayone@acme.example');
  const off = await post(owner, members.changeStatus.path, { memberId: ids.dee, status: 'Inactive' });
  expect(off.status, off.json.message).toBe(200);
  // Another enterprise's invitee, with the same kind of name and a group of the same name.
  const theirs = await post(globex, groups.add.path, { name: 'Dayone Sales Team', memberIds: [] });
  ids.gale = await invite(globex, 'Gale Dayone', 'gale.dayone@globex.example', [
    (theirs.json.response as { _id: string })._id,
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("the assign pickers' people, invitees counted apart", () => {
  it('a task author sees a group of invitees as 0 members and its invitees, and can pick the invitees', async () => {
    const found = await get(owner, assignablePeople.forTasks.path, { kind: 'groups', searchInput: 'Dayone' });
    expect(found.status, found.json.message).toBe(200);
    expect(found.json.response).toEqual([
      { _id: groupId, name: 'Dayone Sales Team', email: null, memberCount: 0, invitedCount: 2 },
    ]);
    const people = (
      await get(owner, assignablePeople.forTasks.path, { kind: 'members', searchInput: 'Dayone' })
    ).json.response as Person[];
    // The invitee can be assigned to (it waits for them); the deactivated one cannot.
    expect(people.map((p) => p.email).sort()).toEqual(['ian.dayone@acme.example', 'ivy.dayone@acme.example']);
    expect(people.every((p) => p.memberCount === null && p.invitedCount === null)).toBe(true);
  });

  it("counts only the enterprise's own invitees in a group of the same name", async () => {
    const theirs = (
      await get(globex, assignablePeople.forContent.path, { kind: 'groups', searchInput: 'Dayone' })
    ).json.response as Person[];
    expect(
      theirs.map(({ name, memberCount, invitedCount }) => ({ name, memberCount, invitedCount })),
    ).toEqual([{ name: 'Dayone Sales Team', memberCount: 0, invitedCount: 1 }]);
  });
});

describe('the members list filtered by status, invitees apart', () => {
  it('an admin filtering on Invited finds only their own active invitees, counted and paged', async () => {
    const invited = await listed(owner, { status: 'Invited' });
    expect(emailsOf(invited)).toEqual(['ian.dayone@acme.example', 'ivy.dayone@acme.example']);
    expect(invited.totalCount).toBe(2);
    expect(invited.listdata.every((m) => m.status === 'Active' && m.invitePending)).toBe(true);
    // One a page: two pages, the count the same on each.
    const first = await listed(owner, { status: 'Invited', limit: '1' });
    const second = await listed(owner, { status: 'Invited', limit: '1', currentPage: '2' });
    expect([first.totalCount, first.totalPages, second.totalCount, second.totalPages]).toEqual([2, 2, 2, 2]);
    expect([...emailsOf(first), ...emailsOf(second)].sort()).toEqual(emailsOf(invited));
    // Searching and the top-bar group filter narrow the same way (the search's own query).
    expect(emailsOf(await listed(owner, { status: 'Invited', searchInput: 'dayone' }))).toEqual(
      emailsOf(invited),
    );
    const inGroup = await listed(owner, { status: 'Invited', selected_group: groupId });
    expect([inGroup.totalCount, ...emailsOf(inGroup)]).toEqual([2, ...emailsOf(invited)]);
  });

  it('an admin filtering on Active finds the members who joined and no invitee; Inactive keeps the deactivated', async () => {
    const active = await listed(owner, { status: 'Active', limit: '100' });
    expect(active.listdata.length).toBeGreaterThan(0);
    expect(active.listdata.every((m) => m.status === 'Active' && !m.invitePending)).toBe(true);
    expect(emailsOf(active)).toContain('learner@acme.example');
    expect(emailsOf(active)).not.toContain('ivy.dayone@acme.example');
    const searched = await listed(owner, { status: 'Active', searchInput: 'dayone' });
    expect([searched.totalCount, searched.listdata]).toEqual([0, []]);
    expect((await listed(owner, { status: 'Active', selected_group: groupId })).totalCount).toBe(0);
    // The deactivated invitee shows Inactive, and is listed there, not under Invited.
    const inactive = await listed(owner, { status: 'Inactive', searchInput: 'dayone' });
    expect(emailsOf(inactive)).toEqual(['dee.dayone@acme.example']);
    // All is still everyone: the three filters share it out.
    const counts = await Promise.all(
      (
        [{}, { status: 'Active' }, { status: 'Invited' }, { status: 'Inactive' }] as Record<string, string>[]
      ).map(async (query) => (await listed(owner, query)).totalCount),
    );
    expect(counts[0]).toBe((counts[1] ?? 0) + (counts[2] ?? 0) + (counts[3] ?? 0));
  });

  it('an invitee who accepts moves from Invited to Active', async () => {
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail('ivy.dayone@acme.example') ?? '')?.[1];
    const accepted = await post('', enterpriseAuth.resetPassword.path, { token, password: 'Ivy-Joins-2026' });
    expect(accepted.status, accepted.json.message).toBe(200);
    expect(emailsOf(await listed(owner, { status: 'Invited' }))).toEqual(['ian.dayone@acme.example']);
    expect(emailsOf(await listed(owner, { status: 'Active', searchInput: 'dayone' }))).toEqual([
      'ivy.dayone@acme.example',
    ]);
  });

  it("never lists or counts another enterprise's invitees", async () => {
    const acme = await listed(owner, { status: 'Invited', limit: '100' });
    expect(emailsOf(acme)).not.toContain('gale.dayone@globex.example');
    const theirs = await listed(globex, { status: 'Invited', limit: '100' });
    expect([theirs.totalCount, ...emailsOf(theirs)]).toEqual([1, 'gale.dayone@globex.example']);
    const searched = await listed(globex, { status: 'Invited', searchInput: 'dayone' });
    expect([searched.totalCount, ...emailsOf(searched)]).toEqual([1, 'gale.dayone@globex.example']);
  });

  it('refuses a caller without the members permission, and names a status it does not know', async () => {
    expect((await get(learner, members.list.path, { status: 'Invited' })).status).toBe(403);
    const bad = await get(owner, members.list.path, { status: 'Pending' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('status');
    expect(bad.json.message).toMatch(/Active.*Inactive.*Invited/);
  });
});
