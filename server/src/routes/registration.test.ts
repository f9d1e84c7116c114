import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.9.6.1';
const password = 'Brand-new-2026!';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, token?: string) =>
  t.request('POST', path, { ip, body, ...(token ? { token } : {}) });
const verifyToken = (email: string) =>
  /verify-email\/([A-Za-z0-9_-]+)/.exec(t.lastMail(email) ?? '')?.[1] ?? '';

describe('registration', () => {
  it('creates the company and its admin, who is held until the emailed link verifies the address', async () => {
    const res = await post(enterpriseAuth.register.path, {
      company_name: 'Initech',
      name: 'Peter Gibbons',
      email: 'Peter@Initech.example',
      password,
    });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ email: 'peter@initech.example' });
    expect(t.lastMail('peter@initech.example')).toContain('Subject: Verify your email for Coach');

    const token = await t.fullLogin('peter@initech.example', 'enterprise', ip, password);
    const me = await t.request('GET', enterpriseAuth.me.path, { token, ip });
    expect(me.json.response).toMatchObject({
      emailVerified: false,
      isDefaultAdmin: true,
      roleId: { name: 'Admin' },
      enterpriseId: { company_name: 'Initech' },
    });
    // Everything else waits for the verification.
    const held = await t.request('GET', members.list.path, { token, ip });
    expect(held.status).toBe(403);
    expect(held.json.code).toBe('EMAIL_NOT_VERIFIED');

    const resent = await post(enterpriseAuth.resendVerification.path, {}, token);
    expect(resent.status).toBe(200);
    expect(resent.json.response).toEqual({ sentTo: 'peter@initech.example' });

    const verified = await post(enterpriseAuth.verifyEmail.path, {
      token: verifyToken('peter@initech.example'),
    });
    expect(verified.status).toBe(200);
    const list = await t.request('GET', members.list.path, { token, ip });
    expect(list.status).toBe(200);
    // A new company sees only itself.
    expect(list.json.response).toMatchObject({
      totalCount: 1,
      listdata: [{ email: 'peter@initech.example' }],
    });
    const dashboard = await t.request('GET', enterpriseGeneral.myDashboard.path, { token, ip });
    expect(dashboard.json.response).toMatchObject({ members: { total: 1 }, groups: 0 });

    const again = await post(enterpriseAuth.resendVerification.path, {}, token);
    expect(again.status).toBe(409);
  });

  it('gives a new company a Learner role beside Admin, so its first invitations need not hand out every permission', async () => {
    await post(enterpriseAuth.register.path, {
      company_name: 'Hooli',
      name: 'Gavin Belson',
      email: 'gavin@hooli.example',
      password,
    });
    await post(enterpriseAuth.verifyEmail.path, { token: verifyToken('gavin@hooli.example') });
    const token = await t.fullLogin('gavin@hooli.example', 'enterprise', ip, password);
    const options = await t.request('GET', roles.options.path, { token, ip });
    expect(options.json.response).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Admin', grantable: true, permissionCount: PERMISSION_KEYS.length }),
        // The invite form starts from the role with the fewest permissions.
        expect.objectContaining({ name: 'Learner', grantable: true, permissionCount: 1 }),
      ]),
    );
    const listed = (await t.request('GET', roles.list.path, { token, ip })).json.response as {
      listdata: { _id: string; name: string; permissions: string[]; isDefaultAdminRole: boolean }[];
    };
    expect(listed.listdata.map((role) => role.name).sort()).toEqual(['Admin', 'Learner']);
    const learner = listed.listdata.find((role) => role.name === 'Learner');
    expect(learner).toMatchObject({ permissions: ['dashboard'], isDefaultAdminRole: false });
    // The company's own role to shape: it can be given more.
    const edited = await post(
      roles.edit.path,
      { roleId: learner?._id, name: 'Learner', permissions: ['dashboard', 'reports'] },
      token,
    );
    expect(edited.status, edited.json.message).toBe(200);
  });

  it('answers a taken email exactly as a new one, and tells the owner by mail instead', async () => {
    const fresh = await post(enterpriseAuth.register.path, {
      company_name: 'Fresh Co',
      name: 'Fay',
      email: 'fay@fresh.example',
      password,
    });
    const taken = await post(enterpriseAuth.register.path, {
      company_name: 'Copycat',
      name: 'Olivia',
      email: 'owner@acme.example',
      password,
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.json.message).toBe(fresh.json.message);
    expect(Object.keys(taken.json.response)).toEqual(Object.keys(fresh.json.response));
    expect(t.lastMail('owner@acme.example')).toContain('Subject: You already have a Coach account');
    const copycat = await t.deps.db
      .selectFrom('enterprises')
      .select('id')
      .where('name', '=', 'Copycat')
      .executeTakeFirst();
    expect(copycat).toBeUndefined();
  });

  it('refuses weak input, naming the field', async () => {
    const weak = await post(enterpriseAuth.register.path, {
      company_name: 'Tiny',
      name: 'T',
      email: 'tiny@tiny.example',
      password: 'short',
    });
    expect(weak.status).toBe(422);
    expect(weak.json.field).toBe('password');
    const noCompany = await post(enterpriseAuth.register.path, {
      company_name: '',
      name: 'T',
      email: 'tiny@tiny.example',
      password,
    });
    expect(noCompany.json.field).toBe('company_name');
  });
});
