import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { verifyPassword } from '../../auth/passwords.ts';
import { clearEvents, guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import type { Audience } from '../../auth/tokens.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { type FactorChange, mailTexts } from '../../mail/texts.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount, sessionOwner } from './internal/accounts.ts';
import {
  ALGORITHMS,
  CHALLENGE_TTL_MS,
  checked,
  keepChallenge,
  type PasskeyRow,
  passkeysOf,
  relyingParty,
  takeChallenge,
  toPasskey,
  transportsOf,
} from './internal/passkey-checks.ts';

/**
 * The profile's passkeys: list, add, rename, remove. The rules every passkey follows are in
 * internal/passkey-checks.ts; signing in with one is passkey-sign-in.ts.
 */

const RP_NAME = 'Coach';
/** Passkeys one account may keep: enough for every device a person has, not a table anyone can fill. */
const MAX_PASSKEYS = 20;

type RegistrationInput = ParsedRequestOf<typeof enterprisePasskeys.registerVerify>;

/** Mails the owner about a change to their sign-in and records it, so a change they did not make does not go unseen. */
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

export const listPasskeys = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  const rows = await passkeysOf(ctx.db, audience, me.id);
  return { passkeys: rows.map(toPasskey) };
};

/** A challenge to make a new passkey for this account (not again on a device that has one: excludeCredentials). */
export const registrationOptions = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionOwner(ctx);
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
  const me = sessionOwner(ctx);
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
  { passkeyId, name }: ParsedRequestOf<typeof enterprisePasskeys.rename>,
) => {
  const me = sessionOwner(ctx);
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
  { passkeyId, password }: ParsedRequestOf<typeof enterprisePasskeys.remove>,
) => {
  const me = sessionOwner(ctx);
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
