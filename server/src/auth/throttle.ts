import type { Db } from '../db/connect.ts';
import { throttled } from '../errors.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 50;

/** Throws 429 with retry-after when `key` has `limit` or more events in the window (15 minutes unless said). */
export const assertNotThrottled = async (db: Db, key: string, limit: number, windowMs = WINDOW_MS) => {
  const rows = await db
    .selectFrom('throttle_events')
    .select('created_at')
    .where('key', '=', key)
    .where('created_at', '>', new Date(Date.now() - windowMs).toISOString())
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length < limit) return;
  const oldest = rows[rows.length - 1]?.created_at ?? new Date().toISOString();
  const retryAfter = Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - Date.now()) / 1000));
  throw throttled(retryAfter);
};

export const recordEvent = async (db: Db, ...keys: string[]) => {
  const now = new Date().toISOString();
  await db
    .insertInto('throttle_events')
    .values(keys.map((key) => ({ id: crypto.randomUUID(), key, created_at: now })))
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
 * The two limits of issue 2 §3: per account+IP (so an attacker cannot guess) and a looser one per IP alone
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
