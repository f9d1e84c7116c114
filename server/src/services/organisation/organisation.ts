import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseGeneral } from '@coach/shared/contract/general';
import type { settingsCalls } from '@coach/shared/contract/settings';
import { unauthenticated } from '../../errors.ts';
import { enterpriseSession, loadEnterpriseUser } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { anyRowNames, removeIfUnused } from '../content/image-variants.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';
import { toEnterpriseUser } from '../identity/profile.ts';

const SUPPORT_EMAIL = 'support@coach.example';

const freshUser = async (ctx: ServiceContext) => {
  const s = enterpriseSession(ctx);
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  return toEnterpriseUser(fresh);
};

const logoOf = async (ctx: ServiceContext, enterpriseId: string) =>
  (
    await ctx.db
      .selectFrom('enterprises')
      .select('logo')
      .where('id', '=', enterpriseId)
      .executeTakeFirstOrThrow()
  ).logo;

/**
 * A logo the enterprise replaced or took off goes from storage once no enterprise names it (removeIfUnused). This
 * holds for an institution selling on the marketplace too, unlike a published course's cover: the built pages show
 * no logo (the institution page leaves get-institute's logoUrl out), and every screen that does (the dashboard's top
 * bar, the invitation's password page) reads it afresh. Should a built page ever show it, keep the old file for an
 * enterprise whose logo is built into pages, as editCourse does for covers.
 */
const letGoOfLogo = async (
  ctx: ServiceContext,
  before: string | null,
  after: string | null | undefined,
  call: string,
) => {
  if (after === undefined || after === before) return;
  await removeIfUnused(ctx, before, {
    purpose: 'logo',
    call,
    what: 'logo',
    stillUsed: anyRowNames(ctx.db, [['enterprises', 'logo']]),
  });
};

/** Settings (role named admin): the six colours of spec §3 and the logo; every member sees them at once. */
export const updateThemeSettings = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseGeneral.updateThemeSettings>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  if (input.enterprise_logo) await assertUploaded(ctx, 'enterprise_logo', input.enterprise_logo, 'logo');
  const before = await logoOf(ctx, enterpriseId);
  await ctx.db
    .updateTable('enterprises')
    .set({
      theme: JSON.stringify(input.themeSettings),
      ...(input.enterprise_logo !== undefined ? { logo: input.enterprise_logo } : {}),
    })
    .where('id', '=', enterpriseId)
    .execute();
  await letGoOfLogo(ctx, before, input.enterprise_logo, 'updatethemesettings');
  ctx.setMessage('Theme settings updated successfully');
  return freshUser(ctx);
};

/** Company info (admin role and the company-info feature): name, address, logo. */
export const updateCompanyInfo = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseGeneral.updateCompanyInfo>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  if (input.enterprise_logo) await assertUploaded(ctx, 'enterprise_logo', input.enterprise_logo, 'logo');
  const before = await logoOf(ctx, enterpriseId);
  await ctx.db
    .updateTable('enterprises')
    .set({
      name: input.company_name,
      ...(input.address !== undefined ? { address: input.address || null } : {}),
      ...(input.enterprise_logo !== undefined ? { logo: input.enterprise_logo } : {}),
    })
    .where('id', '=', enterpriseId)
    .execute();
  await letGoOfLogo(ctx, before, input.enterprise_logo, 'updatecompanyinfo');
  ctx.setMessage('Company information updated successfully');
  return freshUser(ctx);
};

/**
 * Settings (role named admin): the company's name, as sign-up takes it. Company info can rename it too, but only
 * where its feature flag is on (spec §2), which left a self-signed-up company with a typo it could not correct.
 * The session is read fresh on every call, so invitation mails sent after this use the new name.
 */
export const renameCompany = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof settingsCalls.renameCompany>,
) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('enterprises')
      .select('name')
      .where('id', '=', enterpriseId)
      .executeTakeFirstOrThrow();
    if (before.name === input.company_name) return;
    await trx
      .updateTable('enterprises')
      .set({ name: input.company_name })
      .where('id', '=', enterpriseId)
      .execute();
    await audit(trx, {
      actorKind: 'enterprise',
      actorId: user.id,
      enterpriseId,
      action: 'company.renamed',
      details: { from: before.name, to: input.company_name },
    });
  });
  ctx.setMessage('Company name updated successfully');
  return freshUser(ctx);
};

/** /enterprise/help: a message to support through the mail transport, with who sent it. */
export const sendHelpEmail = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseGeneral.helpEmail>,
) => {
  const { user } = enterpriseSession(ctx);
  const text = [
    `From: ${user.name} <${user.email}>`,
    `Organisation: ${user.ent_name}`,
    ...(input.topic ? [`Topic: ${input.topic}`] : []),
    '',
    input.message,
  ].join('\n');
  await ctx.mail.send({
    to: ctx.config.supportEmail ?? SUPPORT_EMAIL,
    subject: `[Help] ${input.subject}`,
    text,
  });
  ctx.setMessage('Your message has been sent to our support team');
  return {};
};

/** Settings (role named admin): the enterprise's default timezone; null goes back to UTC. */
export const updateDefaultTimezone = async (
  ctx: ServiceContext,
  { timezone }: { timezone: string | null },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await ctx.db.updateTable('enterprises').set({ timezone }).where('id', '=', enterpriseId).execute();
  ctx.setMessage(timezone ? `Default timezone set to ${timezone}` : 'Default timezone set to UTC');
  return freshUser(ctx);
};
