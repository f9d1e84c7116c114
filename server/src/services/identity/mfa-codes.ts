import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { sql } from 'kysely';
import { clearEvents, forgetLatestEvent, guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import type { Audience } from '../../auth/tokens.ts';
import { smsUnavailable, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { SmsError } from '../../providers/sms.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount } from './internal/accounts.ts';
import { completeSecondFactor } from './sign-in.ts';

/** The second sign-in step by a code sent to the account's email or mobile, and what that step may offer. */

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

/** `olivia@acme.example` → `o***a@acme.example`. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  const masked = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${masked}@${domain}`;
};
/** `+61 412 345 678` → `+61 *** *** 678`. */
export const maskMobile = (mobile: string | null) => {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  const last = digits.slice(-3);
  const prefix = mobile.trim().startsWith('+') ? `+${digits.slice(0, 2)} ` : '';
  return `${prefix}*** *** ${last}`;
};

export const sendCode = async (
  ctx: ServiceContext,
  audience: Audience,
  { contactMethod }: ParsedRequestOf<typeof enterpriseAuth.sendCode>,
) => {
  const me = sessionAccount(ctx);
  if (contactMethod === 1 && !me.mobile)
    throw validation('contactMethod', 'No mobile number is on file; choose email');
  const keys = throttleKeys(`send:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, { account: keys.account, ip: keys.ip });
  await recordEvent(ctx.db, keys.account, keys.ip);
  const { randomInt } = await import('node:crypto');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A new code replaces any earlier one for this login.
  await ctx.db
    .updateTable('mfa_challenges')
    .set({ used_at: nowIso() })
    .where('login_id', '=', me.claims.lid)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('mfa_challenges')
    .values({
      id: crypto.randomUUID(),
      audience,
      subject_id: me.id,
      login_id: me.claims.lid,
      code_hash: ctx.tokens.hashCode(code),
      expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
      attempts: 0,
      used_at: null,
    })
    .execute();
  const { subject, text } = mailTexts(me.language, ctx.requestLanguage).code({ code });
  if (contactMethod === 1 && me.mobile) {
    try {
      await ctx.sms.send({ to: me.mobile, subject, text, kind: 'sms' });
    } catch (error) {
      if (error instanceof SmsError) throw smsUnavailable(`${error.message}. Choose email instead.`);
      throw error;
    }
  } else {
    await ctx.mail.send({ to: me.email, subject, text });
  }
  ctx.setMessage('Verification code sent');
  return {
    sentTo: contactMethod === 1 ? (maskMobile(me.mobile) ?? '') : maskEmail(me.email),
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
};

const wrongCode = () => validation('code', 'The code is incorrect or has expired');

export const verifyCode = async (
  ctx: ServiceContext,
  audience: Audience,
  { code }: ParsedRequestOf<typeof enterpriseAuth.verifyCode>,
) => {
  const me = sessionAccount(ctx);
  const keys = throttleKeys(`code:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const challenge = await ctx.db
    .selectFrom('mfa_challenges')
    .selectAll()
    .where('login_id', '=', me.claims.lid)
    .where('subject_id', '=', me.id)
    .where('audience', '=', audience)
    .where('used_at', 'is', null)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  // The try is counted before the code is compared, in one statement that refuses a sixth: codes sent all at once
  // each take a try, so no burst compares more than MAX_CODE_ATTEMPTS of them.
  const counted =
    challenge && challenge.expires_at >= nowIso()
      ? await ctx.db
          .updateTable('mfa_challenges')
          .set({ attempts: sql<number>`attempts + 1` })
          .where('id', '=', challenge.id)
          .where('attempts', '<', MAX_CODE_ATTEMPTS)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : null;
  if (
    !challenge ||
    Number(counted?.numUpdatedRows ?? 0) !== 1 ||
    challenge.code_hash !== ctx.tokens.hashCode(code)
  ) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw wrongCode();
  }
  const claimed = await ctx.db
    .updateTable('mfa_challenges')
    .set({ used_at: nowIso() })
    .where('id', '=', challenge.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw wrongCode();
  await clearEvents(ctx.db, keys.account);
  // Sends are throttled so nobody can flood an inbox; a send that ended in a verified code was the owner's,
  // so it stops counting (people behind one office IP can each sign in as often as they need).
  const sendKeys = throttleKeys(`send:${audience}`, me.id, ctx.ip);
  await clearEvents(ctx.db, sendKeys.account);
  await forgetLatestEvent(ctx.db, sendKeys.ip);
  return completeSecondFactor(ctx, audience);
};

export const mfaDetails = async (ctx: ServiceContext) => {
  const me = sessionAccount(ctx);
  const audience = ctx.session?.audience ?? '';
  const app = await ctx.db
    .selectFrom('authenticator_apps')
    .select('id')
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  const passkey = await ctx.db
    .selectFrom('passkeys')
    .select('id')
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .limit(1)
    .executeTakeFirst();
  return {
    maskedEmail: maskEmail(me.email),
    maskedMobile: maskMobile(me.mobile),
    authenticatorApp: !!app,
    passkeys: !!passkey,
  };
};
