import { SSO_CALLBACK_PATH } from '@coach/shared/contract/sso';
import * as oidc from 'openid-client';
import type { Db } from '../../../db/connect.ts';
import { ssoUnavailable } from '../../../errors.ts';
import { type OutboundPolicy, outboundFetch } from '../../../providers/outbound-http.ts';
import type { ServiceContext } from '../../context.ts';

/**
 * An enterprise's single sign-on connection as stored, its domains, and its identity provider's configuration
 * (discovery), kept per enterprise while its settings stand: what the sign-in (sso-sign-in.ts) and the settings
 * (sso-settings.ts) share.
 */

export const SECRET_PURPOSE = 'sso-client-secret';
/** Provider metadata and keys are read again after this long (or at once after the settings change). */
const CONFIG_TTL_MS = 10 * 60 * 1000;

export type Connection = {
  enterprise_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  default_role_id: string;
  require_sso: number;
  updated_at: string;
};

export const policyOf = (ctx: ServiceContext): OutboundPolicy => ({
  allowPrivateAddresses: ctx.config.ssoAllowPrivate ?? false,
});

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export const redirectUriOf = (ctx: ServiceContext) => `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;

export const connectionForDomain = (db: Db, domain: string) =>
  db
    .selectFrom('sso_domains')
    .innerJoin('sso_connections', 'sso_connections.enterprise_id', 'sso_domains.enterprise_id')
    .selectAll('sso_connections')
    .where('sso_domains.domain', '=', domain)
    // Only a domain the enterprise proved it holds sends addresses anywhere.
    .where('sso_domains.verified_at', 'is not', null)
    .executeTakeFirst();

export const connectionOf = (db: Db, enterpriseId: string) =>
  db.selectFrom('sso_connections').selectAll().where('enterprise_id', '=', enterpriseId).executeTakeFirst();

export const domainsOf = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('sso_domains')
    .select(['domain', 'verified_at'])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('domain')
    .execute();

/** The domains an enterprise has proved are its own. */
export const verifiedDomainsOf = async (db: Db, enterpriseId: string) =>
  (await domainsOf(db, enterpriseId)).filter((row) => row.verified_at !== null).map((row) => row.domain);

/** The TXT record value that proves a domain is this connection's enterprise's. */
export const txtValueOf = (row: { domain_token: string }) => `coach-verification=${row.domain_token}`;

const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

export const discover = async (
  ctx: ServiceContext,
  issuer: string,
  clientId: string,
  clientSecret: string,
) => {
  const policy = policyOf(ctx);
  const fetch = outboundFetch(policy) as unknown as oidc.CustomFetch;
  const config = await oidc.discovery(
    new URL(issuer),
    clientId,
    { client_secret: clientSecret },
    oidc.ClientSecretBasic(clientSecret),
    {
      [oidc.customFetch]: fetch,
      timeout: 10,
      ...(policy.allowPrivateAddresses ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  config[oidc.customFetch] = fetch;
  // The id token's signature is checked against the provider's published keys too: OpenID Connect lets a client
  // trust the token endpoint's TLS alone, but a provider on plain http (an intranet's) has no TLS to trust.
  oidc.enableNonRepudiationChecks(config);
  return config;
};

export const openClientSecret = (ctx: ServiceContext, row: Connection) => {
  try {
    return ctx.tokens.open(SECRET_PURPOSE, row.client_secret);
  } catch {
    // The server's secret changed since it was sealed: only the default admin entering it again can mend that.
    throw ssoUnavailable(
      'Single sign-on needs its client secret entered again in Settings. Ask your default admin.',
    );
  }
};

export const configOf = async (ctx: ServiceContext, row: Connection) => {
  const key = `${row.enterprise_id}:${row.updated_at}`;
  const cached = configs.get(key);
  if (cached && Date.now() - cached.at < CONFIG_TTL_MS) return cached.config;
  const config = discover(ctx, row.issuer, row.client_id, openClientSecret(ctx, row));
  configs.set(key, { at: Date.now(), config });
  try {
    return await config;
  } catch (error) {
    configs.delete(key);
    console.warn(`sso: discovery of ${row.issuer} failed: ${(error as Error).message}`);
    throw ssoUnavailable(
      'Your identity provider could not be reached. Try again in a moment, or ask your admin.',
    );
  }
};
