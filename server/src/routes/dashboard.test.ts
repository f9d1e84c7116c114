import { DEFAULT_THEME_SETTINGS } from '@coach/shared/constants/theme';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { enterpriseReports } from '@coach/shared/contract/reports';
import { roles } from '@coach/shared/contract/roles';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let globex: string;
const ip = '10.9.5.1';
const today = new Date().toISOString().slice(0, 10);

type Dashboard = {
  range: { startDate: string; endDate: string };
  members: { total: number; invited: number; active: number; joined: number };
  groups: number;
  tasks: { assigned: number };
  activity: { day: string; activeMembers: number }[];
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

const dashboard = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.request('GET', `${enterpriseGeneral.myDashboard.path}?${new URLSearchParams(query)}`, {
    token,
    ip,
  });
  return { ...res, data: res.json.response as Dashboard };
};

describe('general/my-dashboard', () => {
  it('answers the last 30 days by default with members, active members and a point per day', async () => {
    const { status, data } = await dashboard(owner);
    expect(status).toBe(200);
    expect(data.range.endDate).toBe(today);
    expect(data.activity).toHaveLength(30);
    expect(data.activity.at(-1)?.day).toBe(today);
    expect(data.members.total).toBe(63);
    // Today's sign-ins (owner, staff) are counted with the seeded history.
    expect(data.activity.at(-1)?.activeMembers).toBeGreaterThanOrEqual(2);
    expect(data.members.active).toBeGreaterThan(2);
    expect(data.members.active).toBeLessThanOrEqual(data.members.total);
    const perDayMax = Math.max(...data.activity.map((d) => d.activeMembers));
    expect(data.members.active).toBeGreaterThanOrEqual(perDayMax);
    expect(data.groups).toBeGreaterThan(10);
  });

  it('narrows to one group and to a date range', async () => {
    const list = await t.request('GET', `${groups.list.path}?searchInput=Mentors`, { token: owner, ip });
    const mentors = (list.json.response as { listdata: { _id: string; memberCount: number }[] }).listdata[0];
    const { data } = await dashboard(owner, {
      groupId: mentors?._id ?? '',
      startDate: '2026-01-01',
      endDate: '2026-01-07',
    });
    expect(data.members.total).toBe(mentors?.memberCount);
    expect(data.activity.map((d) => d.day)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
  });

  it('refuses a reversed or too long range naming the field, another tenant group, and a role without the key', async () => {
    const reversed = await dashboard(owner, { startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.json.field).toBe('endDate');
    const long = await dashboard(owner, { startDate: '2024-01-01', endDate: '2026-01-01' });
    expect(long.status).toBe(422);
    expect(long.json.message).toContain('at most one year');

    const theirs = await t.request('GET', `${groups.list.path}`, { token: globex, ip });
    const globexGroup = (theirs.json.response as { listdata: { _id: string }[] }).listdata[0]?._id ?? '';
    expect((await dashboard(owner, { groupId: globexGroup })).status).toBe(404);

    // Globex's own dashboard knows nothing of Acme's members.
    expect((await dashboard(globex)).data.members.total).toBe(1);
    expect((await dashboard(staff)).status).toBe(200);
  });

  it('answers 403 to a learner (dashboard without members) and to a role without the dashboard key, from its next request on', async () => {
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    // The seeded Learner role holds `dashboard` alone: a home of their own, not the company's figures.
    expect((await dashboard(learner)).status).toBe(403);
    const options = await t.request('GET', roles.options.path, { token: owner, ip });
    const learnerRole = (options.json.response as { _id: string; name: string }[]).find(
      (r) => r.name === 'Learner',
    );
    const edit = (permissions: string[]) =>
      t.request('POST', roles.edit.path, {
        token: owner,
        ip,
        body: { roleId: learnerRole?._id, name: 'Learner', permissions },
      });
    expect((await edit(['dashboard', 'members'])).status).toBe(200);
    expect((await dashboard(learner)).status).toBe(200);
    expect((await edit(['members', 'content-library'])).status).toBe(200);
    expect((await dashboard(learner)).status).toBe(403);
    expect((await edit(['dashboard'])).status).toBe(200);
  });
});

describe('invited is not joined', () => {
  const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
  const linkToken = (mail: string | null) => /password\/reset\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
  const reportMembers = async () =>
    (
      (await t.request('GET', enterpriseReports.overview.path, { token: owner, ip })).json.response as {
        members: number;
      }
    ).members;
  const detail = async (memberId: string) =>
    (await t.request('GET', `${members.get.path}?memberId=${memberId}`, { token: owner, ip })).json
      .response as {
      invitePending: boolean;
      invitedAt: string | null;
      joinedAt: string | null;
    };

  it('an enterprise admin inviting people sees them counted apart until they accept, on the dashboard, the report and the member page', async () => {
    const before = (await dashboard(owner)).data;
    const reportBefore = await reportMembers();
    const options = await t.request('GET', roles.options.path, { token: owner, ip });
    const roleId = (options.json.response as { _id: string; name: string }[]).find(
      (r) => r.name === 'Learner',
    )?._id;
    const invited: string[] = [];
    for (const email of ['una@acme.example', 'vic@acme.example']) {
      const res = await post(members.invite.path, owner, { name: email, email, roleId });
      expect(res.status).toBe(200);
      invited.push((res.json.response as { _id: string })._id);
    }
    const pending = (await dashboard(owner)).data;
    expect(pending.members).toMatchObject({
      total: before.members.total,
      invited: before.members.invited + 2,
      joined: before.members.joined,
    });
    expect(await reportMembers()).toBe(reportBefore);
    const una = await detail(invited[0] ?? '');
    expect(una).toMatchObject({ invitePending: true, joinedAt: null });
    expect(una.invitedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Una accepts: she joins today, and only then counts as a (new) member.
    const token = linkToken(t.lastMail('una@acme.example'));
    expect(
      (await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Speak-Clearly-42' })).status,
    ).toBe(200);
    const accepted = (await dashboard(owner)).data;
    expect(accepted.members).toMatchObject({
      total: before.members.total + 1,
      invited: before.members.invited + 1,
      joined: before.members.joined + 1,
    });
    expect(await reportMembers()).toBe(reportBefore + 1);
    const joined = await detail(invited[0] ?? '');
    expect(joined).toMatchObject({ invitePending: false });
    expect(joined.joinedAt?.slice(0, 10)).toBe(today);

    // Another enterprise's figures know nothing of Acme's invitations.
    expect((await dashboard(globex)).data.members).toMatchObject({ total: 1, invited: 0 });
  });
});

describe("a new company's first steps (setup, for the Getting started card)", () => {
  const password = 'First-day-2026!';
  const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
  const setupOf = async (token: string, query: Record<string, string> = {}) => {
    const res = await dashboard(token, query);
    expect(res.status, res.json.message).toBe(200);
    return (res.json.response as { setup: Record<string, boolean> }).setup;
  };

  it('ticks each step from the company’s own data as it is done, never from another tenant’s, whatever the group or range', async () => {
    // Acme has taken every step: people, groups, assigned tasks and its own colours.
    expect(await setupOf(owner)).toEqual({ people: true, group: true, taskAssigned: true, branded: true });
    // Globex's owner sees Globex's, not Acme's.
    const globexSetup = await setupOf(globex);
    expect(globexSetup.people).toBe(false);

    const email = 'nadia@first-day.example';
    expect(
      (
        await t.request('POST', enterpriseAuth.register.path, {
          ip,
          body: { company_name: 'First Day Co', name: 'Nadia Owner', email, password },
        })
      ).status,
    ).toBe(200);
    const verify = /verify-email\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
    expect(
      (await t.request('POST', enterpriseAuth.verifyEmail.path, { ip, body: { token: verify } })).status,
    ).toBe(200);
    const nadia = await t.fullLogin(email, 'enterprise', ip, password);
    // A brand-new company: nothing done, though Acme and Globex have people, groups and tasks.
    expect(await setupOf(nadia)).toEqual({
      people: false,
      group: false,
      taskAssigned: false,
      branded: false,
    });

    // 1. Invite someone (pending is enough: the step is to invite).
    const options = await t.request('GET', roles.options.path, { token: nadia, ip });
    const learnerRole = (options.json.response as { _id: string; name: string }[]).find(
      (r) => r.name === 'Learner',
    )?._id;
    const invited = await post(members.invite.path, nadia, {
      name: 'Omar',
      email: 'omar@first-day.example',
      roleId: learnerRole,
    });
    expect(invited.status, invited.json.message).toBe(200);
    const omarId = (invited.json.response as { _id: string })._id;
    expect(await setupOf(nadia)).toEqual({ people: true, group: false, taskAssigned: false, branded: false });

    // 2. Make a group; the steps stay the company's whatever group or range the figures show.
    const group = await post(groups.add.path, nadia, { name: 'Sales', memberIds: [] });
    expect(group.status, group.json.message).toBe(200);
    const groupId = (group.json.response as { _id: string })._id;
    expect(await setupOf(nadia, { groupId, startDate: '2026-01-01', endDate: '2026-01-07' })).toMatchObject({
      people: true,
      group: true,
      taskAssigned: false,
    });

    // 3. Create a task and assign it.
    const task = await post(tasks.addTask.path, nadia, {
      type: 7,
      title: 'Introduce yourself',
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      questions: ['Who are you?'],
    });
    expect(task.status, task.json.message).toBe(200);
    expect((await setupOf(nadia)).taskAssigned).toBe(false);
    const taskId = (task.json.response as { _id: string })._id;
    const assigned = await post(tasks.assignTaskUsers.path, nadia, { taskIds: [taskId], userIds: [omarId] });
    expect(assigned.status, assigned.json.message).toBe(200);
    expect(await setupOf(nadia)).toEqual({ people: true, group: true, taskAssigned: true, branded: false });
    // The figures count the members' tasks, as the reports do: Omar has not joined, his task waits for him.
    expect((await dashboard(nadia)).data.tasks.assigned).toBe(0);
    const omarLink = /password\/reset\/([A-Za-z0-9_-]+)/.exec(
      t.lastMail('omar@first-day.example') ?? '',
    )?.[1];
    const joined = await post(enterpriseAuth.resetPassword.path, '', { token: omarLink, password });
    expect(joined.status, joined.json.message).toBe(200);
    expect((await dashboard(nadia)).data.tasks.assigned).toBe(1);

    // 4. Its own colours (saving the defaults again is not branding).
    const theme = (navBackgroundColor: string) => ({
      themeSettings: { ...DEFAULT_THEME_SETTINGS, navBackgroundColor },
    });
    expect((await post(enterpriseGeneral.updateThemeSettings.path, nadia, theme('#1f2937'))).status).toBe(
      200,
    );
    expect((await setupOf(nadia)).branded).toBe(false);
    expect((await post(enterpriseGeneral.updateThemeSettings.path, nadia, theme('#0B3D2E'))).status).toBe(
      200,
    );
    expect(await setupOf(nadia)).toEqual({ people: true, group: true, taskAssigned: true, branded: true });

    // Nothing First Day Co did shows in Globex's steps.
    expect(await setupOf(globex)).toEqual(globexSetup);
  });

  it('a group given a task before anyone is in it counts as a task assigned', async () => {
    const email = 'gus@group-first.example';
    await t.request('POST', enterpriseAuth.register.path, {
      ip,
      body: { company_name: 'Group First', name: 'Gus', email, password },
    });
    const verify = /verify-email\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';
    await t.request('POST', enterpriseAuth.verifyEmail.path, { ip, body: { token: verify } });
    const gus = await t.fullLogin(email, 'enterprise', ip, password);
    const group = await post(groups.add.path, gus, { name: 'Empty', memberIds: [] });
    const task = await post(tasks.addTask.path, gus, {
      type: 7,
      title: 'Warm-up',
      category: 'Communication',
      level: 1,
      timeMinutes: 5,
      expirySeconds: 604800,
      questions: ['Ready?'],
    });
    const given = await post(tasks.assignTaskGroupUsers.path, gus, {
      taskIds: [(task.json.response as { _id: string })._id],
      groupIds: [(group.json.response as { _id: string })._id],
    });
    expect(given.status, given.json.message).toBe(200);
    expect(await setupOf(gus)).toEqual({ people: false, group: true, taskAssigned: true, branded: false });
  });

  it('tells nothing of the steps to a learner (dashboard without members): 403', async () => {
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    const res = await dashboard(learner);
    expect(res.status).toBe(403);
    expect(res.json.response).toBeUndefined();
  });
});
