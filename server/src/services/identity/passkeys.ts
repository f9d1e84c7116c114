import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterprisePasskeys, Passkey } from '@coach/shared/contract/passkeys';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { verifyPassword } from '../../auth/passwords.ts';
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
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../../errors.ts';
import { type FactorChange, mailTexts } from '../../mail/texts.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount } from './internal/accounts.ts';
import { completeOneStepSignIn, completeSecondFactor } from './sign-in.ts';
import { passwordsOff, ssoRequired } from './sso-policy.ts';

/**
 * Passkeys (WebAuthn, issue 21 item 2). The relying party is the configured public URL: its hostname is the RP ID
 * (WebAuthn takes no IP address there, so a server reached by IP has no passkeys), and the origins a passkey may be
 * used from are its origin plus WEBAUTHN_ORIGINS. A passkey made for another site (its RP ID hash or its page's
 * origin) is refused, as is one of another account or audience, a counter that went back (a copied key), a
 * deactivated account, and a challenge used already or older than 5 minutes. Every passkey is discoverable and
 * verifies its owner (PIN, fingerprint, face), so it can be the whole sign-in; that sign-in is throttled like the
 * password's, on the same counters.
 */

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Coach';
/** Passkeys one account may keep: enough for every device a person has, not a table anyone can fill. */
const MAX_PASSKEYS = 20;
/** Passwordless challenges one address may ask for in 15 minutes (each is a row until it expires). */
const LOGIN_OPTIONS_PER_IP = 200;
/**
 * The key algorithms taken: EdDSA, ES256, RS256 (every passkey provider makes one of them). Named here rather than
 * left to the library, whose default probes the runtime for ML-DSA and prints Node's experimental-feature warning.
 */
const ALGORITHMS = [-8, -7, -257];

type Purpose = 'register' | 'second-factor' | 'login';
type PasskeyRow = Database['passkeys'];
type RegistrationInput = ParsedRequestOf<typeof enterprisePasskeys.registerVerify>;
type AuthenticationCredential = ParsedRequestOf<typeof enterprisePasskeys.verifySecondFactor>['credential'];

/** The relying party this server is: the RP ID and the origins its pages are served from. */
export const relyingParty = (ctx: Pick<ServiceContext, 'config'>) => {
  const own = new URL(ctx.config.publicUrl);
  return {
    rpID: own.hostname,
    origins: [own.origin, ...(ctx.config.webauthnOrigins ?? [])],
  };
};

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  deviceType: row.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backedUp: Number(row.backed_up) === 1,
});

const transportsOf = (row: PasskeyRow): string[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

const passkeysOf = (db: Db, audience: Audience, subjectId: string) =>
  db
    .selectFrom('passkeys')
    .selectAll()
    .where('audience', '=', audience)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Only the account's owner changes how it signs in: not a platform admin logged in as the enterprise. */
const owner = (ctx: ServiceContext) => {
  const me = sessionAccount(ctx);
  if (me.claims.act) throw forbidden('Sign-in methods are changed by the member themself');
  return me;
};

/** Mails the owner about a change to their sign-in and records it (issue 21 item 5). */
const told = async (
  ctx: ServiceContext,
  audience: Audience,
  me: ReturnType<typeof sessionAccount>,
  change: FactorChange,
  details: object,
) => {
  // On ctx.db: adding, renaming and removing a passkey are single writes with no transaction to join.
  await audit(ctx.db, {
    actorKind: audience,
    actorId: me.id,
    enterpriseId: me.enterpriseId,
    action: `factor.${change}`,
    details,
  });
  const { subject, text } = mailTexts(me.language, ctx.requestLanguage).factorChanged({ change });
  await ctx.mail.send({ to: me.email, subject, text });
};

// ---------------------------------------------------------------------------------------------
// Challenges: one per audience, purpose and session; a new one replaces the old; taken once.
// ---------------------------------------------------------------------------------------------

const keepChallenge = async (
  ctx: ServiceContext,
  {
    audience,
    purpose,
    sessionKey,
    challenge,
  }: {
    audience: Audience;
    purpose: Purpose;
    sessionKey: string;
    challenge: string;
  },
) => {
  const now = nowIso();
  await ctx.db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString();
  await ctx.db
    .insertInto('passkey_challenges')
    .values({
      id: crypto.randomUUID(),
      audience,
      purpose,
      session_key: sessionKey,
      challenge,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['audience', 'purpose', 'session_key']).doUpdateSet({ challenge, expires_at: expiresAt }),
    )
    .execute();
};

const challengeGone = () =>
  validation('credential', 'The passkey request has expired or was used already: please try again');

/** Takes the session's challenge (deleting it, so it serves once, whatever the answer turns out to be). */
const takeChallenge = async (
  ctx: ServiceContext,
  audience: Audience,
  purpose: Purpose,
  sessionKey: string,
) => {
  const row = await ctx.db
    .selectFrom('passkey_challenges')
    .selectAll()
    .where('audience', '=', audience)
    .where('purpose', '=', purpose)
    .where('session_key', '=', sessionKey)
    .executeTakeFirst();
  if (!row) throw challengeGone();
  const taken = await ctx.db
    .deleteFrom('passkey_challenges')
    .where('id', '=', row.id)
    .where('challenge', '=', row.challenge)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1 || row.expires_at < nowIso()) throw challengeGone();
  return row.challenge;
};

