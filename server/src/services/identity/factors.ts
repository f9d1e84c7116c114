import { randomInt } from 'node:crypto';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { type enterpriseFactors, RECOVERY_CODE_COUNT } from '@coach/shared/contract/factors';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { verifyPassword } from '../../auth/passwords.ts';
import { clearEvents, guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import type { Audience } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { conflict, validation } from '../../errors.ts';
import { type FactorChange, mailTexts } from '../../mail/texts.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount, sessionOwner } from './internal/accounts.ts';
import { completeSecondFactor } from './sign-in.ts';

/**
 * Authenticator apps and recovery codes. The app's secret is sealed at rest (tokens.seal); a code
 * is accepted within one 30 s step either side of now (phones drift) and only once: the step of the last accepted
 * code is kept and a code of that step or an earlier one is refused, so a code seen over a shoulder cannot be used
 * again. Wrong codes count against the same throttle as mailed codes (5 per account, 50 per address, 15 minutes).
 */

const SEAL_PURPOSE = 'authenticator-app';
const ISSUER = 'Coach';
const PERIOD = 30;
const WINDOW = 1;
/** Recovery codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code was made in, if it is one of the accepted window's, else null. */
const stepOf = (totp: TOTP, code: string, now = Date.now()) => {
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
};

const wrongCode = () => validation('code', 'The code is incorrect or has expired');

const appOf = (ctx: ServiceContext, audience: Audience, subjectId: string) =>
  ctx.db
    .selectFrom('authenticator_apps')
    .selectAll()
    .where('audience', '=', audience)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();

type Owner = ReturnType<typeof sessionAccount>;

/** Records a change to the owner's sign-in, on the change's transaction where it has one. */
const recordChange = (db: Db, audience: Audience, me: Owner, change: FactorChange) =>
  audit(db, {
    actorKind: audience,
    actorId: me.id,
    enterpriseId: me.enterpriseId,
    action: `factor.${change}`,
  });

/** Mails the owner about a change to their sign-in, so a change they did not make does not go unseen. */
const told = async (ctx: ServiceContext, me: Owner, change: FactorChange) => {
  const { subject, text } = mailTexts(me.language, ctx.requestLanguage).factorChanged({ change });
  await ctx.mail.send({ to: me.email, subject, text });
};

/**
 * The app's secret, unsealed. It cannot be when the server's secret (JWT_SECRET or DATA_DIR/jwt-secret) changed since
 * the app was set up: the member is told to sign in another way and set the app up again, never shown a 500.
 */
const openAppSecret = (ctx: ServiceContext, sealed: string) => {
  try {
    return ctx.tokens.open(SEAL_PURPOSE, sealed);
  } catch {
    throw conflict(
      'Your authenticator app can no longer be checked here. Sign in with a code by email or a recovery code, then set the app up again.',
    );
  }
};

export const listFactors = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  const app = await appOf(ctx, audience, me.id);
  const left = await ctx.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  const passkeys = await ctx.db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .executeTakeFirst();
  const enabled = !!app?.confirmed_at;
  return {
    authenticatorApp: { enabled, since: app?.confirmed_at ?? null },
    recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0,
    passkeys: Number(passkeys?.n ?? 0),
  };
};

/** A new secret for the member to scan; it is used only once confirmed with a code from the app. */
export const startTotp = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionOwner(ctx);
  const existing = await appOf(ctx, audience, me.id);
  if (existing?.confirmed_at) throw conflict('An authenticator app is already set up: remove it first');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = ctx.tokens.seal(SEAL_PURPOSE, secret);
  const now = nowIso();
  if (existing)
    await ctx.db
      .updateTable('authenticator_apps')
      .set({ secret: sealed, last_step: null, created_at: now })
      .where('id', '=', existing.id)
      .where('confirmed_at', 'is', null)
      .execute();
  else
    await ctx.db
      .insertInto('authenticator_apps')
      .values({
        id: crypto.randomUUID(),
        audience,
        subject_id: me.id,
        secret: sealed,
        confirmed_at: null,
        last_step: null,
        created_at: now,
      })
      .execute();
  const otpauthUrl = totpOf(secret, me.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
};

const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

