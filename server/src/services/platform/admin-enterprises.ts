import { FEATURE_FLAGS, featureLabel } from '@coach/shared/constants/features';
import type { adminGeneral } from '@coach/shared/contract/admin';
import {
  type adminEnterprises,
  ENTERPRISE_PAGE_SIZE,
  type EnterpriseDetail,
  type EnterpriseRow,
} from '@coach/shared/contract/admin-enterprises';
import { type FeatureFlags, featureFlagsSchema } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { sql } from 'kysely';
import { FULL_TTL } from '../../auth/tokens.ts';
import { insertCompany } from '../../db/companies.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { adminSession, startSession, tokenLifetime } from '../../session/session.ts';
import { auditAdminAction } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import { hasJoined, invitePending, isInvitePending } from '../common/joined.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { createOneTimeToken } from '../identity/one-time-tokens.ts';
import { singleSignOnOf } from '../identity/sso-settings.ts';

/** The stored flags over the defaults' keys: an unknown or missing key reads as off. */
const readFlags = (json: string): FeatureFlags => {
  const stored = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(FEATURE_FLAGS.map(({ key }) => [key, stored[key] === true])) as FeatureFlags;
};

/** Its members who have joined (`n`) and its people invited, not joined yet (`invited`): invited is not joined. */
const joinedAndInvited = [
  sql<number>`count(case when ${hasJoined()} then 1 end)`.as('n'),
  sql<number>`count(case when ${invitePending()} then 1 end)`.as('invited'),
] as const;

const memberCounts = (ctx: ServiceContext) =>
  ctx.db
    .selectFrom('users')
    .select(['enterprise_id', ...joinedAndInvited])
    .groupBy('enterprise_id');

/**
 * enterprise/get-enterprise-list: search by company name, A to Z whatever the case (as the admin screens'
 * enterprise filter lists them), ten a page.
 */
export const listEnterprises = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminGeneral.getEnterpriseList>,
) => {
  adminSession(ctx);
  let filtered = ctx.db.selectFrom('enterprises');
  if (input.searchInput)
    filtered = filtered.where(
      sql<boolean>`lower(enterprises.name) like ${containsPattern(input.searchInput)} escape '\\'`,
    );
  const total = Number((await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await filtered
    .leftJoin(memberCounts(ctx).as('m'), 'm.enterprise_id', 'enterprises.id')
    .select([
      'enterprises.id',
      'enterprises.name',
      'enterprises.created_at',
      'enterprises.features',
      'm.n',
      'm.invited',
    ])
    .orderBy(sql`lower(enterprises.name)`)
    .orderBy('enterprises.id')
    .limit(ENTERPRISE_PAGE_SIZE)
    .offset((input.currentPage - 1) * ENTERPRISE_PAGE_SIZE)
    .execute();
  const list: EnterpriseRow[] = rows.map((row) => {
    const flags = readFlags(row.features);
    return {
      _id: row.id,
      company_name: row.name,
      memberCount: Number(row.n ?? 0),
      invitedCount: Number(row.invited ?? 0),
      createdAt: row.created_at,
      featuresOn: FEATURE_FLAGS.filter(({ key }) => flags[key]).length,
      featuresTotal: FEATURE_FLAGS.length,
    };
  });
  return pageOf(list, { currentPage: input.currentPage, pageSize: ENTERPRISE_PAGE_SIZE, total });
};

export const enterpriseDetail = async (
  ctx: ServiceContext,
  enterpriseId: string,
): Promise<EnterpriseDetail> => {
  adminSession(ctx);
  const ent = await ctx.db
    .selectFrom('enterprises')
    .selectAll()
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!ent) throw notFound('Enterprise not found');
  const [count, admin, apps, singleSignOn] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select((eb) => [...joinedAndInvited, eb.fn.count('mobile').as('mobiles')])
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'invited_at', 'email_verified_at'])
      .where('enterprise_id', '=', enterpriseId)
      .where('is_default_admin', '=', 1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('authenticator_apps')
      .innerJoin('users', 'users.id', 'authenticator_apps.subject_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('authenticator_apps.audience', '=', 'enterprise')
      .where('authenticator_apps.confirmed_at', 'is not', null)
      .where('users.enterprise_id', '=', enterpriseId)
      .executeTakeFirst(),
    singleSignOnOf(ctx.db, enterpriseId),
  ]);
  // Members with a passkey, counted once however many they have.
  const passkeyHolders = await ctx.db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.count('subject_id').distinct().as('n'))
    .where('audience', '=', 'enterprise')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return {
    _id: ent.id,
    company_name: ent.name,
    enterprise_logo: ent.logo,
    address: ent.address,
    createdAt: ent.created_at,
    memberCount: Number(count?.n ?? 0),
    invitedCount: Number(count?.invited ?? 0),
    defaultAdmin: admin
      ? {
          _id: admin.id,
          name: admin.name,
          email: admin.email,
          invitePending: isInvitePending(admin),
        }
      : null,
    features: readFlags(ent.features),
    signInMethods: {
      authenticatorApp: Number(apps?.n ?? 0),
      smsCodes: Number(count?.mobiles ?? 0),
      singleSignOn,
      passkeys: Number(passkeyHolders?.n ?? 0),
    },
  };
};

