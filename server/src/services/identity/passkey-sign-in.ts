import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  assertNotThrottled,
  clearEvents,
  guard,
  guardSignIn,
  isKnownPlace,
  recordEvent,
  signInKeys,
  throttleKeys,
} from '../../auth/throttle.ts';
import type { Audience } from '../../auth/tokens.ts';
import { AppError, conflict, forbidden, validation } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount } from './internal/accounts.ts';
import {
  assertWith,
  CHALLENGE_TTL_MS,
  keepChallenge,
  type PasskeyRow,
  passkeysOf,
  relyingParty,
  takeChallenge,
  transportsOf,
} from './internal/passkey-checks.ts';
import { completeOneStepSignIn, completeSecondFactor } from './sign-in.ts';
import { passwordsOff, ssoRequired } from './sso-policy.ts';

/**
 * Signing in with a passkey: the second step after the password, or the whole sign-in (the rules every passkey
 * follows are in internal/passkey-checks.ts).
 */

/** Passwordless challenges one address may ask for in 15 minutes (each is a row until it expires). */
const LOGIN_OPTIONS_PER_IP = 200;

const notThisAccount = () => validation('credential', 'This passkey is not registered to this account');

/** After the password: a challenge for this account's passkeys, bound to this sign-in's session. */
export const secondFactorOptions = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  const rows = await passkeysOf(ctx.db, audience, me.id);
  if (rows.length === 0) throw conflict('No passkey is set up for this account');
  const { rpID } = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(ctx, {
    audience,
    purpose: 'second-factor',
    sessionKey: me.claims.lid,
    challenge: options.challenge,
  });
  return { options };
};

/** The second sign-in step with a passkey of this very account (the mailed codes' throttle applies). */
export const verifySecondFactor = async (
  ctx: ServiceContext,
  audience: Audience,
  { credential }: ParsedRequestOf<typeof enterprisePasskeys.verifySecondFactor>,
) => {
  const me = sessionAccount(ctx);
  const keys = throttleKeys(`code:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  try {
    const expectedChallenge = await takeChallenge(ctx, audience, 'second-factor', me.claims.lid);
    const row = await ctx.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credential.id)
      .executeTakeFirst();
    if (!row || row.audience !== audience || row.subject_id !== me.id) throw notThisAccount();
    await assertWith(ctx, row, credential, expectedChallenge);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) await recordEvent(ctx.db, keys.account, keys.ip);
    throw error;
  }
  await clearEvents(ctx.db, keys.account);
  return completeSecondFactor(ctx, audience);
};

/** Passwordless: a challenge for whichever passkey of this site the browser has; the flow id binds it. */
export const loginOptions = async (ctx: ServiceContext, audience: Audience) => {
  const ipKey = `passkey-login-options:${audience}:ip:${ctx.ip}`;
  await assertNotThrottled(ctx.db, ipKey, LOGIN_OPTIONS_PER_IP);
  await recordEvent(ctx.db, ipKey);
  const { rpID } = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const flowId = crypto.randomUUID();
  await keepChallenge(ctx, { audience, purpose: 'login', sessionKey: flowId, challenge: options.challenge });
  return { flowId, options };
};

/** The account a passkey belongs to, if it may sign in: a member must be active in an existing enterprise. */
const holderOf = async (ctx: ServiceContext, row: PasskeyRow) => {
  if (row.audience === 'admin') {
    const admin = await ctx.db
      .selectFrom('admins')
      .select(['id', 'email'])
      .where('id', '=', row.subject_id)
      .executeTakeFirst();
    return admin
      ? { id: admin.id, email: admin.email, enterpriseId: null, active: true, isDefaultAdmin: false }
      : null;
  }
  const user = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.id', 'users.email', 'users.enterprise_id', 'users.status', 'users.is_default_admin'])
    .where('users.id', '=', row.subject_id)
    .executeTakeFirst();
  return user
    ? {
        id: user.id,
        email: user.email,
        enterpriseId: user.enterprise_id,
        active: user.status === 'active',
        isDefaultAdmin: user.is_default_admin === 1,
      }
    : null;
};

/**
 * The whole sign-in with a passkey (discoverable, user verified). Throttled like the password: failures count on
 * the login's own counters (this account from this address, this account anywhere, this address), so switching
 * between password and passkey guesses buys nothing.
 */
export const loginVerify = async (
  ctx: ServiceContext,
  audience: Audience,
  { flowId, credential }: ParsedRequestOf<typeof enterprisePasskeys.loginVerify>,
) => {
  const row = await ctx.db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credential.id)
    .executeTakeFirst();
  const holder = row && row.audience === audience ? await holderOf(ctx, row) : null;
  const keys = signInKeys(
    `login:${audience}`,
    holder?.email ?? `passkey:${credential.id.slice(0, 64)}`,
    ctx.ip,
  );
  const knownPlace = await isKnownPlace(ctx.db, audience, holder?.id ?? '', ctx.ip);
  await guardSignIn(ctx.db, keys, knownPlace);
  const fail = async (error: AppError) => {
    await recordEvent(ctx.db, keys.account, keys.accountWide, keys.ip);
    return error;
  };
  let expectedChallenge: string;
  try {
    expectedChallenge = await takeChallenge(ctx, audience, 'login', flowId);
  } catch (error) {
    throw error instanceof AppError ? await fail(error) : error;
  }
  if (!row || !holder) throw await fail(validation('credential', 'This passkey is not registered here'));
  // The user handle the authenticator keeps is the account's id (registrationOptions): it must be this key's owner.
  const handle = credential.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== holder.id)
    throw await fail(validation('credential', 'This passkey is not registered here'));
  try {
    await assertWith(ctx, row, credential, expectedChallenge);
  } catch (error) {
    throw error instanceof AppError ? await fail(error) : error;
  }
  if (!holder.active) throw await fail(forbidden('Your account is not active'));
  // Where the organisation requires single sign-on, its identity provider is the one way in.
  if (await passwordsOff(ctx.db, holder.enterpriseId, holder.isDefaultAdmin)) throw ssoRequired();
  await clearEvents(ctx.db, keys.account);
  return completeOneStepSignIn(ctx, audience, { id: holder.id, enterpriseId: holder.enterpriseId });
};