/** The member typed a code from the app: it is switched on, and new recovery codes are answered (shown once). */
export const confirmTotp = async (
  ctx: ServiceContext,
  audience: Audience,
  { code }: ParsedRequestOf<typeof enterpriseFactors.totpConfirm>,
) => {
  const me = sessionOwner(ctx);
  const keys = throttleKeys(`totp-confirm:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const app = await appOf(ctx, audience, me.id);
  if (!app || app.confirmed_at) throw conflict('Start setting up an authenticator app first');
  const step = stepOf(totpOf(openAppSecret(ctx, app.secret), me.email), code);
  if (step === null) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw wrongCode();
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const switched = await trx
      .updateTable('authenticator_apps')
      .set({ confirmed_at: now, last_step: step })
      .where('id', '=', app.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(switched.numUpdatedRows) !== 1) throw conflict('Start setting up an authenticator app first');
    await trx
      .deleteFrom('recovery_codes')
      .where('audience', '=', audience)
      .where('subject_id', '=', me.id)
      .execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        recoveryCodes.map((c) => ({
          id: crypto.randomUUID(),
          audience,
          subject_id: me.id,
          code_hash: ctx.tokens.hashCode(`recovery:${c}`),
          used_at: null,
          created_at: now,
        })),
      )
      .execute();
    await recordChange(trx, audience, me, 'totp-added');
  });
  await clearEvents(ctx.db, keys.account);
  await told(ctx, me, 'totp-added');
  ctx.setMessage('Authenticator app added');
  return { recoveryCodes };
};

/** Removing the app (and its recovery codes) asks for the password: a session left open is not enough. */
export const removeTotp = async (
  ctx: ServiceContext,
  audience: Audience,
  { password }: ParsedRequestOf<typeof enterpriseFactors.totpRemove>,
) => {
  const me = sessionOwner(ctx);
  const keys = throttleKeys(`totp-remove:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  if (!(await verifyPassword(me.passwordHash, password))) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw validation('password', 'The password is not correct');
  }
  await clearEvents(ctx.db, keys.account);
  const app = await appOf(ctx, audience, me.id);
  if (!app?.confirmed_at) throw conflict('No authenticator app is set up');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('authenticator_apps').where('id', '=', app.id).execute();
    await trx
      .deleteFrom('recovery_codes')
      .where('audience', '=', audience)
      .where('subject_id', '=', me.id)
      .execute();
    await recordChange(trx, audience, me, 'totp-removed');
  });
  await told(ctx, me, 'totp-removed');
  ctx.setMessage('Authenticator app removed');
  return {};
};

/** The second sign-in step with the app's code: each code once (a replay within its window is refused). */
export const verifyTotp = async (
  ctx: ServiceContext,
  audience: Audience,
  { code }: ParsedRequestOf<typeof enterpriseFactors.verifyTotp>,
) => {
  const me = sessionAccount(ctx);
  // The mailed code's throttle: one budget of guesses, whichever kind of code is guessed.
  const keys = throttleKeys(`code:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const app = await appOf(ctx, audience, me.id);
  if (!app?.confirmed_at) throw validation('code', 'No authenticator app is set up for this account');
  const step = stepOf(totpOf(openAppSecret(ctx, app.secret), me.email), code);
  const taken =
    step === null
      ? null
      : await ctx.db
          .updateTable('authenticator_apps')
          .set({ last_step: step })
          .where('id', '=', app.id)
          .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
          .executeTakeFirst();
  if (!taken || Number(taken.numUpdatedRows) !== 1) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw wrongCode();
  }
  await clearEvents(ctx.db, keys.account);
  return completeSecondFactor(ctx, audience);
};

/** The second sign-in step with a recovery code (a lost phone): each code once, and the owner is told. */
export const verifyRecoveryCode = async (
  ctx: ServiceContext,
  audience: Audience,
  { code }: ParsedRequestOf<typeof enterpriseFactors.verifyRecoveryCode>,
) => {
  const me = sessionAccount(ctx);
  const keys = throttleKeys(`code:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const spent = await ctx.db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .where('code_hash', '=', ctx.tokens.hashCode(`recovery:${code}`))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw validation('code', 'The recovery code is not correct or was used already');
  }
  await clearEvents(ctx.db, keys.account);
  await recordChange(ctx.db, audience, me, 'recovery-used');
  await told(ctx, me, 'recovery-used');
  return completeSecondFactor(ctx, audience);
};
