import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { courses } from '@coach/shared/contract/courses';
import { members } from '@coach/shared/contract/members';
import { allCalls } from '@coach/shared/contract/registry';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let owner: string;
const ip = '10.9.7.1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  _id: string;
  company_name: string;
  memberCount: number;
  invitedCount: number;
  featuresOn: number;
  featuresTotal: number;
};
type Detail = {
  _id: string;
  company_name: string;
  memberCount: number;
  invitedCount: number;
  features: Record<string, boolean>;
};

const asAdmin = (method: 'GET' | 'POST', path: string, body?: object) =>
  t.request(method, path, { ip, ...t.tokenOpt('admin', admin), ...(body ? { body } : {}) });
const list = async (query = '') =>
  (await asAdmin('GET', `${adminGeneral.getEnterpriseList.path}${query}`)).json.response as {
    listdata: Row[];
    totalPages: number;
  };
const acme = async () => (await list('?searchInput=acme')).listdata[0] as Row;
const detail = async (enterpriseId: string) =>
  asAdmin('GET', `${adminEnterprises.detail.path}?enterpriseId=${encodeURIComponent(enterpriseId)}`);
const setFeatures = (enterpriseId: string, features: object) =>
  asAdmin('POST', adminEnterprises.updateFeatures.path, { enterpriseId, features });

