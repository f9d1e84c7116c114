import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// Invited is not joined: a group's member count holds the people who joined, its invitees are counted apart.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let globex: string;
let learnerId: string;
const ip = '10.9.23.7';

type Counts = { _id: string; name: string; memberCount: number; invitedCount: number };
type Detail = Counts & { members: { _id: string; email: string; invitePending: boolean }[] };

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const listed = async (token: string, searchInput = '') =>
  ((await get(token, groups.list.path, { searchInput })).json.response as { listdata: Counts[] }).listdata;
const detail = async (groupId: string) =>
  (await get(owner, groups.get.path, { groupId })).json.response as Detail;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, globex, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('a group with an invitee', () => {
  it('counts one member and one invited until the invitee accepts; another enterprise’s groups stay as they were', async () => {
    // Globex has a group of the same name, of its own default admin.
    const globexMe = (await get(globex, enterpriseAuth.me.path)).json.response as { _id: string };
    const theirs = await post(globex, groups.add.path, { name: 'Night Shift', memberIds: [globexMe._id] });
    expect(theirs.json.response).toMatchObject({ memberCount: 1, invitedCount: 0 });
    const globexBefore = await listed(globex);
    const created = await post(owner, groups.add.path, { name: 'Night Shift', memberIds: [learnerId] });
    expect(created.status, created.json.message).toBe(200);
    const group = created.json.response as Counts;
    expect(group).toMatchObject({ memberCount: 1, invitedCount: 0 });

    // Ned is invited into the group and has not accepted the invitation.
    const options = (await get(owner, roles.options.path)).json.response as { _id: string; name: string }[];
    const invite = await post(owner, members.invite.path, {
      name: 'Ned Newcomer',
      email: 'ned@acme.example',
      roleId: options.find((role) => role.name === 'Learner')?._id,
      groupIds: [group._id],
    });
    expect(invite.status, invite.json.message).toBe(200);
    const nedId = (invite.json.response as { _id: string })._id;

    expect((await listed(owner, 'Night Shift'))[0]).toMatchObject({ memberCount: 1, invitedCount: 1 });
    const pending = await detail(group._id);
    expect(pending).toMatchObject({ memberCount: 1, invitedCount: 1 });
    // The detail lists both, the invitee marked as such.
    expect(Object.fromEntries(pending.members.map((m) => [m._id, m.invitePending]))).toEqual({
      [learnerId]: false,
      [nedId]: true,
    });
    // Saving the group answers the same counts.
    const edited = await post(owner, groups.edit.path, {
      groupId: group._id,
      name: 'Night Shift',
      memberIds: [learnerId, nedId],
    });
    expect(edited.json.response).toMatchObject({ memberCount: 1, invitedCount: 1 });

    // Ned accepts: he has joined, and is a member of the group like the other.
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail('ned@acme.example') ?? '')?.[1];
    const accepted = await post('', enterpriseAuth.resetPassword.path, { token, password: 'Night-Owl-2026' });
    expect(accepted.status, accepted.json.message).toBe(200);
    expect((await listed(owner, 'Night Shift'))[0]).toMatchObject({ memberCount: 2, invitedCount: 0 });
    expect((await detail(group._id)).members.every((m) => !m.invitePending)).toBe(true);

    // Globex's groups know nothing of Acme's invitee.
    expect(await listed(globex)).toEqual(globexBefore);
    expect((await listed(globex, 'Night Shift'))[0]).toMatchObject({ memberCount: 1, invitedCount: 0 });
  });
});