/** A new company and its default admin, who chooses a password through the emailed invitation link. */
export const addEnterprise = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminEnterprises.add>,
) => {
  adminSession(ctx);
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (taken) throw validation('email', 'This email already belongs to an account');
  // Every list and picker names an enterprise by its name alone: a second "Acme Learning" could only be told apart
  // by its member count. Two companies of one name are told apart in it ("Acme Learning (Sydney)").
  const sameName = await ctx.db
    .selectFrom('enterprises')
    .select('id')
    .where(sql<boolean>`lower(name) = ${input.company_name.toLowerCase()}`)
    .executeTakeFirst();
  if (sameName)
    throw validation('company_name', 'An enterprise of this name exists already: add what tells them apart');
  const now = nowIso();
  const { enterpriseId, token } = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertCompany(trx, {
      name: input.company_name,
      // No password until the admin chooses one through the link; an empty hash never verifies.
      admin: { name: input.name, email: input.email, passwordHash: '', verifiedAt: null },
      now,
    });
    await trx.updateTable('users').set({ invited_at: now }).where('id', '=', created.userId).execute();
    await auditAdminAction(trx, ctx, created.enterpriseId, 'enterprise.created', { email: input.email });
    return {
      enterpriseId: created.enterpriseId,
      token: await createOneTimeToken({ db: trx }, 'invite', 'enterprise', created.userId),
    };
  });
  // Sent after the commit, so nobody is invited to an account that was rolled back.
  const link = `${ctx.config.publicUrl}/password/reset/${token}`;
  // In the platform admin's language: the new admin has not chosen one yet.
  const mail = mailTexts(adminSession(ctx).admin.language, ctx.requestLanguage).companyInvite({
    name: input.name,
    company: input.company_name,
    link,
    email: input.email,
  });
  await ctx.mail.send({ to: input.email, ...mail });
  ctx.setMessage(`Enterprise created. Invitation sent to ${input.email}`);
  return enterpriseDetail(ctx, enterpriseId);
};

/** Saves every flag; the adapter reads them per request, so a flag turned off closes its calls at once. */
export const updateFeatures = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminEnterprises.updateFeatures>,
) => {
  adminSession(ctx);
  const features = featureFlagsSchema.parse(input.features);
  for (const { key, label, parent } of FEATURE_FLAGS) {
    if (parent && features[key] && !features[parent])
      throw validation(`features.${key}`, `${label} cannot be on while ${featureLabel(parent)} is off`);
  }
  const before = await enterpriseDetail(ctx, input.enterpriseId);
  await ctx.db
    .updateTable('enterprises')
    .set({ features: JSON.stringify(features) })
    .where('id', '=', input.enterpriseId)
    .execute();
  const changed = FEATURE_FLAGS.filter(({ key }) => before.features[key] !== features[key]).map(
    ({ key }) => ({
      key,
      on: features[key],
    }),
  );
  await auditAdminAction(ctx.db, ctx, input.enterpriseId, 'enterprise.features-updated', { changed });
  ctx.setMessage('Features updated successfully');
  return { ...before, features };
};

/** An enterprise token for the enterprise's default admin with the platform admin recorded behind it. */
export const loginAsEnterprise = async (
  ctx: ServiceContext,
  { enterpriseId }: ParsedRequestOf<typeof adminEnterprises.loginAs>,
) => {
  const { admin, claims } = adminSession(ctx);
  const detail = await enterpriseDetail(ctx, enterpriseId);
  const user = detail.defaultAdmin
    ? await ctx.db
        .selectFrom('users')
        .select(['id', 'status'])
        .where('id', '=', detail.defaultAdmin._id)
        .executeTakeFirst()
    : undefined;
  if (user?.status !== 'active') throw conflict('This enterprise has no active default admin to log in as');
  // The enterprise session hangs on the admin's own: the admin's logout ends it too.
  const lid = await startSession(ctx.db, {
    audience: 'enterprise',
    subjectId: user.id,
    enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
    parentId: claims.lid,
  });
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: user.id, aud: 'enterprise', ent: enterpriseId, mfa: true, lid, act: admin.id },
    ttl,
  );
  await auditAdminAction(ctx.db, ctx, enterpriseId, 'enterprise.login-as', { userId: user.id });
  ctx.setMessage(`Logged in as ${detail.company_name}`);
  return { accesstoken, expiresInSeconds: ttl };
};