/**
 * What the WebAuthn checks said, as a refusal the member understands. Anything the library throws is about the
 * credential sent (malformed bytes included), so it is a 422 naming `credential`, never a 500.
 */
const refusal = (error: unknown) => {
  const message = error instanceof Error ? error.message : '';
  if (/origin|RP ID/i.test(message))
    return validation('credential', 'This passkey belongs to another site and cannot sign in here');
  if (/counter/i.test(message))
    return validation(
      'credential',
      'This passkey reported an older use than one already seen: it may have been copied, so it is refused',
    );
  if (/challenge/i.test(message)) return challengeGone();
  if (/user verification|could not be verified|not present/i.test(message))
    return validation(
      'credential',
      'The passkey did not confirm it was you: use your PIN, fingerprint or face',
    );
  return validation('credential', 'The passkey could not be verified');
};

const checked = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusal(error);
  }
};

// ---------------------------------------------------------------------------------------------
// The profile: list, add, rename, remove
// ---------------------------------------------------------------------------------------------

export const listPasskeys = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  const rows = await passkeysOf(ctx.db, audience, me.id);
  return { passkeys: rows.map(toPasskey) };
};

/** A challenge to make a new passkey for this account (not again on a device that has one: excludeCredentials). */
export const registrationOptions = async (ctx: ServiceContext, audience: Audience) => {
  const me = owner(ctx);
  const existing = await passkeysOf(ctx.db, audience, me.id);
  if (existing.length >= MAX_PASSKEYS)
    throw conflict('An account keeps at most 20 passkeys: remove one first');
  const { rpID } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: me.email,
    userDisplayName: me.email,
    // The user handle is the account's id: a passwordless answer names it, and it is checked against the key's owner.
    userID: new TextEncoder().encode(me.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(ctx, {
    audience,
    purpose: 'register',
    sessionKey: me.claims.lid,
    challenge: options.challenge,
  });
  return { options };
};

export const verifyRegistration = async (
  ctx: ServiceContext,
  audience: Audience,
  { name, credential }: RegistrationInput,
) => {
  const me = owner(ctx);
  const keys = throttleKeys(`passkey-register:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const expectedChallenge = await takeChallenge(ctx, audience, 'register', me.claims.lid);
  const { rpID, origins } = relyingParty(ctx);
  const verified = await checked(() =>
    verifyRegistrationResponse({
      response: credential,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }),
  ).catch(async (error: unknown) => {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw error;
  });
  if (!verified.verified) throw validation('credential', 'The passkey could not be verified');
  const { credential: made, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const taken = await ctx.db
    .selectFrom('passkeys')
    .select('id')
    .where('credential_id', '=', made.id)
    .executeTakeFirst();
  if (taken) throw validation('credential', 'This passkey is already registered');
  const row: PasskeyRow = {
    id: crypto.randomUUID(),
    audience,
    subject_id: me.id,
    enterprise_id: me.enterpriseId,
    credential_id: made.id,
    public_key: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    transports: JSON.stringify(credential.response.transports ?? made.transports ?? []),
    device_type: credentialDeviceType,
    backed_up: credentialBackedUp ? 1 : 0,
    name,
    created_at: nowIso(),
    last_used_at: null,
  };
  try {
    await ctx.db.insertInto('passkeys').values(row).execute();
  } catch (error) {
    // Two answers with one new key at once: the unique credential id lets one in.
    const again = await ctx.db
      .selectFrom('passkeys')
      .select('id')
      .where('credential_id', '=', made.id)
      .executeTakeFirst();
    if (again) throw validation('credential', 'This passkey is already registered');
    throw error;
  }
  await clearEvents(ctx.db, keys.account);
  await told(ctx, audience, me, 'passkey-added', { passkeyId: row.id, name });
  ctx.setMessage('Passkey added');
  return toPasskey(row);
};

const ownPasskey = async (ctx: ServiceContext, audience: Audience, subjectId: string, passkeyId: string) => {
  const row = await ctx.db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', passkeyId)
    .where('audience', '=', audience)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  if (!row) throw notFound('Passkey not found');
  return row;
};

export const renamePasskey = async (
  ctx: ServiceContext,
  audience: Audience,
  { passkeyId, name }: { passkeyId: string; name: string },
) => {
  const me = owner(ctx);
  const row = await ownPasskey(ctx, audience, me.id, passkeyId);
  await ctx.db.updateTable('passkeys').set({ name }).where('id', '=', row.id).execute();
  await told(ctx, audience, me, 'passkey-renamed', { passkeyId: row.id, from: row.name, to: name });
  ctx.setMessage('Passkey renamed');
  return toPasskey({ ...row, name });
};

/** Removing a passkey asks for the password: a session left open is not enough. */
export const removePasskey = async (
  ctx: ServiceContext,
  audience: Audience,
  { passkeyId, password }: { passkeyId: string; password: string },
) => {
  const me = owner(ctx);
  const keys = throttleKeys(`passkey-remove:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  if (!(await verifyPassword(me.passwordHash, password))) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw validation('password', 'The password is not correct');
  }
  await clearEvents(ctx.db, keys.account);
  const row = await ownPasskey(ctx, audience, me.id, passkeyId);
  await ctx.db.deleteFrom('passkeys').where('id', '=', row.id).execute();
  await told(ctx, audience, me, 'passkey-removed', { passkeyId: row.id, name: row.name });
  ctx.setMessage('Passkey removed');
  return {};
};

// ---------------------------------------------------------------------------------------------
// Signing in: the second step after the password, or the whole sign-in
// ---------------------------------------------------------------------------------------------

/**
 * Checks an assertion against the stored key and moves the counter forward. The counter moves only from the value
 * read (a second answer racing this one finds it changed and is refused), and never back: the library refuses a
 * counter at or below the stored one unless both are 0 (synced passkeys count nothing).
 */
const assertWith = async (
  ctx: ServiceContext,
  row: PasskeyRow,
  credential: AuthenticationCredential,
  expectedChallenge: string,
) => {
  const { rpID, origins } = relyingParty(ctx);
  const stored = Number(row.counter);
  const verified = await checked(() =>
    verifyAuthenticationResponse({
      response: credential,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: row.credential_id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: stored,
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    }),
  );
  if (!verified.verified) throw validation('credential', 'The passkey could not be verified');
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const moved = await ctx.db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: nowIso(), backed_up: credentialBackedUp ? 1 : 0 })
    .where('id', '=', row.id)
    .where('counter', '=', stored)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    throw validation(
      'credential',
      'This passkey reported an older use than one already seen: it may have been copied, so it is refused',
    );
};

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
  { credential }: { credential: AuthenticationCredential },
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
  { flowId, credential }: { flowId: string; credential: AuthenticationCredential },
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
  // Where the organisation requires single sign-on, its identity provider is the one way in (issue 21 item 4).
  if (await passwordsOff(ctx.db, holder.enterpriseId, holder.isDefaultAdmin)) throw ssoRequired();
  await clearEvents(ctx.db, keys.account);
  return completeOneStepSignIn(ctx, audience, { id: holder.id, enterpriseId: holder.enterpriseId });
};
