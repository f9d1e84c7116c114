import { randomBytes } from 'node:crypto';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { type enterpriseSso, SSO_TXT_PREFIX, type SsoSettings } from '@coach/shared/contract/sso';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { refusalOf } from '../../providers/outbound-http.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import {
  connectionOf,
  discover,
  domainsOf,
  openClientSecret,
  policyOf,
  redirectUriOf,
  SECRET_PURPOSE,
  txtValueOf,
  verifiedDomainsOf,
} from './internal/sso-connections.ts';

/**
 * Settings › Single sign-on: only the enterprise's default admin sets the provider up (the contract's
 * `defaultAdminOnly`), since it decides who signs in as whom; each domain it names must be proved the enterprise's
 * by a DNS TXT record before it sends anyone to the provider. The sign-in's rules are in sso-sign-in.ts.
 */

const settingsOf = async (ctx: ServiceContext, enterpriseId: string): Promise<SsoSettings> => {
  const row = await connectionOf(ctx.db, enterpriseId);
  return {
    connection: row
      ? {
          issuer: row.issuer,
          clientId: row.client_id,
          domains: (await domainsOf(ctx.db, enterpriseId)).map((d) => ({
            domain: d.domain,
            verifiedAt: d.verified_at,
          })),
          txtValue: txtValueOf(row),
          requireSso: row.require_sso === 1,
          defaultRoleId: row.default_role_id,
          updatedAt: row.updated_at,
        }
      : null,
    redirectUri: redirectUriOf(ctx),
  };
};

/** How the platform admin sees an enterprise's single sign-on (its enterprise detail). */
export const singleSignOnOf = async (db: Db, enterpriseId: string) => {
  const row = await connectionOf(db, enterpriseId);
  return row
    ? {
        issuer: row.issuer,
        domains: await verifiedDomainsOf(db, enterpriseId),
        required: row.require_sso === 1,
      }
    : null;
};

export const settings = (ctx: ServiceContext) => settingsOf(ctx, enterpriseSession(ctx).enterpriseId);

/** Tells the default admin (whoever made the change: a platform admin logged in as them, too). */
const tellDefaultAdmin = async (ctx: ServiceContext, change: 'saved' | 'removed', issuer: string) => {
  const s = enterpriseSession(ctx);
  const admin = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.email', 'users.language', 'enterprises.name as company'])
    .where('users.enterprise_id', '=', s.enterpriseId)
    .where('users.is_default_admin', '=', 1)
    .executeTakeFirst();
  if (!admin) return;
  const mail = mailTexts(admin.language, ctx.requestLanguage).ssoChanged({
    change,
    company: admin.company,
    issuer,
  });
  await ctx.mail.send({ to: admin.email, ...mail });
};