describe('admin enterprises', () => {
  it('lists enterprises with members and a features summary, searchable', async () => {
    const all = await list();
    expect(all.listdata.length).toBeGreaterThanOrEqual(2);
    const row = await acme();
    expect(row.company_name).toBe('Acme Learning');
    expect(row.memberCount).toBeGreaterThan(0);
    expect(row.featuresTotal).toBe(13);
    expect((await list('?searchInput=zzz-none')).listdata).toEqual([]);
    const bad = await asAdmin('GET', `${adminGeneral.getEnterpriseList.path}?currentPage=0`);
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('currentPage');
  });

  it('lists enterprises A to Z whatever the case of their names, as the report filter does', async () => {
    // The seed's companies share one creation time; one added now is the newest, and its name starts lower case.
    expect(
      (
        await asAdmin('POST', adminEnterprises.add.path, {
          company_name: 'abacus tutoring',
          name: 'Abe Abacus',
          email: 'abe@abacus.example',
        })
      ).status,
    ).toBe(200);
    const names: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await list(`?currentPage=${page}`);
      pages = answer.totalPages;
      names.push(...answer.listdata.map((row) => row.company_name));
    }
    expect(names.indexOf('abacus tutoring')).toBeLessThan(names.indexOf('Acme Learning'));
    expect(names.indexOf('Acme Learning')).toBeLessThan(names.indexOf('AMES Australia'));
    const folded = names.map((name) => name.toLowerCase());
    expect(folded).toEqual([...folded].sort());
  });

  it('shows one enterprise with every flag; an unknown id is 404', async () => {
    const row = await acme();
    const res = await detail(row._id);
    expect(res.status).toBe(200);
    const d = res.json.response as Detail;
    expect(d).toMatchObject({ _id: row._id, company_name: 'Acme Learning', memberCount: row.memberCount });
    expect(Object.keys(d.features).sort()).toEqual(Object.keys(DEFAULT_FEATURE_FLAGS).sort());
    // How its members sign in. The seed's owner has a mobile number and nobody an app yet.
    const methods = (res.json.response as { signInMethods: { authenticatorApp: number; smsCodes: number } })
      .signInMethods;
    expect(methods.authenticatorApp).toBe(0);
    expect(methods.smsCodes).toBeGreaterThanOrEqual(1);
    expect(methods.smsCodes).toBeLessThanOrEqual(row.memberCount);
    expect((await detail('no-such-enterprise')).status).toBe(404);
    expect((await setFeatures('no-such-enterprise', DEFAULT_FEATURE_FLAGS)).status).toBe(404);
  });

  it('creates an enterprise whose default admin is invited by email', async () => {
    const res = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: 'Initech',
      name: 'Bill Lumbergh',
      email: 'Bill@Initech.example',
    });
    expect(res.status).toBe(200);
    const d = res.json.response as Detail & { defaultAdmin: { email: string; invitePending: boolean } };
    // Its only person is the invited admin: invited, not joined yet.
    expect(d).toMatchObject({ company_name: 'Initech', memberCount: 0, invitedCount: 1 });
    expect(d.defaultAdmin).toMatchObject({ email: 'bill@initech.example', invitePending: true });
    expect(d.features).toEqual(DEFAULT_FEATURE_FLAGS);
    const mail = t.lastMail('bill@initech.example');
    expect(mail).toContain('/password/reset/');
    expect((await list('?searchInput=initech')).listdata.map((r) => r.company_name)).toEqual(['Initech']);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'enterprise.created')
      .where('enterprise_id', '=', d._id)
      .executeTakeFirst();
    expect(audit?.actor_kind).toBe('admin');

    const again = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: 'Initech 2',
      name: 'Bill',
      email: 'bill@initech.example',
    });
    expect(again.status).toBe(422);
    expect(again.json.field).toBe('email');
    const noName = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: ' ',
      name: 'X',
      email: 'x@y.example',
    });
    expect(noName.status).toBe(422);
    expect(noName.json.field).toBe('company_name');
    // Another company of the same name, in any case, is refused: lists and pickers name a company alone.
    const sameName = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: 'INITECH',
      name: 'Peter',
      email: 'peter@initech2.example',
    });
    expect(sameName.status).toBe(422);
    expect(sameName.json).toMatchObject({
      field: 'company_name',
      message: 'company_name: An enterprise of this name exists already: add what tells them apart',
    });
    expect(t.lastMail('peter@initech2.example')).toBeNull();
  });

  it("counts a company's invitees apart from its members, on the list and the detail; another company's stay", async () => {
    const acmeBefore = await acme();
    const created = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: 'Vandelay Industries',
      name: 'Art Vandelay',
      email: 'art@vandelay.example',
    });
    expect(created.status).toBe(200);
    const id = (created.json.response as Detail)._id;
    const counts = async () => {
      const row = (await list('?searchInput=vandelay')).listdata[0];
      const d = (await detail(id)).json.response as Detail;
      expect(row).toMatchObject({ _id: id, memberCount: d.memberCount, invitedCount: d.invitedCount });
      return { memberCount: d.memberCount, invitedCount: d.invitedCount };
    };
    // The default admin is invited and has not accepted: no member yet.
    expect(await counts()).toEqual({ memberCount: 0, invitedCount: 1 });

    // Art accepts the invitation: he has joined.
    const token = /password\/reset\/([A-Za-z0-9_-]+)/.exec(t.lastMail('art@vandelay.example') ?? '')?.[1];
    const password = 'Import-Export-42';
    const accepted = await t.request('POST', enterpriseAuth.resetPassword.path, {
      ip,
      body: { token, password },
    });
    expect(accepted.status).toBe(200);
    expect(await counts()).toEqual({ memberCount: 1, invitedCount: 0 });

    // He invites Bea, who has not accepted yet: one member who joined, one invited.
    const art = await t.fullLogin('art@vandelay.example', 'enterprise', ip, password);
    const options = (await t.request('GET', roles.options.path, { token: art, ip })).json.response as {
      _id: string;
      name: string;
    }[];
    const learner = options.find((role) => role.name === 'Learner');
    const invited = await t.request('POST', members.invite.path, {
      token: art,
      ip,
      body: { name: 'Bea Invited', email: 'bea@vandelay.example', roleId: learner?._id },
    });
    expect(invited.status).toBe(200);
    expect(await counts()).toEqual({ memberCount: 1, invitedCount: 1 });

    // Another company's counts know nothing of it.
    const acmeAfter = await acme();
    expect(acmeAfter).toMatchObject({
      memberCount: acmeBefore.memberCount,
      invitedCount: acmeBefore.invitedCount,
    });
    expect((await detail(acmeAfter._id)).json.response).toMatchObject({
      memberCount: acmeBefore.memberCount,
      invitedCount: acmeBefore.invitedCount,
    });
  });

  it('refuses a child flag on while its parent is off, naming the child', async () => {
    const row = await acme();
    const res = await setFeatures(row._id, {
      ...DEFAULT_FEATURE_FLAGS,
      enableCommunicationReadyFeature: false,
      enablePronunciationFeature: false,
      enableReadFeature: false,
      enableSpeakFreelyFeature: false,
      enableCallFeature: false,
      enableVocabularyFeature: true,
    });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('features.enableVocabularyFeature');
    const missing = await setFeatures(row._id, { enableCourseFeature: true });
    expect(missing.status).toBe(422);
    expect(String(missing.json.field)).toMatch(/^features\./);
  });

  it('turning the course feature off closes its calls for that enterprise at once', async () => {
    const row = await acme();
    const before = (await detail(row._id)).json.response as Detail;
    const getCourses = () => t.request('GET', courses.list.path, { ip, token: owner });
    expect((await getCourses()).status).toBe(200);

    const off = await setFeatures(row._id, { ...before.features, enableCourseFeature: false });
    expect(off.status).toBe(200);
    expect((off.json.response as Detail).features.enableCourseFeature).toBe(false);
    const closed = await getCourses();
    expect(closed.status).toBe(403);
    expect(closed.json.code).toBe('FEATURE_DISABLED');

    const on = await setFeatures(row._id, { ...before.features, enableCourseFeature: true });
    expect(on.status).toBe(200);
    expect((await getCourses()).status).toBe(200);
  });

  it('refuses enterprise tokens and missing tokens on every admin enterprise call', async () => {
    const row = await acme();
    const calls = [
      { method: 'GET' as const, path: `${adminGeneral.getEnterpriseList.path}`, body: undefined },
      {
        method: 'GET' as const,
        path: `${adminEnterprises.detail.path}?enterpriseId=${row._id}`,
        body: undefined,
      },
      {
        method: 'POST' as const,
        path: adminEnterprises.add.path,
        body: { company_name: 'X', name: 'X', email: 'x@x.example' },
      },
      {
        method: 'POST' as const,
        path: adminEnterprises.updateFeatures.path,
        body: { enterpriseId: row._id, features: DEFAULT_FEATURE_FLAGS },
      },
    ];
    for (const call of calls) {
      // An enterprise token, in the enterprise header or in the admin header, is not an admin session.
      const inEnterpriseHeader = await t.request(call.method, call.path, {
        ip,
        token: owner,
        ...(call.body ? { body: call.body } : {}),
      });
      expect(inEnterpriseHeader.status).toBe(401);
      const inAdminHeader = await t.request(call.method, call.path, {
        ip,
        adminToken: owner,
        ...(call.body ? { body: call.body } : {}),
      });
      expect(inAdminHeader.status).toBe(401);
      const none = await t.request(call.method, call.path, { ip, ...(call.body ? { body: call.body } : {}) });
      expect(none.status).toBe(401);
    }
  });

  describe('log in as an enterprise', () => {
    const loginAs = (enterpriseId: string, token = admin) =>
      t.request('POST', adminEnterprises.loginAs.path, { ip, adminToken: token, body: { enterpriseId } });
    const decode = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

    it('issues an enterprise token with the generic admin identity, auditing every write', async () => {
      const row = await acme();
      const res = await loginAs(row._id);
      expect(res.status).toBe(200);
      const token = (res.json.response as { accesstoken: string }).accesstoken;
      const me = await t.request('GET', enterpriseAuth.me.path, { ip, token });
      expect(me.status).toBe(200);
      expect(me.json.response).toMatchObject({
        name: 'Platform Admin',
        loggedInAsAdmin: true,
        isDefaultAdmin: true,
        enterpriseId: { _id: row._id, company_name: 'Acme Learning' },
      });
      // The second factor counts as done: an enterprise call answers at once.
      expect((await t.request('GET', courses.list.path, { ip, token })).status).toBe(200);
      // The owner's own session still shows the owner.
      const own = await t.request('GET', enterpriseAuth.me.path, { ip, token: owner });
      expect(own.json.response).toMatchObject({ loggedInAsAdmin: false });
      expect((own.json.response as { name: string }).name).not.toBe('Platform Admin');

      const refreshed = await t.request('POST', enterpriseAuth.refreshToken.path, { ip, token });
      expect(refreshed.status).toBe(200);
      const again = (refreshed.json.response as { accesstoken: string }).accesstoken;
      expect(decode(again).act).toBe(decode(token).act);
      const audits = await t.deps.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', 'in', ['enterprise.login-as', 'login-as.write'])
        .where('enterprise_id', '=', row._id)
        .execute();
      expect(audits.map((a) => a.action)).toEqual(
        expect.arrayContaining(['enterprise.login-as', 'login-as.write']),
      );
      expect(audits.every((a) => a.actor_kind === 'admin' && a.actor_id === decode(token).act)).toBe(true);

      // The log-in-as token is an enterprise token: it never reaches an admin call.
      const adminCall = await t.request('GET', adminGeneral.getEnterpriseList.path, {
        ip,
        adminToken: token,
      });
      expect(adminCall.status).toBe(401);
    });

    it("back to admin: logging the enterprise session out ends it on the server, the admin's goes on", async () => {
      const row = await acme();
      const token = ((await loginAs(row._id)).json.response as { accesstoken: string }).accesstoken;
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token })).json.response).toMatchObject({
        loggedInAsAdmin: true,
        enterpriseId: { company_name: 'Acme Learning' },
      });
      const out = await t.request('POST', enterpriseAuth.logout.path, { ip, token, body: {} });
      expect(out.status, out.json.message).toBe(200);
      // The log-in-as token is dead at once, even before it expires.
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token })).status).toBe(401);
      // The admin's own session and the enterprise owner's own session are untouched.
      expect(
        (await t.request('GET', adminGeneral.getEnterpriseList.path, { ip, adminToken: admin })).status,
      ).toBe(200);
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token: owner })).status).toBe(200);
    });

    it('cannot be forged by editing a token, and enterprise tokens never reach an admin call', async () => {
      const row = await acme();
      // An admin's own token edited into an enterprise one: the signature no longer matches.
      const [header, , signature] = admin.split('.');
      const claims = decode(admin);
      const forged = [
        header,
        encode({ ...claims, aud: 'enterprise', ent: row._id, act: claims.sub }),
        signature,
      ].join('.');
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token: forged })).status).toBe(401);
      // The owner's token with an `act` claim added is refused too.
      const [oh, , os] = owner.split('.');
      const forgedOwner = [oh, encode({ ...decode(owner), act: claims.sub }), os].join('.');
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token: forgedOwner })).status).toBe(401);
      // Without a signature at all.
      const none = [encode({ alg: 'none' }), encode({ ...decode(owner), act: claims.sub }), ''].join('.');
      expect((await t.request('GET', enterpriseAuth.me.path, { ip, token: none })).status).toBe(401);
      // Only a platform admin can ask for the token.
      expect((await loginAs(row._id, owner)).status).toBe(401);
      expect(
        (
          await t.request('POST', adminEnterprises.loginAs.path, {
            ip,
            token: owner,
            body: { enterpriseId: row._id },
          })
        ).status,
      ).toBe(401);
      expect((await loginAs('no-such-enterprise')).status).toBe(404);
      const bad = await loginAs('');
      expect(bad.status).toBe(422);
      expect(bad.json.field).toBe('enterpriseId');

      // Every admin call of the contract refuses an enterprise admin's token.
      for (const call of allCalls.filter((c) => c.path.startsWith('/api/v1/admin/') && c.auth === 'admin')) {
        const res = await t.request(call.method, call.path, { ip, adminToken: owner });
        expect(res.status, call.path).toBe(401);
      }
    });
  });
});
