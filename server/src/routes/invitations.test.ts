import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { narrowestGrantableRole, roles } from '@coach/shared/contract/roles';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, inviteeWithWaitingTasks } from '../testing/invitee-tasks.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
let learnerRoleId: string;
const ip = '10.9.3.1';

type Option = { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  const options = await t.request('GET', roles.options.path, { token: owner, ip });
  learnerRoleId = (options.json.response as Option[]).find((r) => r.name === 'Learner')?._id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
const linkToken = (mail: string | null) => /password\/reset\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
const csv = (text: string) => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), 'people.csv');
  return form;
};

describe("an invitee's tasks", () => {
  it('are due their time after the day the invitation is accepted, not after the day they were assigned', async () => {
    // Assigned five days ago with a week to do it; the invitation waited all that time.
    const { taskIds } = await inviteeWithWaitingTasks(t, {
      owner,
      ip,
      name: 'Wes Waiting',
      email: 'wes.waiting@acme.example',
      roleId: learnerRoleId,
      taskCount: 2,
    });
    const token = linkToken(t.lastMail('wes.waiting@acme.example'));
    const joined = Date.now();
    const set = await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Speak-Clearly-42' });
    expect(set.status, set.json.message).toBe(200);

    const wes = await t.fullLogin('wes.waiting@acme.example', 'enterprise', ip, 'Speak-Clearly-42');
    const mine = await t.request('GET', tasks.getMyTasks.path, { token: wes, ip });
    const rows = (mine.json.response as { listdata: { taskId: string; dueAt: string }[] }).listdata;
    expect(rows.map((row) => row.taskId).sort()).toEqual([...taskIds].sort());
    for (const row of rows) {
      const daysLeft = (Date.parse(row.dueAt) - joined) / DAY;
      expect(daysLeft).toBeGreaterThan(6.99);
      expect(daysLeft).toBeLessThan(7.01);
    }
  });
});

