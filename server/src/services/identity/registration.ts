import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { hashPassword } from '../../auth/passwords.ts';
import { assertMayMail, guard, mayMail, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import type { Audience } from '../../auth/tokens.ts';
import { insertCompany } from '../../db/companies.ts';
import { conflict, isUniqueViolation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { createOneTimeToken, findOneTimeToken } from './one-time-tokens.ts';

/** In the reader's language: their saved one, else the language of the screen they signed up on. */
const sendVerification = async (
  ctx: ServiceContext,
  user: { id: string; name: string; email: string; language?: string | null },
) => {
  const token = await createOneTimeToken(ctx, 'verify', 'enterprise', user.id);
  const link = `${ctx.config.publicUrl}/verify-email/${token}`;
  const mail = mailTexts(user.language, ctx.requestLanguage).verify({ name: user.name, link });
  await ctx.mail.send({ to: user.email, ...mail });
};

/**
 * /register: the company, its Admin role with every permission key, and its default admin, whose email must be
 * verified before anything but the activation page works. Throttled per address and per IP.
 *
 * The answer is the same whether the email is free or not, so sign-up tells nobody which emails have an account:
 * the password is hashed either way, and the mail goes out after the answer, a verification link for a new account
 * or, for an address that has one already, a note to its owner. A sign-up racing another with the same email ends the same way.
 */
export const register = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseAuth.register>,
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
    const owner = await ctx.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', input.email)
      .executeTakeFirst();
    const mail = mailTexts(owner?.language, ctx.requestLanguage).accountExists({
      loginLink: `${ctx.config.publicUrl}/login`,
      forgotLink: `${ctx.config.publicUrl}/forgot-password`,
    });
    await ctx.mail.send({ to: input.email, ...mail });
  });
  ctx.setMessage('Your account is ready. Check your inbox to verify your email, then sign in.');
  return { email: input.email };
};

/** /activation-required: a fresh verification link (earlier ones keep working until they expire). */
export const resendVerification = async (ctx: ServiceContext) => {
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

/** The link of the verification mail: the account's email is verified. */
export const verifyEmail = async (
  ctx: ServiceContext,
  audience: Audience,
  { token }: ParsedRequestOf<typeof enterpriseAuth.verifyEmail>,
) => {
  const { row, account } = await findOneTimeToken(ctx, 'verify', audience, token);
  await ctx.db.updateTable('one_time_tokens').set({ used_at: nowIso() }).where('id', '=', row.id).execute();
  const table = audience === 'admin' ? 'admins' : 'users';
  await ctx.db.updateTable(table).set({ email_verified_at: nowIso() }).where('id', '=', account.id).execute();
  ctx.setMessage('Your email has been verified');
  return { email: account.email };
};
