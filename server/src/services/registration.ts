import type { CallContext } from '../adapter.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertMayMail, guard, mayMail, recordEvent, throttleKeys } from '../auth/throttle.ts';
import { insertCompany } from '../db/companies.ts';
import { conflict, isUniqueViolation } from '../errors.ts';
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
 *
 * The answer is the same whether the email is free or not (issue 15): the password is hashed either way, and
 * the mail goes out after the answer, a verification link for a new account or, for an address that has one
 * already, a note to its owner. A sign-up racing another with the same email ends the same way.
 */
export const register = async (
  ctx: CallContext,
  input: { company_name: string; name: string; email: string; password: string },
) => {
  const keys = throttleKeys('register', input.email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const passwordHash = await hashPassword(input.password);
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst();
  let userId: string | null = null;
  if (!taken) {
    try {
      ({ userId } = await ctx.db.transaction().execute((trx) =>
        insertCompany(trx, {
          name: input.company_name,
          admin: { name: input.name, email: input.email, passwordHash, verifiedAt: null },
          now: nowIso(),
        }),
      ));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const created = userId;
  ctx.background.run('sign-up mail', async () => {
    if (!(await mayMail(ctx.db, input.email))) return;
    if (created) {
      await sendVerification(ctx, { id: created, name: input.name, email: input.email });
      return;
    }
    await ctx.mail.send({
      to: input.email,
      subject: 'You already have a Coach account',
      text: `Hello,\n\nSomeone, perhaps you, tried to create a Coach account with this email address, which already has one.\nSign in at ${ctx.config.publicUrl}/login, or choose a new password at ${ctx.config.publicUrl}/forgot-password.\n\nIf it was not you, you can ignore this message: nothing has changed.`,
    });
  });
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
  await assertMayMail(ctx.db, user.email);
  await sendVerification(ctx, user);
  ctx.setMessage(`We have sent a new link to ${user.email}`);
  return { sentTo: user.email };
};
