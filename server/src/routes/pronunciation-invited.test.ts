import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// Invited is not joined: the pronunciation settings count a group's members who joined, its invitees apart,
// as the groups list does (groups-invited.test.ts).

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let globex: string;
let learnerId: string;
const ip = '10.9.23.8';

type Row = { groupId: string; groupName: string; memberCount: number; invitedCount: number };

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string) => t.request('GET', path, { token, ip });
const listed = async (token: string, searchQuery: string) =>
  ((await post(token, pronunciationConfig.list.path, { searchQuery })).json.response as { listdata: Row[] })
    .listdata;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, globex, learnerId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('pronunciation settings of a group with an invitee', () => {
  it('count one member and one invited until the invitee accepts; another enterprise’s group stays as it was', async () => {
    // Globex has a group of the same name, of its own default admin.
    const globexMe = (await get(globex, enterpriseAuth.me.path)).json.response as { _id: string };
    const theirs = await post(globex, groups.add.path, { name: 'Late Shift', memberIds: [globexMe._id] });
    expect(theirs.status, theirs.json.message).toBe(200);
    const created = await post(owner, groups.add.path, { name: 'Late Shift', memberIds: [learnerId] });
    expect(created.status, created.json.message).toBe(200);
    const groupId = (created.json.response as { _id: string })._id;
    expect(await listed(owner, 'Late Shift')).toMatchObject([{ groupId, memberCount: 1, invitedCount: 0 }]);

    // Nia is invited into the group and has not accepted the invitation.
    const options = (await get(owner, roles.options.path)).json.response as { _id: string; name: string }[];
    const invite = await post(owner, members.invite.path, {
      name: 'Nia Newcomer',
      email: 'nia@acme.example',
      roleId: options.find((role) => role.name === 'Learner')?._id,
      groupIds: [groupId],
    });
    expect(invite.status, invite.json.message).toBe(200);

    expect(await listed(owner, 'Late Shift')).toMatchObject([{ groupId, memberCount: 1, invitedCount: 1 }]);
    // Saving the group's settings answers the same counts.
    const saved = await post(owner, pronunciationConfig.update.path, {
      groupId,
      accent: 'en-GB',
      passingScore: 80,
      strictness: 'standard',
    });
    expect(saved.status, saved.json.message).toBe(200);
    expect(saved.json.response).toMatchObject({ groupId, memberCount: 1, invitedCount: 1 });
    // Globex's group of the same name knows nothing of Acme's invitee.
    expect(await listed(globex, 'Late Shift')).toMatchObject([{ memberCount: 1, invitedCount: 0 }]);

    // Nia accepts: she has joined, and counts as a member like the other.
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail('nia@acme.example') ?? '')?.[1];
    const accepted = await post('', enterpriseAuth.resetPassword.path, { token, password: 'Late-Lark-2026' });
    expect(accepted.status, accepted.json.message).toBe(200);
    expect(await listed(owner, 'Late Shift')).toMatchObject([{ groupId, memberCount: 2, invitedCount: 0 }]);
    expect(await listed(globex, 'Late Shift')).toMatchObject([{ memberCount: 1, invitedCount: 0 }]);
  });
});