export const save = async (ctx: ServiceContext, input: ParsedRequestOf<typeof enterpriseSso.save>) => {
  const s = enterpriseSession(ctx);
  const enterpriseId = s.enterpriseId;
  const issuer = input.issuer.replace(/\/$/, '');
  const role = await ctx.db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', input.defaultRoleId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!role) throw validation('defaultRoleId', 'Choose one of your roles');
  const existing = await connectionOf(ctx.db, enterpriseId);
  const givenSecret = input.clientSecret?.trim() ?? '';
  if (!givenSecret && !existing) throw validation('clientSecret', 'Enter the client secret');
  const secret = givenSecret || (existing ? openClientSecret(ctx, existing) : '');
  // A domain another organisation has proved is theirs; a claim nobody proved blocks nobody.
  const taken = await ctx.db
    .selectFrom('sso_domains')
    .select('domain')
    .where('domain', 'in', input.domains)
    .where('enterprise_id', '!=', enterpriseId)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  if (taken) throw validation('domains', `${taken.domain} is used by another organisation`);
  const refusal = await refusalOf(issuer, policyOf(ctx));
  if (refusal) throw validation('issuer', refusal);
  try {
    await discover(ctx, issuer, input.clientId, secret);
  } catch (error) {
    if (!ctx.config.quiet) console.warn(`sso: discovery of ${issuer} failed: ${(error as Error).message}`);
    throw validation(
      'issuer',
      'No OpenID Connect provider answered at this address (its /.well-known/openid-configuration)',
    );
  }
  const now = nowIso();
  const values = {
    issuer,
    client_id: input.clientId,
    client_secret: ctx.tokens.seal(SECRET_PURPOSE, secret),
    default_role_id: role.id,
    require_sso: input.requireSso ? 1 : 0,
    // Strictly later than the last save, so a cached provider configuration is never taken for the new one.
    updated_at:
      existing && existing.updated_at >= now
        ? new Date(Date.parse(existing.updated_at) + 1).toISOString()
        : now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (existing)
        await trx
          .updateTable('sso_connections')
          .set(values)
          .where('enterprise_id', '=', enterpriseId)
          .execute();
      else
        await trx
          .insertInto('sso_connections')
          .values({
            enterprise_id: enterpriseId,
            created_at: now,
            domain_token: randomBytes(16).toString('hex'),
            ...values,
          })
          .execute();
      // Domains kept keep their proof; domains left out go; new ones wait for theirs.
      const kept = (await domainsOf(trx, enterpriseId)).map((row) => row.domain);
      const gone = kept.filter((domain) => !input.domains.includes(domain));
      if (gone.length)
        await trx
          .deleteFrom('sso_domains')
          .where('enterprise_id', '=', enterpriseId)
          .where('domain', 'in', gone)
          .execute();
      const added = input.domains.filter((domain) => !kept.includes(domain));
      if (added.length)
        await trx
          .insertInto('sso_domains')
          .values(added.map((domain) => ({ domain, enterprise_id: enterpriseId, verified_at: null })))
          .execute();
      await audit(trx, {
        actorKind: 'enterprise',
        actorId: s.user.id,
        enterpriseId,
        action: 'sso.saved',
        details: {
          issuer,
          clientId: input.clientId,
          domains: input.domains,
          requireSso: input.requireSso,
          secretChanged: Boolean(givenSecret),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw validation('domains', 'One of these domains is used by another organisation');
    throw error;
  }
  await tellDefaultAdmin(ctx, 'saved', issuer);
  ctx.setMessage('Single sign-on saved');
  return settingsOf(ctx, enterpriseId);
};

const DOMAIN_NOT_PROVED = (domain: string, value: string) =>
  `No TXT record "${value}" was found at ${SSO_TXT_PREFIX}.${domain} yet. DNS changes can take a while to appear: try again later.`;

/** Looks up the domain's TXT record now; found, the domain is proved. */
export const verifyDomain = async (
  ctx: ServiceContext,
  { domain }: ParsedRequestOf<typeof enterpriseSso.verifyDomain>,
) => {
  const s = enterpriseSession(ctx);
  const row = await connectionOf(ctx.db, s.enterpriseId);
  if (!row) throw validation('domain', 'Save single sign-on with this domain first');
  const claim = await ctx.db
    .selectFrom('sso_domains')
    .select('verified_at')
    .where('enterprise_id', '=', s.enterpriseId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!claim) throw validation('domain', 'Save single sign-on with this domain first');
  if (claim.verified_at) return settingsOf(ctx, s.enterpriseId);
  const value = txtValueOf(row);
  let found = false;
  try {
    const records = await ctx.dns.resolveTxt(`${SSO_TXT_PREFIX}.${domain}`);
    found = records.some((chunks) => chunks.join('').trim() === value);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ENOTFOUND' && code !== 'ENODATA')
      throw validation(
        'domain',
        `The DNS of ${domain} could not be asked just now (${code ?? 'no answer'}). Try again.`,
      );
  }
  if (!found) throw validation('domain', DOMAIN_NOT_PROVED(domain, value));
  try {
    await ctx.db
      .updateTable('sso_domains')
      .set({ verified_at: nowIso() })
      .where('enterprise_id', '=', s.enterpriseId)
      .where('domain', '=', domain)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw validation('domain', `${domain} is used by another organisation`);
    throw error;
  }
  await audit(ctx.db, {
    actorKind: 'enterprise',
    actorId: s.user.id,
    enterpriseId: s.enterpriseId,
    action: 'sso.domainVerified',
    details: { domain },
  });
  ctx.setMessage(`${domain} is verified`);
  return settingsOf(ctx, s.enterpriseId);
};

export const remove = async (ctx: ServiceContext) => {
  const s = enterpriseSession(ctx);
  const existing = await connectionOf(ctx.db, s.enterpriseId);
  if (existing) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sso_domains').where('enterprise_id', '=', s.enterpriseId).execute();
      await trx.deleteFrom('sso_identities').where('enterprise_id', '=', s.enterpriseId).execute();
      await trx.deleteFrom('sso_attempts').where('enterprise_id', '=', s.enterpriseId).execute();
      await trx.deleteFrom('sso_connections').where('enterprise_id', '=', s.enterpriseId).execute();
      await audit(trx, {
        actorKind: 'enterprise',
        actorId: s.user.id,
        enterpriseId: s.enterpriseId,
        action: 'sso.removed',
        details: { issuer: existing.issuer },
      });
    });
    await tellDefaultAdmin(ctx, 'removed', existing.issuer);
  }
  ctx.setMessage('Single sign-on switched off');
  return settingsOf(ctx, s.enterpriseId);
};
