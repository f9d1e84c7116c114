import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterprisePasskeys, Passkey } from '@coach/shared/contract/passkeys';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Audience } from '../../../auth/tokens.ts';
import type { Db } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError, validation } from '../../../errors.ts';
import { nowIso } from '../../common/clock.ts';
import type { ServiceContext } from '../../context.ts';

/**
 * Passkeys (WebAuthn). The relying party is the configured public URL: its hostname is the RP ID
 * (WebAuthn takes no IP address there, so a server reached by IP has no passkeys), and the origins a passkey may be
 * used from are its origin plus WEBAUTHN_ORIGINS. A passkey made for another site (its RP ID hash or its page's
 * origin) is refused, as is one of another account or audience, a counter that went back (a copied key), a
 * deactivated account, and a challenge used already or older than 5 minutes. Every passkey is discoverable and
 * verifies its owner (PIN, fingerprint, face), so it can be the whole sign-in; that sign-in is throttled like the
 * password's, on the same counters.
 *
 * This module holds what the profile's passkey calls (passkeys.ts) and the passkey sign-in (passkey-sign-in.ts)
 * share: the relying party, the stored rows, the challenges and the WebAuthn checks.
 */

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * The key algorithms taken: EdDSA, ES256, RS256 (every passkey provider makes one of them). Named here rather than
 * left to the library, whose default probes the runtime for ML-DSA and prints Node's experimental-feature warning.
 */
export const ALGORITHMS = [-8, -7, -257];

type Purpose = 'register' | 'second-factor' | 'login';
export type PasskeyRow = Database['passkeys'];
export type AuthenticationCredential = ParsedRequestOf<
  typeof enterprisePasskeys.verifySecondFactor
>['credential'];

/** The relying party this server is: the RP ID and the origins its pages are served from. */
export const relyingParty = (ctx: Pick<ServiceContext, 'config'>) => {
  const own = new URL(ctx.config.publicUrl);
  return {
    rpID: own.hostname,
    origins: [own.origin, ...(ctx.config.webauthnOrigins ?? [])],
  };
};

export const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  deviceType: row.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backedUp: Number(row.backed_up) === 1,
});

export const transportsOf = (row: PasskeyRow): string[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

export const passkeysOf = (db: Db, audience: Audience, subjectId: string) =>
  db
    .selectFrom('passkeys')
    .selectAll()
    .where('audience', '=', audience)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

// ---------------------------------------------------------------------------------------------
// Challenges: one per audience, purpose and session; a new one replaces the old; taken once.
// ---------------------------------------------------------------------------------------------

export const keepChallenge = async (
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
export const takeChallenge = async (
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

export const checked = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusal(error);
  }
};

/**
 * Checks an assertion against the stored key and moves the counter forward. The counter moves only from the value
 * read (a second answer racing this one finds it changed and is refused), and never back: the library refuses a
 * counter at or below the stored one unless both are 0 (synced passkeys count nothing).
 */
export const assertWith = async (
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
