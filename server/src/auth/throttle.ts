import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { throttled } from '../errors.ts';

export const WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 50;
/** Failed sign-ins to one account from every address together, per hour (OWASP ASVS 5.0 V6). */
export const ACCOUNT_WIDE_LIMIT = 20;
/** Mails that anyone can make us send to one address (reset links, sign-up notices), per hour. */
export const RECIPIENT_LIMIT = 5;
/** A place where the account passed its second factor this recently is the owner's. */
const KNOWN_PLACE_MS = 90 * 24 * HOUR_MS;

const since = (windowMs: number) => new Date(Date.now() - windowMs).toISOString();

/** Throws 429 with Retry-After when `key` has `limit` or more events in the window. */
export const assertNotThrottled = async (db: Db, key: string, limit: number, windowMs = WINDOW_MS) => {
  const rows = await db
    .selectFrom('throttle_events')
    .select('created_at')
    .where('key', '=', key)
    .where('created_at', '>', since(windowMs))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length < limit) return;
  const oldest = rows[rows.length - 1]?.created_at ?? new Date().toISOString();
  const retryAfter = Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - Date.now()) / 1000));
  throw throttled(retryAfter);
};

/** Counts an event under each key; answers the events' ids (for forgetEvents). */
export const recordEvent = async (db: Db, ...keys: string[]) => {
  const now = new Date().toISOString();
  const events = keys.map((key) => ({ id: crypto.randomUUID(), key, created_at: now }));
  await db.insertInto('throttle_events').values(events).execute();
  return events.map((event) => event.id);
};

/** Takes back events recorded by recordEvent (an attempt counted ahead that did not fail). */
export const forgetEvents = async (db: Db, ids: readonly string[]) => {
  if (ids.length)
    await db
      .deleteFrom('throttle_events')
      .where('id', 'in', [...ids])
      .execute();
};

export const clearEvents = async (db: Db, key: string) => {
  await db.deleteFrom('throttle_events').where('key', '=', key).execute();
};

/** Takes back the newest event of `key` (a send that turned out legitimate stops counting). */
export const forgetLatestEvent = async (db: Db, key: string) => {
  const latest = await db
    .selectFrom('throttle_events')
    .select('id')
    .where('key', '=', key)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) await db.deleteFrom('throttle_events').where('id', '=', latest.id).execute();
};

/**
 * Two limits: per account+IP (so an attacker cannot guess) and a looser one per IP alone
 * (so one IP cannot sweep accounts). The owner on another IP is never locked out by an attacker's failures.
 */
export const throttleKeys = (action: string, account: string, ip: string) => ({
  account: `${action}:acct:${account}:${ip}`,
  ip: `${action}:ip:${ip}`,
});

export const guard = async (db: Db, keys: { account: string; ip: string }) => {
  await assertNotThrottled(db, keys.account, ACCOUNT_LIMIT);
  await assertNotThrottled(db, keys.ip, IP_LIMIT);
};

/**
 * Has this account passed its second factor from this address lately? Such a place is the owner's: the
 * account-wide and per-IP limits do not apply there, so guessing from elsewhere never locks the owner out, and
 * colleagues behind one office address are not shut out by one of them failing often.
 */
export const isKnownPlace = async (db: Db, audience: string, subjectId: string, ip: string) =>
  Boolean(
    await db
      .selectFrom('sessions')
      .select('id')
      .where('audience', '=', audience)
      .where('subject_id', '=', subjectId)
      .where('ip', '=', ip)
      .where('verified_at', '>', since(KNOWN_PLACE_MS))
      .limit(1)
      .executeTakeFirst(),
  );

/** The keys of a sign-in's three limits: this account from this address, this account anywhere, this address. */
export const signInKeys = (action: string, account: string, ip: string) => ({
  ...throttleKeys(action, account, ip),
  accountWide: `${action}:acct-all:${account}`,
});

/**
 * Sign-in limits: 5 failures per account and address in 15 minutes everywhere; from a place the
 * account has not signed in from, also 20 failures per account per hour across all addresses (rotating
 * addresses no longer multiply the guesses) and 50 failures per address in 15 minutes.
 */
export const guardSignIn = async (
  db: Db,
  keys: ReturnType<typeof signInKeys>,
  knownPlace: boolean,
  /** Events of this very attempt already counted under each key (see countSignInAttempt). */
  own = 0,
) => {
  await assertNotThrottled(db, keys.account, ACCOUNT_LIMIT + own);
  if (knownPlace) return;
  await assertNotThrottled(db, keys.accountWide, ACCOUNT_WIDE_LIMIT + own, HOUR_MS);
  await assertNotThrottled(db, keys.ip, IP_LIMIT + own);
};

/**
 * A sign-in attempt counted as a failure before its secret is checked, then held to the limits: guesses sent all at
 * once each count the others (checked first and counted after, a burst of hundreds passed while argon2 worked).
 * 429 takes the count back, so waiting out a lockout is never prolonged. Answers the events, which the caller takes
 * back with forgetEvents when the attempt succeeds.
 */
export const countSignInAttempt = async (
  db: Db,
  keys: ReturnType<typeof signInKeys>,
  knownPlace: boolean,
) => {
  const events = await recordEvent(db, keys.account, keys.accountWide, keys.ip);
  try {
    await guardSignIn(db, keys, knownPlace, 1);
  } catch (error) {
    await forgetEvents(db, events);
    throw error;
  }
  return events;
};

/**
 * At most 5 mails an hour reach one address through calls anyone (or any inviter) can repeat, whoever asks and
 * from wherever, so nobody can flood an inbox: 429 with Retry-After past that. Counts the send when it passes.
 */
export const assertMayMail = (db: Db, to: string) =>
  checkThenCount(db, `mail:${to.toLowerCase()}`, RECIPIENT_LIMIT, HOUR_MS);

/**
 * Holds `key` to `limit` events in the window, counting this one when it passes: 429 with Retry-After past it.
 * Checked and counted in one transaction, one at a time per key (PostgreSQL: a transaction-scoped advisory lock on
 * the key; on SQLite every transaction takes the write lock as it begins, db/connect.ts), so asks sent all at once
 * pass exactly up to the limit. Counted first and checked after, a burst on PostgreSQL saw each other's counts and
 * all were refused: twenty reset asks at once sent no mail at all.
 */
export const checkThenCount = async (db: Db, key: string, limit: number, windowMs: number) => {
  await db.transaction().execute(async (trx) => {
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter))
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    await assertNotThrottled(trx, key, limit, windowMs);
    await recordEvent(trx, key);
  });
};

/** The same limit for mail sent after the answer, where nobody is told: false means do not send. */
export const mayMail = (db: Db, to: string) =>
  assertMayMail(db, to).then(
    () => true,
    () => false,
  );
