import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseSso } from '@coach/shared/contract/sso';
import * as oidc from 'openid-client';
import { assertNotThrottled, IP_LIMIT, recordEvent } from '../../auth/throttle.ts';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import { forbidden, ssoUnavailable, unauthenticated, validation } from '../../errors.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { startTaskClocksOnJoining } from '../tasks/invitee-due-dates.ts';
import {
  configOf,
  connectionForDomain,
  connectionOf,
  domainOf,
  redirectUriOf,
} from './internal/sso-connections.ts';
import { type Claims, memberFor, tellMember } from './internal/sso-members.ts';
import { openMemberSession } from './member-session.ts';

/**
 * Single sign-on per enterprise with OpenID Connect: the authorization code flow with PKCE, state and nonce,
 * through openid-client, which checks the id token's signature, issuer, audience, expiry and nonce.
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
const SCOPE = 'openid email profile';

export const discoverForEmail = async (
  ctx: ServiceContext,
  { email }: ParsedRequestOf<typeof enterpriseSso.discover>,
) => {
  const row = await connectionForDomain(ctx.db, domainOf(email));
  return { singleSignOn: Boolean(row), required: row?.require_sso === 1 };
};

export const start = async (ctx: ServiceContext, { email }: ParsedRequestOf<typeof enterpriseSso.start>) => {
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

export const complete = async (
  ctx: ServiceContext,
  { query, browserKey }: ParsedRequestOf<typeof enterpriseSso.complete>,
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
  if (!user.email_verified_at) {
    // An invitee joining through single sign-on: their waiting tasks' time starts now, as with the emailed link.
    const joinedAt = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      const joined = await trx
        .updateTable('users')
        .set({ email_verified_at: joinedAt })
        .where('id', '=', user.id)
        .returning('invited_at')
        .executeTakeFirst();
      if (joined?.invited_at) await startTaskClocksOnJoining(trx, user.id, joinedAt);
    });
  }
  const session = await openMemberSession(ctx, user.id, row.enterprise_id);
  await audit(ctx.db, {
    actorKind: 'enterprise',
    actorId: user.id,
    enterpriseId: row.enterprise_id,
    action: 'sso.signIn',
    details: { issuer: row.issuer, created },
  });
  if (linkedNow) await tellMember(ctx, user.id, created, row.issuer);
  ctx.setMessage('Signed in');
  return session;
};