describe('inviting one member', () => {
  it('creates a pending member, emails a link, and the link sets the first password', async () => {
    const res = await post(members.invite.path, owner, {
      name: 'Ivy Invited',
      email: 'Ivy@Acme.example',
      roleId: learnerRoleId,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Invitation sent to ivy@acme.example');
    expect(res.json.response).toMatchObject({
      email: 'ivy@acme.example',
      invitePending: true,
      status: 'Active',
      role: { name: 'Learner' },
    });

    const mail = t.lastMail('ivy@acme.example');
    expect(mail).toContain('Subject: You are invited to Acme Learning on Coach');
    const token = linkToken(mail);
    expect(token).not.toBe('');

    // Before the password is chosen nobody can sign in as Ivy.
    const early = await post(enterpriseAuth.login.path, '', { email: 'ivy@acme.example', password: '' });
    expect(early.status).toBe(422);

    const check = await post(enterpriseAuth.checkResetToken.path, '', { token });
    expect(check.json.response).toEqual({
      valid: true,
      email: 'ivy@acme.example',
      purpose: 'invite',
      company: expect.objectContaining({ name: 'Acme Learning' }),
    });
    const set = await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Speak-Clearly-42' });
    expect(set.status).toBe(200);
    expect(set.json.message).toBe('Your password is set. Please log in.');

    // Single use, then a full sign-in with the second factor works.
    const again = await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Another-Pass-42' });
    expect(again.status).toBe(400);
    const ivy = await t.fullLogin('ivy@acme.example', 'enterprise', ip, 'Speak-Clearly-42');
    const me = await t.request('GET', enterpriseAuth.me.path, { token: ivy, ip });
    expect(me.json.response).toMatchObject({ email: 'ivy@acme.example', emailVerified: true });

    const list = await t.request('GET', `${members.list.path}?searchInput=ivy%40`, { token: owner, ip });
    expect(list.json.response).toMatchObject({ listdata: [{ invitePending: false }] });
  });

  it('refuses a taken email, a role of another enterprise, and a missing name, naming the field', async () => {
    const taken = await post(members.invite.path, owner, {
      name: 'Dup',
      email: 'owner@globex.example',
      roleId: learnerRoleId,
    });
    expect(taken.status).toBe(422);
    expect(taken.json.field).toBe('email');

    const foreignRole = await post(members.invite.path, globex, {
      name: 'Gus',
      email: 'gus@globex.example',
      roleId: learnerRoleId,
    });
    expect(foreignRole.status).toBe(422);
    expect(foreignRole.json.field).toBe('roleId');

    const noName = await post(members.invite.path, owner, {
      name: ' ',
      email: 'x@acme.example',
      roleId: 'r',
    });
    expect(noName.status).toBe(422);
    expect(noName.json.field).toBe('name');
  });

  it('needs the members permission', async () => {
    const res = await post(members.invite.path, learner, {
      name: 'Nope',
      email: 'nope@acme.example',
      roleId: learnerRoleId,
    });
    expect(res.status).toBe(403);
  });

  it('resends a fresh link and the old one stops working; another tenant gets 404', async () => {
    const invited = await post(members.invite.path, owner, {
      name: 'Rex Resend',
      email: 'rex@acme.example',
      roleId: learnerRoleId,
    });
    const memberId = (invited.json.response as { _id: string })._id;
    const first = linkToken(t.lastMail('rex@acme.example'));

    expect((await post(members.resendInvite.path, globex, { memberId })).status).toBe(404);
    const resent = await post(members.resendInvite.path, owner, { memberId });
    expect(resent.status).toBe(200);
    const second = linkToken(t.lastMail('rex@acme.example'));
    expect(second).not.toBe(first);
    expect((await post(enterpriseAuth.checkResetToken.path, '', { token: first })).status).toBe(400);
    expect((await post(enterpriseAuth.checkResetToken.path, '', { token: second })).status).toBe(200);
  });
});

describe('importing members from CSV', () => {
  it('imports every good row whole and reports each bad row by line', async () => {
    const file = csv(
      [
        'name,email,role,groups',
        'Cara Csv,cara@acme.example,Learner,Sales Onboarding;Engineering Leads',
        'No Email,,Learner,',
        'Bad Role,bad-role@acme.example,Astronaut,',
        'Dan Csv,dan@acme.example,learner,',
        'Twice,cara@acme.example,Learner,',
        'Taken,owner@acme.example,Learner,',
        'Ghost Group,ghost@acme.example,Learner,Nowhere',
      ].join('\n'),
    );
    const res = await t.request('POST', members.importCsv.path, { token: owner, ip, form: file });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('2 imported, 5 rows refused');
    expect(res.json.response).toEqual({
      imported: [
        { row: 2, email: 'cara@acme.example' },
        { row: 5, email: 'dan@acme.example' },
      ],
      errors: [
        { row: 3, field: 'email', message: 'Please enter a valid email' },
        { row: 4, field: 'role', message: 'No role is named "Astronaut"' },
        { row: 6, field: 'email', message: 'This email appears twice in the file' },
        { row: 7, field: 'email', message: 'This email already belongs to a member of your organisation' },
        { row: 8, field: 'groups', message: 'No group is named "Nowhere"' },
      ],
    });
    // The good rows are whole: groups set and an invitation mailed.
    const cara = await t.request('GET', `${members.list.path}?searchInput=cara%40`, { token: owner, ip });
    const row = (cara.json.response as { listdata: { groups: Option[]; invitePending: boolean }[] })
      .listdata[0];
    expect(row?.groups.map((g) => g.name).sort()).toEqual(['Engineering Leads', 'Sales Onboarding']);
    expect(row?.invitePending).toBe(true);
    expect(t.lastMail('dan@acme.example')).toContain('password/reset/');
    // Bad rows left nothing behind.
    const ghost = await t.request('GET', `${members.list.path}?searchInput=ghost%40`, { token: owner, ip });
    expect(ghost.json.response).toMatchObject({ totalCount: 0 });
  });

  it('reads the file a spreadsheet saves in Spanish: a byte-order mark, semicolons, groups quoted', async () => {
    const file = csv(
      [
        '\uFEFFname;email;role;groups',
        'Eva Excel;eva.excel@acme.example;Learner;"Sales Onboarding;Engineering Leads"',
        'Íñigo Excel;inigo.excel@acme.example;;',
      ].join('\r\n'),
    );
    const res = await t.request('POST', members.importCsv.path, { token: owner, ip, form: file });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({
      imported: [
        { row: 2, email: 'eva.excel@acme.example' },
        { row: 3, email: 'inigo.excel@acme.example' },
      ],
      errors: [],
    });
    const eva = await t.request('GET', `${members.list.path}?searchInput=eva.excel`, { token: owner, ip });
    const row = (eva.json.response as { listdata: { name: string; groups: Option[] }[] }).listdata[0];
    expect(row?.name).toBe('Eva Excel');
    expect(row?.groups.map((g) => g.name).sort()).toEqual(['Engineering Leads', 'Sales Onboarding']);
  });

  it('a member manager importing a row with an empty role gives it the role Invite starts from, and a role they may not give is refused plainly', async () => {
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const file = csv(
      [
        'name,email,role,groups',
        'Fay Norole,fay@acme.example,,',
        'Gus Admin,gus@acme.example,Admin,',
        'Hal Blank,hal@acme.example,  ,',
      ].join('\n'),
    );
    const res = await t.request('POST', members.importCsv.path, { token: staff, ip, form: file });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({
      imported: [
        { row: 2, email: 'fay@acme.example' },
        { row: 4, email: 'hal@acme.example' },
      ],
      errors: [{ row: 3, field: 'role', message: 'Only an admin can give the role "Admin"' }],
    });
    // The narrowest role the importer may give (Learner: dashboard alone), as the Invite form preselects it.
    const options = await t.request('GET', roles.options.path, { token: staff, ip });
    const optionList = options.json.response as (Option & { grantable: boolean; permissionCount: number })[];
    expect(narrowestGrantableRole(optionList)?.name).toBe('Learner');
    const fay = await t.request('GET', `${members.list.path}?searchInput=fay%40`, { token: owner, ip });
    expect(fay.json.response).toMatchObject({
      listdata: [{ role: { name: 'Learner' }, invitePending: true }],
    });
  });

  it("an empty role cell never gives a role without limits, and another enterprise's role names are unknown", async () => {
    // A role with no keys has no limits (spec §6): only the default admin may give it, and never by default.
    const unlimited = await t.deps.db
      .insertInto('roles')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: (
          await t.deps.db
            .selectFrom('users')
            .select('enterprise_id')
            .where('email', '=', 'owner@acme.example')
            .executeTakeFirstOrThrow()
        ).enterprise_id,
        name: 'Aaa Unlimited',
        permissions: '[]',
        is_system: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.request('POST', members.importCsv.path, {
      token: owner,
      ip,
      form: csv('name,email,role,groups\nIda Norole,ida@acme.example,,\n'),
    });
    expect(res.json.response).toMatchObject({ imported: [{ row: 2 }], errors: [] });
    const ida = await t.request('GET', `${members.list.path}?searchInput=ida%40`, { token: owner, ip });
    expect(ida.json.response).toMatchObject({ listdata: [{ role: { name: 'Learner' } }] });
    await t.deps.db.deleteFrom('roles').where('id', '=', unlimited.id).execute();

    const theirs = await t.request('POST', members.importCsv.path, {
      token: globex,
      ip,
      form: csv('name,email,role,groups\nJo Staff,jo@globex.example,Staff,\n'),
    });
    expect(theirs.json.response).toEqual({
      imported: [],
      errors: [{ row: 2, field: 'role', message: 'No role is named "Staff"' }],
    });
  });

  it('refuses a file without the header, an empty file and another audience', async () => {
    const noHeader = await t.request('POST', members.importCsv.path, {
      token: owner,
      ip,
      form: csv('Zed,zed@acme.example,Learner\n'),
    });
    expect(noHeader.status).toBe(422);
    expect(noHeader.json.field).toBe('file');
    expect(noHeader.json.message).toContain('name, email, role, groups');

    const empty = await t.request('POST', members.importCsv.path, {
      token: owner,
      ip,
      form: csv('name,email,role,groups\n'),
    });
    expect(empty.status).toBe(422);

    const denied = await t.request('POST', members.importCsv.path, { token: learner, ip, form: csv('x') });
    expect(denied.status).toBe(403);
  });
});

describe('member detail', () => {
  it('shows profile, groups and twelve weeks of activity; another tenant gets 404', async () => {
    const list = await t.request('GET', `${members.list.path}?searchInput=learner%40`, { token: owner, ip });
    const id = (list.json.response as { listdata: { _id: string }[] }).listdata[0]?._id ?? '';
    const res = await t.request('GET', `${members.get.path}?memberId=${id}`, { token: owner, ip });
    expect(res.status).toBe(200);
    const detail = res.json.response as {
      email: string;
      groups: Option[];
      activity: { week: string; activeDays: number }[];
    };
    expect(detail.email).toBe('learner@acme.example');
    expect(detail.groups.length).toBe(3);
    expect(detail.activity).toHaveLength(12);
    // The sign-in in beforeAll counts as this week's activity.
    expect(detail.activity.at(-1)?.activeDays).toBe(1);

    const foreign = await t.request('GET', `${members.get.path}?memberId=${id}`, { token: globex, ip });
    expect(foreign.status).toBe(404);
    const denied = await t.request('GET', `${members.get.path}?memberId=${id}`, { token: learner, ip });
    expect(denied.status).toBe(403);
  });
});
