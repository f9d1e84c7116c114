import { decodeJwt } from 'jose';
import type { Audience, TokenClaims, Tokens } from '../auth/tokens.ts';
import { sessionSignalOf } from './signal.ts';

/**
 * What the session of a call keeps between requests, and how nothing kept outlives a change.
 *
 * Kept, per token: the outcome of checking its signature. An HMAC over the same bytes with the same key gives the
 * same answer every time, so a token that verified once verifies again until its `exp`, which is checked on every
 * use exactly as jose checks it. Kept, per stored text: the parsed permissions of a role and the flags of an
 * enterprise, keyed by the JSON text itself, so an edited role or a switched flag is a different key (a new parse)
 * and a stale entry can never be returned.
 *
 * The session row with its member, role and enterprise is kept too, per session, by session.ts, but only under the
 * session signal (signal.ts): every write to a table it is made of moves the signal when it commits, in
 * this process and (SQLite's data_version, PostgreSQL's NOTIFY) in any other sharing the database, so a logout, a
 * deactivation or a role edit answered by any of them refuses the token on the next request. The group list of the
 * top bar's filter is kept the same way (`KeptUnderSignal`): its tables move the signal too.
 */

/** Tokens kept per signing key: a busy server's signed-in people, each with a token or two. */
const MAX_TOKENS = 20_000;
/** Distinct role permission lists and enterprise flag sets kept (one each per role and per enterprise). */
const MAX_TEXTS = 5_000;

/**
 * A Map bounded to `max` entries that drops the least recently used first (a Map iterates in insertion order, and
 * a hit moves its key to the end). Small enough not to be worth a dependency.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
  delete(key: string) {
    this.#entries.delete(key);
  }
  get size() {
    return this.#entries.size;
  }
}

type Kept<V> = { value: V; generation: number; at: number };

/**
 * Values read from the database and kept per key while the database's session signal holds (signal.ts):
 * any committed write to a table in SESSION_TABLES, in this process or another sharing the database, drops them
 * all. A value is read afresh after `maxAgeMs` even with no change signalled (a second guard, not the first), and
 * nothing is kept for a database without a signal (a transaction, a Kysely made elsewhere) or while it keeps
 * nothing (PostgreSQL before its listener is connected).
 */
export class KeptUnderSignal<V> {
  readonly #byDb = new WeakMap<object, BoundedCache<Kept<V>>>();
  constructor(
    readonly max: number,
    readonly maxAgeMs: number,
  ) {}

  /** The kept value for `key`, else `read()`'s, kept when `keep` says so. */
  async get(db: object, key: string, read: () => Promise<V>, keep: (value: V) => boolean = () => true) {
    const signal = sessionSignalOf(db);
    const generation = signal ? await signal.current() : null;
    let kept = this.#byDb.get(db);
    if (generation !== null && kept) {
      const hit = kept.get(key);
      if (hit && signal?.holds(hit.generation) && Date.now() - hit.at < this.maxAgeMs) return hit.value;
    }
    const value = await read();
    if (generation !== null && keep(value)) {
      if (!kept) {
        kept = new BoundedCache<Kept<V>>(this.max);
        this.#byDb.set(db, kept);
      }
      kept.set(key, { value, generation, at: Date.now() });
    }
    return value;
  }
}

type Verified = { claims: Readonly<TokenClaims>; exp: number };

const verifiedByKey = new WeakMap<Tokens, BoundedCache<Verified>>();

const cacheOf = (tokens: Tokens) => {
  let cache = verifiedByKey.get(tokens);
  if (!cache) {
    cache = new BoundedCache<Verified>(MAX_TOKENS);
    verifiedByKey.set(tokens, cache);
  }
  return cache;
};

/** Seconds since the epoch, floored, as jose reads the clock for `exp`. */
const epoch = () => Math.floor(Date.now() / 1000);

/**
 * The claims of a token (signature, algorithm, audience and expiry checked), or null. The signature is checked
 * once per token; the expiry on every call.
 */
export const verifyToken = async (
  tokens: Tokens,
  token: string,
  audience: Audience,
): Promise<Readonly<TokenClaims> | null> => {
  const cache = cacheOf(tokens);
  const key = `${audience} ${token}`;
  const hit = cache.get(key);
  if (hit) {
    if (hit.exp > epoch()) return hit.claims;
    cache.delete(key);
    return null;
  }
  const claims = await tokens.verify(token, audience);
  if (!claims) return null;
  // Every token we sign carries exp (tokens.ts); one without it is checked afresh each time rather than kept.
  const { exp } = decodeJwt(token);
  if (typeof exp === 'number') cache.set(key, { claims: Object.freeze(claims), exp });
  return claims;
};

const parsed = new BoundedCache<object>(MAX_TEXTS);

/**
 * `JSON.parse(text)` through `build`, computed once per distinct text and frozen (callers share it, so one of them
 * changing it would be a bug in every other request: freezing makes that bug loud).
 */
export const parsedOnce = <T extends object>(kind: string, text: string, build: (json: unknown) => T): T => {
  const key = `${kind}\u0000${text}`;
  const hit = parsed.get(key);
  if (hit) return hit as T;
  const value = Object.freeze(build(JSON.parse(text)));
  parsed.set(key, value);
  return value;
};
