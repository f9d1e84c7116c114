import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { verifyPassword } from '../../auth/passwords.ts';
import {
  clearEvents,
  countSignInAttempt,
  forgetEvents,
  isKnownPlace,
  signInKeys,
} from '../../auth/throttle.ts';
import { type Audience, FULL_TTL, PRE_MFA_TTL } from '../../auth/tokens.ts';
import { unauthenticated } from '../../errors.ts';
import { markVerified, startSession, tokenLifetime } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { recordActivity } from './activity.ts';
import { findAccountByEmail, sessionAccount } from './internal/accounts.ts';
import { passwordsOff, ssoRequired } from './sso-policy.ts';

/**
 * Signing in: the password step, the end of the second step (whichever factor proved it), a one-step sign-in, and
 * the refresh that keeps a signed-in screen's token fresh.
 */

export const login = async (
  ctx: ServiceContext,
  audience: Audience,
  { email, password }: ParsedRequestOf<typeof enterpriseAuth.login>,
) => {
  const keys = signInKeys(`login:${audience}`, email, ctx.ip);
  const account = await findAccountByEmail(ctx, audience, email);
  // Asked for unknown emails too (with no id), so the time taken does not tell which emails exist.
  const knownPlace = await isKnownPlace(ctx.db, audience, account?.id ?? '', ctx.ip);
  const attempt = await countSignInAttempt(ctx.db, keys, knownPlace);
  const ok = await verifyPassword(account?.password_hash, password);
  // A failure stays counted.
  if (!account || !ok || !account.active) throw unauthenticated('Invalid email or password');
  await forgetEvents(ctx.db, attempt);
  await clearEvents(ctx.db, keys.account);
  // Passwords are off where the organisation requires single sign-on, for all but its default admin.
  if (await passwordsOff(ctx.db, account.enterprise_id, account.is_default_admin === 1)) throw ssoRequired();
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: account.id,
    enterpriseId: account.enterprise_id,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: false,
  });
  const accesstoken = await ctx.tokens.sign(
    { sub: account.id, aud: audience, ent: account.enterprise_id, mfa: false, lid },
    PRE_MFA_TTL,
  );
  ctx.setMessage('Please complete the second verification step');
  return { accesstoken, mfaRequired: true as const };
};

/**
 * The second factor is proven (a mailed code, an authenticator app's code or a recovery code): the session is
 * marked verified and the caller gets its full token.
 */
export const completeSecondFactor = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  await markActive(ctx, audience, me);
  await markVerified(ctx.db, me.claims.lid);
  const ttl = await tokenLifetime(ctx.db, me.claims.lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid: me.claims.lid },
    ttl,
  );
  ctx.setMessage('Verified');
  return { accesstoken, expiresInSeconds: ttl };
};

/**
 * A sign-in proven whole in one step (a passkey with user verification): no password step and no token before it, so the session starts verified and the full token is answered at once, as verify-code does.
 */
export const completeOneStepSignIn = async (
  ctx: ServiceContext,
  audience: Audience,
  account: { id: string; enterpriseId: string | null },
) => {
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: account.id,
    enterpriseId: account.enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  await markActive(ctx, audience, account);
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: account.id, aud: audience, ent: account.enterpriseId, mfa: true, lid },
    ttl,
  );
  ctx.setMessage('Verified');
  return { accesstoken, expiresInSeconds: ttl };
};

/** A full sign-in or a refresh counts as activity for the member lists, detail and dashboard. */
const markActive = async (
  ctx: ServiceContext,
  audience: Audience,
  me: { id: string; enterpriseId: string | null },
) => {
  if (audience !== 'enterprise' || !me.enterpriseId) return;
  await ctx.db.updateTable('users').set({ last_active_at: nowIso() }).where('id', '=', me.id).execute();
  // A one-step sign-in has no session yet: the member's and the organisation's zones are read for it.
  const user =
    ctx.session?.audience === 'enterprise'
      ? ctx.session.user
      : await ctx.db
          .selectFrom('users')
          .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
          .select(['users.timezone', 'enterprises.timezone as ent_timezone'])
          .where('users.id', '=', me.id)
          .executeTakeFirst();
  const zone = effectiveTimeZone({ member: user?.timezone, enterprise: user?.ent_timezone });
  await recordActivity(ctx.db, me.id, me.enterpriseId, new Date(), ctx.clientPlatform, zone);
};

export const refreshToken = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  // A platform admin logged in as the enterprise is not the member's activity.
  if (!me.claims.act) await markActive(ctx, audience, me);
  // A refresh never outlives the session: 30 days after sign-in it is refused and the member signs in again.
  const ttl = await tokenLifetime(ctx.db, me.claims.lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid: me.claims.lid, act: me.claims.act },
    ttl,
  );
  return { accesstoken, expiresInSeconds: ttl };
};
