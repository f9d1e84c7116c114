import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEXTS } from '../mail/texts.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let admin: string;
let learnerRoleId: string;
const ip = '10.9.18.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  const options = await t.request('GET', roles.options.path, { token: owner, ip });
  learnerRoleId =
    (options.json.response as { _id: string; name: string }[]).find((r) => r.name === 'Learner')?._id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) =>
  (await t.request('GET', enterpriseAuth.me.path, { token, ip })).json.response as {
    language: string | null;
  };
const choose = (token: string, language: unknown) =>
  t.request('POST', enterpriseAuth.updateLanguage.path, { token, ip, body: { language } });

describe("a member's language (spec §9)", () => {
  it('is null until chosen, then kept and returned by me for the apps', async () => {
    expect((await me(staff)).language).toBeNull();
    const res = await choose(staff, 'zh-Hans');
    expect(res.status).toBe(200);
    expect(res.json.response.language).toBe('zh-Hans');
    expect((await me(staff)).language).toBe('zh-Hans');
  });

  it('accepts only the nine codes: 422 naming language', async () => {
    for (const bad of ['fr', 'zh', 'AR', '', null, 7]) {
      const res = await choose(staff, bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.json.field).toBe('language');
    }
    const profile = await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: staff,
      ip,
      body: { name: 'Sam Staff', language: 'klingon' },
    });
    expect(profile.status).toBe(422);
    expect(profile.json.field).toBe('language');
  });

  it('is saved with the profile too, and a profile save without it leaves it', async () => {
    const res = await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: staff,
      ip,
      body: { name: 'Sam Staff', language: 'uk' },
    });
    expect(res.json.response.language).toBe('uk');
    await t.request('POST', enterpriseAuth.updateProfile.path, {
      token: staff,
      ip,
      body: { name: 'Sam Staff' },
    });
    expect((await me(staff)).language).toBe('uk');
  });

  it("sends the sign-in code in the member's language", async () => {
    await choose(staff, 'ar');
    const pre = await t.preMfaLogin('staff@acme.example', 'enterprise', ip);
    await t.request('POST', enterpriseAuth.sendCode.path, { token: pre, ip, body: { contactMethod: 2 } });
    const mail = t.lastMail('staff@acme.example') ?? '';
    expect(mail).toContain(`Subject: ${MAIL_TEXTS.ar.code({ code: '' }).subject}`);
    expect(mail).toMatch(/رمز التحقق الخاص بك في Coach هو \d{6}/);
  });

  it("sends the reset link in the account's language, else in the language of the screen that asked", async () => {
    await t.request('POST', enterpriseAuth.forgotPassword.path, {
      ip: t.freshIp(),
      body: { email: 'staff@acme.example' },
      extraHeaders: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(t.lastMail('staff@acme.example')).toContain(
      `Subject: ${MAIL_TEXTS.ar.reset({ name: '', link: '' }).subject}`,
    );
    await t.request('POST', enterpriseAuth.forgotPassword.path, {
      ip: t.freshIp(),
      body: { email: 'learner@acme.example' },
      extraHeaders: { 'accept-language': 'fr-FR, es-MX;q=0.8' },
    });
    const mail = t.lastMail('learner@acme.example') ?? '';
    expect(mail).toContain('Subject: Restablece tu contraseña de Coach');
    expect(mail).toContain('/password/reset/');
  });

  it("invites in the inviter's language, and resends in the invitee's once they have one", async () => {
    await choose(owner, 'vi');
    const res = await t.request('POST', members.invite.path, {
      token: owner,
      ip,
      body: { name: 'Vy Nguyen', email: 'vy@acme.example', roleId: learnerRoleId },
    });
    expect(res.status).toBe(200);
    const mail = t.lastMail('vy@acme.example') ?? '';
    expect(mail).toContain('Subject: Acme Learning mời bạn tham gia Coach');
    expect(mail).toContain('Xin chào Vy Nguyen');
    expect(mail).toContain('/password/reset/');
    await choose(owner, 'en');
    const resent = await t.request('POST', members.resendInvite.path, {
      token: owner,
      ip,
      body: { memberId: res.json.response._id },
    });
    expect(resent.status).toBe(200);
    expect(t.lastMail('vy@acme.example')).toContain('Subject: You are invited to Acme Learning on Coach');
  });

  it('sends a new sign-up its verification link in the language of the page they signed up on', async () => {
    const res = await t.request('POST', enterpriseAuth.register.path, {
      ip: t.freshIp(),
      body: {
        company_name: 'Umbrella',
        name: 'Alicia Marcus',
        email: 'alicia@umbrella.example',
        password: 'Umbrella-2026-x',
      },
      extraHeaders: { 'accept-language': 'uk' },
    });
    expect(res.status).toBe(200);
    const mail = t.lastMail('alicia@umbrella.example') ?? '';
    expect(mail).toContain('Subject: Підтвердьте пошту для Coach');
    expect(mail).toContain('/verify-email/');
  });

  it("opens an organisation with its admin's invitation in the platform admin's language", async () => {
    const chosen = await t.request('POST', adminAuth.updateLanguage.path, {
      ip,
      ...t.tokenOpt('admin', admin),
      body: { language: 'hi' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.response.language).toBe('hi');
    const meAdmin = await t.request('GET', adminAuth.me.path, { ip, ...t.tokenOpt('admin', admin) });
    expect(meAdmin.json.response.language).toBe('hi');
    const res = await t.request('POST', adminEnterprises.add.path, {
      ip,
      ...t.tokenOpt('admin', admin),
      body: { company_name: 'Hooli', name: 'Gavin Belson', email: 'gavin@hooli.example' },
    });
    expect(res.status).toBe(200);
    expect(t.lastMail('gavin@hooli.example')).toContain('Subject: Coach पर आपका Hooli खाता');
  });
});
