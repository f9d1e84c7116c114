import { forbidden, isUniqueViolation, unauthenticated } from '../../../errors.ts';
import { mailTexts } from '../../../mail/texts.ts';
import { nowIso } from '../../common/clock.ts';
import type { ServiceContext } from '../../context.ts';
import { insertVouchedMember } from '../../organisation/vouched-member.ts';
import { type Connection, domainOf, verifiedDomainsOf } from './sso-connections.ts';

/** Who an identity from the provider is: the member it is linked to, one found by address, or one made for it. */

export type Claims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown };

/** The member this identity is: by subject, else by address (then linked), else a new one (just in time). */
export const memberFor = async (ctx: ServiceContext, row: Connection, claims: Claims) => {
  const linked = await ctx.db
    .selectFrom('sso_identities')
    .innerJoin('users', 'users.id', 'sso_identities.user_id')
    .select(['users.id', 'users.status', 'users.is_default_admin', 'users.email_verified_at'])
    .where('sso_identities.enterprise_id', '=', row.enterprise_id)
    .where('sso_identities.issuer', '=', row.issuer)
    .where('sso_identities.subject', '=', claims.sub)
    .executeTakeFirst();
  if (linked) return { user: linked, created: false, linkedNow: false };
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@'))
    throw unauthenticated('Your identity provider did not give your email address. Ask your admin.');
  if (claims.email_verified === false)
    throw unauthenticated('Your identity provider has not verified your email address. Ask your admin.');
  const domains = await verifiedDomainsOf(ctx.db, row.enterprise_id);
  if (!domains.includes(domainOf(email)))
    throw forbidden("Your email address is not one of your organisation's single sign-on domains");
  const existing = await ctx.db
    .selectFrom('users')
    .select(['id', 'status', 'is_default_admin', 'email_verified_at', 'enterprise_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing && existing.enterprise_id !== row.enterprise_id)
    throw forbidden('This email address has a Coach account with another organisation');
  const user = existing ?? (await createMember(ctx, row, email, claims));
  if (existing && existing.status !== 'active') return { user: existing, created: false, linkedNow: false };
  if (existing && existing.is_default_admin === 1)
    return { user: existing, created: false, linkedNow: false };
  try {
    await ctx.db
      .insertInto('sso_identities')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: row.enterprise_id,
        issuer: row.issuer,
        subject: claims.sub,
        user_id: user.id,
        created_at: nowIso(),
      })
      .execute();
  } catch (error) {
    // Two first sign-ins of one identity at once: the other made the link (and told the member).
    if (!isUniqueViolation(error)) throw error;
    return { user, created: false, linkedNow: false };
  }
  return { user, created: !existing, linkedNow: true };
};

const createMember = async (ctx: ServiceContext, row: Connection, email: string, claims: Claims) => {
  const name =
    typeof claims.name === 'string' && claims.name.trim()
      ? claims.name.trim().slice(0, 100)
      : email.split('@')[0];
  // A role deleted since the settings were saved falls back to the enterprise's least: refuse rather than guess.
  const role = await ctx.db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', row.default_role_id)
    .where('enterprise_id', '=', row.enterprise_id)
    .executeTakeFirst();
  if (!role)
    throw forbidden(
      'Single sign-on has no role for new members. Ask your default admin to choose one in Settings.',
    );
  let made: Awaited<ReturnType<typeof insertVouchedMember>>;
  try {
    made = await insertVouchedMember(ctx.db, {
      enterpriseId: row.enterprise_id,
      roleId: role.id,
      name: name ?? email,
      email,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw forbidden('This email address has a Coach account already. Please try again.');
    throw error;
  }
  return {
    id: made.id,
    status: 'active',
    is_default_admin: 0,
    email_verified_at: made.verifiedAt as string | null,
  };
};

/** The member's first sign-in through the provider made or linked their account: they are told, so it does not go unseen. */
export const tellMember = async (ctx: ServiceContext, userId: string, created: boolean, issuer: string) => {
  const member = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.email', 'users.language', 'enterprises.name as company'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!member) return;
  const mail = mailTexts(member.language, ctx.requestLanguage).ssoLinked({
    created,
    company: member.company,
    issuer,
  });
  await ctx.mail.send({ to: member.email, ...mail });
};
