import type { CallContext } from '../adapter.ts';
import { hashPassword } from '../auth/passwords.ts';
import { guard, recordEvent, throttleKeys } from '../auth/throttle.ts';
import { insertCompany } from '../db/companies.ts';
import { conflict, validation } from '../errors.ts';
import { enterpriseSession } from '../session.ts';
import { createOneTimeToken } from './auth.ts';

const nowIso = () => new Date().toISOString();

const sendVerification = async (ctx: CallContext, user: { id: string; name: string; email: string }) => {
  const token = await createOneTimeToken(ctx, 'verify', 'enterprise', user.id);
  await ctx.mail.send({
    to: user.email,
    subject: 'Verify your email for Coach',
    text: `Hello ${user.name},\n\nPlease confirm this is your email address within 24 hours:\n${ctx.config.publicUrl}/verify-email/${token}\n\nIf you did not create a Coach account, ignore this message.`,
  });
};

/**
 * /register: the company, its Admin role with every permission key, and its default admin, whose email must be
 * verified before anything but the activation page works. Throttled per address and per IP.
 */
export const register = async (
  ctx: CallContext,
  input: { company_name: string; name: string; email: string; password: string },
) => {
  const keys = throttleKeys('register', input.email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (taken) throw validation('email', 'This email already belongs to an account. Sign in instead.');
  const passwordHash = await hashPassword(input.password);
  const { userId } = await ctx.db.transaction().execute((trx) =>
    insertCompany(trx, {
      name: input.company_name,
      admin: { name: input.name, email: input.email, passwordHash, verifiedAt: null },
      now: nowIso(),
    }),
  );
  await sendVerification(ctx, { id: userId, name: input.name, email: input.email });
  ctx.setMessage('Your account is ready. Check your inbox to verify your email, then sign in.');
  return { email: input.email };
};

/** /activation-required: a fresh verification link (earlier ones keep working until they expire). */
export const resendVerification = async (ctx: CallContext) => {
  const { user } = enterpriseSession(ctx);
  if (user.email_verified_at) throw conflict('Your email is already verified');
  const keys = throttleKeys('verify-resend', user.email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  await sendVerification(ctx, user);
  ctx.setMessage(`We have sent a new link to ${user.email}`);
  return { sentTo: user.email };
};
