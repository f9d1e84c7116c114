import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { marketplace } from '@coach/shared/contract/marketplace';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { settingsCalls } from '@coach/shared/contract/settings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileState, gone, present, uploadPng } from '../testing/stored-files.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let globex: string;
let youStudy: string;
const ip = '10.9.2.1';

const THEME = {
  buttonColor: '#FFFFFF',
  buttonBackColor: '#7C3AED',
  buttonHoverColor: '#FFFFFF',
  buttonBackHoverColor: '#6D28D9',
  navFontColor: '#F5F3FF',
  navBackgroundColor: '#4C1D95',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  youStudy = await t.fullLogin('courses@youstudy.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) =>
  (await t.request('GET', enterpriseAuth.me.path, { token, ip })).json.response as {
    enterpriseId: {
      _id: string;
      company_name: string;
      address: string | null;
      enterprise_logo: string | null;
      themeSettings: typeof THEME;
    };
  };

describe('settings: theme colours', () => {
  it('the admin role sets the six colours and every member of the enterprise sees them, no one else', async () => {
    const res = await t.request('POST', enterpriseGeneral.updateThemeSettings.path, {
      token: owner,
      ip,
      body: { themeSettings: THEME },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Theme settings updated successfully');
    expect((await me(staff)).enterpriseId.themeSettings).toEqual(THEME);
    expect((await me(globex)).enterpriseId.themeSettings.navBackgroundColor).not.toBe('#4C1D95');
  });

  it('a role not named admin gets 403, and a bad colour names its field', async () => {
    const denied = await t.request('POST', enterpriseGeneral.updateThemeSettings.path, {
      token: staff,
      ip,
      body: { themeSettings: THEME },
    });
    expect(denied.status).toBe(403);
    const bad = await t.request('POST', enterpriseGeneral.updateThemeSettings.path, {
      token: owner,
      ip,
      body: { themeSettings: { ...THEME, navFontColor: 'purple' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('themeSettings.navFontColor');
  });
});

describe('company info', () => {
  it('the admin role updates name and address when the feature is on', async () => {
    const res = await t.request('POST', enterpriseGeneral.updateCompanyInfo.path, {
      token: owner,
      ip,
      body: { company_name: 'Acme Learning Group', address: '1 Spring St, Melbourne' },
    });
    expect(res.status).toBe(200);
    expect((await me(staff)).enterpriseId).toMatchObject({
      company_name: 'Acme Learning Group',
      address: '1 Spring St, Melbourne',
    });
  });

  it('is refused where the feature is off (Globex) and for a role not named admin', async () => {
    const off = await t.request('POST', enterpriseGeneral.updateCompanyInfo.path, {
      token: globex,
      ip,
      body: { company_name: 'Globex' },
    });
    expect(off.status).toBe(403);
    expect(off.json.message).toBe('Company Info is not enabled for your organisation');
    const staffRes = await t.request('POST', enterpriseGeneral.updateCompanyInfo.path, {
      token: staff,
      ip,
      body: { company_name: 'Staff Co' },
    });
    expect(staffRes.status).toBe(403);
  });
});

describe('settings: company name', () => {
  const rename = (token: string, body: unknown) =>
    t.request('POST', settingsCalls.renameCompany.path, { token, ip, body });

  it('the admin role of a company without company info renames it, audited, and later invitations use the name', async () => {
    const res = await rename(globex, { company_name: '  Globex Corporation  ' });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Company name updated successfully');
    expect(res.json.response).toMatchObject({ enterpriseId: { company_name: 'Globex Corporation' } });
    const globexId = (await me(globex)).enterpriseId._id;
    const entry = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'company.renamed')
      .where('enterprise_id', '=', globexId)
      .executeTakeFirst();
    expect(entry?.actor_kind).toBe('enterprise');
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ to: 'Globex Corporation' });
    // Another tenant's name is untouched: the call names no enterprise, the session does.
    expect((await me(owner)).enterpriseId.company_name).not.toBe('Globex Corporation');

    const options = await t.request('GET', roles.options.path, { token: globex, ip });
    const roleId = (options.json.response as { _id: string; grantable: boolean }[]).find(
      (r) => r.grantable,
    )?._id;
    const invited = await t.request('POST', members.invite.path, {
      token: globex,
      ip,
      body: { name: 'Gina Globex', email: 'gina@globex.example', roleId },
    });
    expect(invited.status).toBe(200);
    expect(t.lastMail('gina@globex.example')).toContain('You are invited to Globex Corporation on Coach');
  });

  it('refuses a role not named admin, and an empty or too long name naming the field', async () => {
    const denied = await rename(staff, { company_name: 'Staff Co' });
    expect(denied.status).toBe(403);
    const empty = await rename(owner, { company_name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('company_name');
    const long = await rename(owner, { company_name: 'A'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.json.field).toBe('company_name');
    expect((await me(staff)).enterpriseId.company_name).not.toBe('Staff Co');
  });
});

describe('help', () => {
  it('sends the message to support through the mail transport, saying who sent it', async () => {
    const res = await t.request('POST', enterpriseGeneral.helpEmail.path, {
      token: staff,
      ip,
      body: {
        topic: 'Performance',
        subject: 'Cannot open reports',
        message: 'The reports page stays empty.',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Your message has been sent to our support team');
    const mail = t.lastMail('support@coach.example') ?? '';
    expect(mail).toContain('Subject: [Help] Cannot open reports');
    expect(mail).toContain('From: Sam Staff <staff@acme.example>');
    expect(mail).toContain('Topic: Performance');
    const empty = await t.request('POST', enterpriseGeneral.helpEmail.path, {
      token: staff,
      ip,
      body: { subject: 'x', message: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('message');
  });
});

describe('a logo replaced or taken off leaves storage', () => {
  const logo = (token: string) => uploadPng(t, { token, purpose: 'logo', ip });
  const companyInfo = (body: object) =>
    t.request('POST', enterpriseGeneral.updateCompanyInfo.path, {
      token: owner,
      ip,
      body: { company_name: 'Acme Learning Group', ...body },
    });
  const theme = (token: string, body: object) =>
    t.request('POST', enterpriseGeneral.updateThemeSettings.path, {
      token,
      ip,
      body: { themeSettings: THEME, ...body },
    });
  const logoOf = async (token: string) => (await me(token)).enterpriseId.enterprise_logo;

  it('company info: the replaced logo is deleted, the new one stays; a save without a new logo keeps it; taken off, it goes', async () => {
    const first = await logo(owner);
    expect((await companyInfo({ enterprise_logo: first })).status).toBe(200);
    expect(await fileState(t, first)).toEqual(present);

    const second = await logo(owner);
    const replaced = await companyInfo({ enterprise_logo: second });
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(replaced.json.message).toBe('Company information updated successfully');
    expect(await fileState(t, first)).toEqual(gone);
    expect(await fileState(t, second)).toEqual(present);
    expect(await logoOf(staff)).toBe(second);

    // Saved again with the same logo, or without naming one: it stays.
    expect((await companyInfo({ enterprise_logo: second })).status).toBe(200);
    expect((await companyInfo({ address: '2 Spring St, Melbourne' })).status).toBe(200);
    expect((await theme(owner, {})).status).toBe(200);
    expect(await fileState(t, second)).toEqual(present);
    expect(await logoOf(staff)).toBe(second);

    const takenOff = await companyInfo({ enterprise_logo: null });
    expect(takenOff.status, takenOff.json.message).toBe(200);
    expect(await logoOf(staff)).toBeNull();
    expect(await fileState(t, second)).toEqual(gone);
  });

  it('theme settings: the replaced logo is deleted, and so is one taken off', async () => {
    const first = await logo(owner);
    expect((await theme(owner, { enterprise_logo: first })).status).toBe(200);
    const second = await logo(owner);
    const replaced = await theme(owner, { enterprise_logo: second });
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(replaced.json.message).toBe('Theme settings updated successfully');
    expect(await fileState(t, first)).toEqual(gone);
    expect(await fileState(t, second)).toEqual(present);

    expect((await theme(owner, { enterprise_logo: second })).status).toBe(200);
    expect(await fileState(t, second)).toEqual(present);
    expect((await theme(owner, { enterprise_logo: null })).status).toBe(200);
    expect(await fileState(t, second)).toEqual(gone);
  });

  it('keeps a replaced logo another enterprise still names', async () => {
    const shared = await logo(owner);
    expect((await theme(owner, { enterprise_logo: shared })).status).toBe(200);
    const globexId = (await me(globex)).enterpriseId._id;
    await t.deps.db.updateTable('enterprises').set({ logo: shared }).where('id', '=', globexId).execute();
    try {
      expect((await theme(owner, { enterprise_logo: null })).status).toBe(200);
      expect(await fileState(t, shared)).toEqual(present);
    } finally {
      await t.deps.db.updateTable('enterprises').set({ logo: null }).where('id', '=', globexId).execute();
    }
  });

  it('an institution on the marketplace lets go of its old logo too: no built page shows it (its page leaves logoUrl out)', async () => {
    const slug = 'you-study-international-college';
    const published = await t.request('POST', marketplace.getInstitute.path, { ip, body: { slug } });
    expect(published.status, published.json.message).toBe(200);
    expect((published.json.response as { courseCount: number }).courseCount).toBeGreaterThan(0);

    const first = await logo(youStudy);
    expect((await theme(youStudy, { enterprise_logo: first })).status).toBe(200);
    const second = await logo(youStudy);
    const replaced = await theme(youStudy, { enterprise_logo: second });
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(await fileState(t, first)).toEqual(gone);
    expect(await fileState(t, second)).toEqual(present);
    const institute = await t.request('POST', marketplace.getInstitute.path, { ip, body: { slug } });
    expect((institute.json.response as { logoUrl: string | null }).logoUrl).toBe(second);
  });

  it('a replaced logo the storage will not delete is logged; the call succeeds with the new logo', async () => {
    const first = await logo(owner);
    expect((await companyInfo({ enterprise_logo: first })).status).toBe(200);
    const second = await logo(owner);
    const remove = vi
      .spyOn(t.deps.storage, 'remove')
      .mockRejectedValue(new Error('The bucket is unreachable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const replaced = await companyInfo({ enterprise_logo: second });
      expect(replaced.status, replaced.json.message).toBe(200);
      expect(replaced.json.message).toBe('Company information updated successfully');
      expect(remove).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.[0])).toContain(t.deps.storage.keyOf(first) ?? 'no key');
    } finally {
      remove.mockRestore();
      logged.mockRestore();
    }
    expect(await logoOf(staff)).toBe(second);
    // Left over, and still counted, as it still takes room.
    expect(await fileState(t, first)).toEqual(present);
    expect(await fileState(t, second)).toEqual(present);
  });
});
