import { randomBytes } from 'node:crypto';
import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import { SSO_CALLBACK_PATH, SSO_TXT_PREFIX, type SsoSettings } from '@coach/shared/contract/sso';
import * as oidc from 'openid-client';
import { hashPassword } from '../../auth/passwords.ts';
import { assertNotThrottled, IP_LIMIT, recordEvent } from '../../auth/throttle.ts';
import { FULL_TTL, randomToken, sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { forbidden, isUniqueViolation, ssoUnavailable, unauthenticated, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { type OutboundPolicy, outboundFetch, refusalOf } from '../../providers/outbound-http.ts';
import { enterpriseSession, startSession, tokenLifetime } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { recordActivity } from './activity.ts';

/**
 * Single sign-on per enterprise with OpenID Connect (issue 21 item 4): the authorization code flow with PKCE, state
 * and nonce, through openid-client, which checks the id token's signature, issuer, audience, expiry and nonce.
 *
 * Who may sign in as whom:
 * - only the default admin sets the provider up (the contract's `defaultAdminOnly`), since it decides who signs in
 *   as whom; the domains it names belong to one enterprise each;
 * - an identity is a member of this enterprise only: found by the provider's subject, else by an address of the
 *   enterprise's domains (linked then), else created with the chosen role; an address that has an account with
 *   another organisation is refused, never moved;
 * - the default admin never signs in this way: their password stays the way back in when the provider fails or is
 *   taken over, and "require single sign-on" leaves it on for them alone;
 * - deactivated members stay out.
 */

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const SECRET_PURPOSE = 'sso-client-secret';
/** Provider metadata and keys are read again after this long (or at once after the settings change). */
const CONFIG_TTL_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';

type Connection = {
  enterprise_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  default_role_id: string;
  require_sso: number;
  updated_at: string;
};

const policyOf = (ctx: ServiceContext): OutboundPolicy => ({
  allowPrivateAddresses: ctx.config.ssoAllowPrivate ?? false,
});

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const redirectUriOf = (ctx: ServiceContext) => `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;

const connectionForDomain = (db: Db, domain: string) =>
  db
    .selectFrom('sso_domains')
    .innerJoin('sso_connections', 'sso_connections.enterprise_id', 'sso_domains.enterprise_id')
    .selectAll('sso_connections')
    .where('sso_domains.domain', '=', domain)
    // Only a domain the enterprise proved it holds sends addresses anywhere.
    .where('sso_domains.verified_at', 'is not', null)
    .executeTakeFirst();

const connectionOf = (db: Db, enterpriseId: string) =>
  db.selectFrom('sso_connections').selectAll().where('enterprise_id', '=', enterpriseId).executeTakeFirst();

const domainsOf = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('sso_domains')
    .select(['domain', 'verified_at'])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('domain')
    .execute();

/** The domains an enterprise has proved are its own. */
const verifiedDomainsOf = async (db: Db, enterpriseId: string) =>
  (await domainsOf(db, enterpriseId)).filter((row) => row.verified_at !== null).map((row) => row.domain);

/** The TXT record value that proves a domain is this connection's enterprise's. */
const txtValueOf = (row: { domain_token: string }) => `coach-verification=${row.domain_token}`;

// ---------------------------------------------------------------------------------------------
// The provider's configuration (discovery), kept per enterprise while its settings stand
// ---------------------------------------------------------------------------------------------

const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

const discover = async (ctx: ServiceContext, issuer: string, clientId: string, clientSecret: string) => {
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

const openClientSecret = (ctx: ServiceContext, row: Connection) => {
  try {
    return ctx.tokens.open(SECRET_PURPOSE, row.client_secret);
  } catch {
    // The server's secret changed since it was sealed: only the default admin entering it again can mend that.
    throw ssoUnavailable(
      'Single sign-on needs its client secret entered again in Settings. Ask your default admin.',
    );
  }
};

const configOf = async (ctx: ServiceContext, row: Connection) => {
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

// ---------------------------------------------------------------------------------------------
// Sign-in: discover, start, complete
// ---------------------------------------------------------------------------------------------

export const discoverForEmail = async (ctx: ServiceContext, { email }: { email: string }) => {
  const row = await connectionForDomain(ctx.db, domainOf(email));
  return { singleSignOn: Boolean(row), required: row?.require_sso === 1 };
};

export const start = async (ctx: ServiceContext, { email }: { email: string }) => {
  const ipKey = `sso-start:ip:${ctx.ip}`;
  await assertNotThrottled(ctx.db, ipKey, IP_LIMIT);
  await recordEvent(ctx.db, ipKey);
  const row = await connectionForDomain(ctx.db, domainOf(email));
  if (!row) throw validation('email', 'Your organisation does not sign in with single sign-on');
  const config = await configOf(ctx, row);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserKey = randomToken();
  await ctx.db.deleteFrom('sso_attempts').where('expires_at', '<', nowIso()).execute();
  await ctx.db
    .insertInto('sso_attempts')
    .values({
      state,
      enterprise_id: row.enterprise_id,
      nonce,
      code_verifier: verifier,
      browser_key_hash: sha256(browserKey),
      expires_at: new Date(Date.now() + ATTEMPT_TTL_MS).toISOString(),
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    login_hint: email,
  });
  return { authorizationUrl: url.href, browserKey };
};

/** Why the provider's answer was refused, for the log (the member sees a plain sentence). */
const refusedAnswer = (ctx: ServiceContext, reason: string) => {
  if (!ctx.config.quiet) console.warn(`sso: refused an answer: ${reason}`);
  return unauthenticated(
    "Your identity provider's answer could not be verified. Please start the sign-in again, or ask your admin.",
  );
};

const exchange = async (
  ctx: ServiceContext,
  config: oidc.Configuration,
  currentUrl: URL,
  attempt: { state: string; nonce: string; code_verifier: string },
) => {
  try {
    return await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError)
      throw unauthenticated(
        error.error === 'access_denied'
          ? 'Your identity provider did not sign you in'
          : `Your identity provider did not sign you in (${error.error})`,
      );
    if (error instanceof oidc.ResponseBodyError) throw refusedAnswer(ctx, `${error.error}: ${error.message}`);
    // A check that failed (signature, issuer, audience, expiry, nonce, state) carries a code; a request that reached
    // no answer (network, timeout, a refused address) does not.
    if (error instanceof TypeError || (error instanceof oidc.ClientError && !error.code))
      throw ssoUnavailable('Your identity provider could not be reached. Try again in a moment.');
    throw refusedAnswer(ctx, (error as Error).message);
  }
};

type Claims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown };

/**
 * A provider that keeps the id token to `sub` (OpenID Connect lets the email and profile scopes' claims come from
 * the userinfo endpoint only, as oidc-provider does by default) is asked there, for the same subject.
 */
const withUserInfo = async (
  ctx: ServiceContext,
  config: oidc.Configuration,
  accessToken: string,
  claims: Claims,
): Promise<Claims> => {
  if (typeof claims.email === 'string' || !config.serverMetadata().userinfo_endpoint) return claims;
  try {
    const info = await oidc.fetchUserInfo(config, accessToken, claims.sub);
    return {
      ...claims,
      email: info.email,
      email_verified: info.email_verified,
      name: claims.name ?? info.name,
    };
  } catch (error) {
    if (error instanceof TypeError || (error instanceof oidc.ClientError && !error.code))
      throw ssoUnavailable('Your identity provider could not be reached. Try again in a moment.');
    throw refusedAnswer(ctx, `userinfo: ${(error as Error).message}`);
  }
};

/** The member this identity is: by subject, else by address (then linked), else a new one (just in time). */
const memberFor = async (ctx: ServiceContext, row: Connection, claims: Claims) => {
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
  const id = crypto.randomUUID();
  const now = nowIso();
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
  try {
    await ctx.db
      .insertInto('users')
      .values({
        id,
        enterprise_id: row.enterprise_id,
        role_id: role.id,
        name: name ?? email,
        email,
        // The member signs in through the provider; a random password nobody knows, so the password form never opens.
        password_hash: await hashPassword(randomToken()),
        mobile: null,
        avatar_url: null,
        is_default_admin: 0,
        status: 'active',
        email_verified_at: now,
        last_active_at: null,
        created_at: now,
        invited_at: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw forbidden('This email address has a Coach account already. Please try again.');
    throw error;
  }
  return { id, status: 'active', is_default_admin: 0, email_verified_at: now as string | null };
};

/** The member's first sign-in through the provider made or linked their account: they are told (issue 21 item 5). */
const tellMember = async (ctx: ServiceContext, userId: string, created: boolean, issuer: string) => {
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

export const complete = async (
  ctx: ServiceContext,
  { query, browserKey }: { query: string; browserKey: string },
) => {
  const ipKey = `sso-complete:ip:${ctx.ip}`;
  await assertNotThrottled(ctx.db, ipKey, IP_LIMIT);
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const state = params.get('state') ?? '';
  const attempt = state
    ? await ctx.db.selectFrom('sso_attempts').selectAll().where('state', '=', state).executeTakeFirst()
    : undefined;
  // Each attempt answers once, whatever the outcome: a replayed answer finds nothing.
  if (attempt) await ctx.db.deleteFrom('sso_attempts').where('state', '=', state).execute();
  if (!attempt || attempt.expires_at < nowIso() || attempt.browser_key_hash !== sha256(browserKey)) {
    await recordEvent(ctx.db, ipKey);
    throw unauthenticated('This sign-in has expired or was started in another browser. Please start again.');
  }
  const row = await connectionOf(ctx.db, attempt.enterprise_id);
  if (!row) throw unauthenticated('Single sign-on is no longer set up for your organisation.');
  const config = await configOf(ctx, row);
  let tokens: Awaited<ReturnType<typeof exchange>>;
  try {
    tokens = await exchange(ctx, config, new URL(`${redirectUriOf(ctx)}?${params}`), attempt);
  } catch (error) {
    await recordEvent(ctx.db, ipKey);
    throw error;
  }
  const idClaims = tokens.claims();
  if (!idClaims?.sub) throw refusedAnswer(ctx, 'no id token claims');
  const claims = await withUserInfo(ctx, config, tokens.access_token, idClaims as Claims);
  const { user, created, linkedNow } = await memberFor(ctx, row, claims);
  if (user.is_default_admin === 1)
    throw forbidden(
      'The default admin signs in with their password, so your organisation keeps a way in if single sign-on fails.',
    );
  if (user.status !== 'active') throw forbidden('Your account has been deactivated. Ask your admin.');
  if (!user.email_verified_at)
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
  const lid = await startSession(ctx.db, {
    audience: 'enterprise',
    subjectId: user.id,
    enterpriseId: row.enterprise_id,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: user.id, aud: 'enterprise', ent: row.enterprise_id, mfa: true, lid },
    ttl,
  );
  await ctx.db.updateTable('users').set({ last_active_at: nowIso() }).where('id', '=', user.id).execute();
  const zone = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.timezone', 'enterprises.timezone as ent_timezone'])
    .where('users.id', '=', user.id)
    .executeTakeFirst();
  await recordActivity(
    ctx.db,
    user.id,
    row.enterprise_id,
    new Date(),
    ctx.clientPlatform,
    effectiveTimeZone({ member: zone?.timezone, enterprise: zone?.ent_timezone }),
  );
  await audit(ctx.db, {
    actorKind: 'enterprise',
    actorId: user.id,
    enterpriseId: row.enterprise_id,
    action: 'sso.signIn',
    details: { issuer: row.issuer, created },
  });
  if (linkedNow) await tellMember(ctx, user.id, created, row.issuer);
  ctx.setMessage('Signed in');
  return { accesstoken, expiresInSeconds: ttl };
};

// ---------------------------------------------------------------------------------------------
// Settings › Single sign-on (the default admin's)
// ---------------------------------------------------------------------------------------------

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

export const save = async (
  ctx: ServiceContext,
  input: {
    issuer: string;
    clientId: string;
    clientSecret?: string | undefined;
    domains: string[];
    requireSso: boolean;
    defaultRoleId: string;
  },
) => {
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

/** Looks up the domain's TXT record now; found, the domain is proved (issue 21 item 4). */
export const verifyDomain = async (ctx: ServiceContext, { domain }: { domain: string }) => {
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
