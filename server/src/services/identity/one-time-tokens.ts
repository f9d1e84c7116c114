import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import { type Audience, randomToken, sha256 } from '../../auth/tokens.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { findAccountById } from './internal/accounts.ts';

/**
 * The links mailed to an account (a password reset, an email verification, an invitation): a random token the
 * mail carries, of which only the hash is stored, each live for its purpose's span and used once.
 */

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_TTL_MS = { reset: RESET_TTL_MS, verify: VERIFY_TTL_MS, invite: INVITE_TTL_MS } as const;
type TokenPurpose = keyof typeof TOKEN_TTL_MS;

/** Stores the hash of a fresh one-time token (db may be a transaction) and returns the token itself. */
export const createOneTimeToken = async (
  ctx: Pick<ServiceContext, 'db'>,
  purpose: TokenPurpose,
  audience: Audience,
  subjectId: string,
) => {
  const token = randomToken();
  const ttl = TOKEN_TTL_MS[purpose];
  await ctx.db
    .insertInto('one_time_tokens')
    .values({
      id: crypto.randomUUID(),
      purpose,
      audience,
      subject_id: subjectId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + ttl).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
};

/** Finds a live one-time token; failures count toward the per-IP limit for token guessing. */
export const findOneTimeToken = async (
  ctx: ServiceContext,
  purpose: TokenPurpose | readonly TokenPurpose[],
  audience: Audience,
  token: string,
) => {
  const purposes: readonly string[] = typeof purpose === 'string' ? [purpose] : purpose;
  const keys = throttleKeys(`token:${audience}`, 'any', ctx.ip);
  await guard(ctx.db, { account: keys.ip, ip: keys.ip });
  const row = await ctx.db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('purpose', 'in', purposes)
    .where('audience', '=', audience)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at < nowIso()) {
    await recordEvent(ctx.db, keys.ip);
    // Only the holder of a real invitation link learns it was one (a guessed token matches no row): enough for the
    // page to speak of an invitation, and nothing of whose or which organisation's.
    const code = row?.purpose === 'invite' ? ERROR_CODES.invitationEnded : ERROR_CODES.validation;
    throw new AppError(400, code, 'This link is invalid or has expired', 'token');
  }
  const account = await findAccountById(ctx, audience, row.subject_id);
  if (!account)
    throw new AppError(400, ERROR_CODES.validation, 'This link is invalid or has expired', 'token');
  return { row, account };
};
