import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { guard, mayMail, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import { type Audience, FULL_TTL } from '../../auth/tokens.ts';
import { AppError, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { endSessionsOf, startSession, tokenLifetime } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { startTaskClocksOnJoining } from '../tasks/invitee-due-dates.ts';
import { findAccountByEmail, sessionOwner, setPassword } from './internal/accounts.ts';
import { createOneTimeToken, findOneTimeToken } from './one-time-tokens.ts';
import { passwordsOff } from './sso-policy.ts';

/** Setting a password: the forgotten-password mail, the reset (or invitation) link that sets one, and a change. */

export const forgotPassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { email }: ParsedRequestOf<typeof enterpriseAuth.forgotPassword>,
) => {
  const keys = throttleKeys(`forgot:${audience}`, email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  // The same answer at the same speed for every email, so the call tells nobody which emails have an account:
  // looking the account up, making the link and mailing it happen after the answer, and at most 5 mails an hour
  // reach one address whoever asks.
  ctx.background.run('password reset mail', async () => {
    const account = await findAccountByEmail(ctx, audience, email);
    if (!account?.active || !(await mayMail(ctx.db, account.email))) return;
    // No link to a password that could not be used: the organisation signs in with single sign-on.
    if (await passwordsOff(ctx.db, account.enterprise_id, account.is_default_admin === 1)) return;
    const token = await createOneTimeToken(ctx, 'reset', audience, account.id);
    const link = `${ctx.config.publicUrl}${audience === 'admin' ? '/admin' : ''}/password/reset/${token}`;
    const mail = mailTexts(account.language, ctx.requestLanguage).reset({ name: account.name, link });
    await ctx.mail.send({ to: account.email, ...mail });
  });
  ctx.setMessage('If an account exists for this email, we have sent a link to reset the password.');
  return {};
};

/** An invitation link sets the first password through the same page and call as a reset link. */
const SET_PASSWORD_PURPOSES = ['reset', 'invite'] as const;

export const resetPassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { token, password }: ParsedRequestOf<typeof enterpriseAuth.resetPassword>,
) => {
  const { row, account } = await findOneTimeToken(ctx, SET_PASSWORD_PURPOSES, audience, token);
  // Single use: only the request that flips used_at wins.
  const claimed = await ctx.db
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1)
    throw new AppError(400, ERROR_CODES.validation, 'This link is invalid or has expired', 'token');
  await setPassword(ctx, audience, account.id, await hashPassword(password));
  // Whoever held a session with the old password holds it no more.
  await endSessionsOf(ctx.db, audience, account.id, 'password-reset');
  if (row.purpose === 'invite') {
    // The link reached the invited address: that verifies the email too.
    await ctx.db.transaction().execute(async (trx) => {
      const joinedAt = nowIso();
      await trx
        .updateTable('users')
        .set({ email_verified_at: joinedAt })
        .where('id', '=', account.id)
        .execute();
      await startTaskClocksOnJoining(trx, account.id, joinedAt);
      const member = await trx
        .selectFrom('users')
        .select('enterprise_id')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      await emitEvent(trx, {
        enterpriseId: member.enterprise_id,
        type: 'member.joined',
        memberId: account.id,
        data: { via: 'invitation' },
      });
      await audit(trx, {
        actorKind: audience,
        actorId: account.id,
        enterpriseId: null,
        action: 'invite.accepted',
      });
    });
    ctx.setMessage('Your password is set. Please log in.');
    return {};
  }
  await audit(ctx.db, {
    actorKind: audience,
    actorId: account.id,
    enterpriseId: null,
    action: 'password.reset',
  });
  ctx.setMessage('Your password has been reset. Please log in.');
  return {};
};

export const checkResetToken = async (
  ctx: ServiceContext,
  audience: Audience,
  { token }: ParsedRequestOf<typeof enterpriseAuth.checkResetToken>,
) => {
  const { row, account } = await findOneTimeToken(ctx, SET_PASSWORD_PURPOSES, audience, token);
  if (row.purpose !== 'invite')
    return { valid: true as const, email: account.email, purpose: 'reset' as const };
  return {
    valid: true as const,
    email: account.email,
    purpose: 'invite' as const,
    company: audience === 'enterprise' ? await invitingCompany(ctx, account.id) : undefined,
  };
};

/** The organisation a live invitation comes from: its name and logo for the page that sets the first password. */
const invitingCompany = async (ctx: ServiceContext, userId: string) => {
  const company = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['enterprises.name as name', 'enterprises.logo as logoUrl'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return company ? { name: company.name, logoUrl: company.logoUrl } : undefined;
};

export const changePassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { currentPassword, newPassword }: ParsedRequestOf<typeof enterpriseAuth.changePassword>,
) => {
  const me = sessionOwner(ctx);
  const keys = throttleKeys(`changepw:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  if (!(await verifyPassword(me.passwordHash, currentPassword))) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw validation('currentPassword', 'The current password is not correct');
  }
  // Keeping the same password is no change: nothing is written and no other session is signed out.
  if (newPassword === currentPassword)
    throw validation('newPassword', 'The new password must be different from your current one');
  await setPassword(ctx, audience, me.id, await hashPassword(newPassword));
  // Every session ends, this one too (a token copied from it dies with it); the caller goes on in a fresh one.
  await endSessionsOf(ctx.db, audience, me.id, 'password-changed');
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: me.id,
    enterpriseId: me.enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid },
    ttl,
  );
  await audit(ctx.db, {
    actorKind: audience,
    actorId: me.id,
    enterpriseId: me.enterpriseId,
    action: 'password.change',
  });
  ctx.setMessage('Password changed successfully. Your other sessions have been signed out.');
  return { accesstoken, expiresInSeconds: ttl };
};
