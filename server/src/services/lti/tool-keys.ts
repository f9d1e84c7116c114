import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { nowIso } from '../common/clock.ts';

/**
 * The tool's own RSA key pairs (RS256, 2048 bits), by `kid`: the newest signs what the tool sends a platform (deep
 * linking answers, the client assertions of grade and roster calls), and the keyset at /lti/jwks publishes it with
 * the one before, so a platform that cached the old key still checks what it signed. A pair older than
 * LTI_KEY_DAYS (default 90) is replaced at the next signing: rotation needs nothing from anyone.
 */

export type ToolKeyDeps = Pick<Deps, 'db' | 'tokens' | 'config'>;

const SEAL_PURPOSE = 'lti-tool-key';
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_LTI_KEY_DAYS = 90;
/** Keys the keyset publishes: the signing one and the one it replaced. */
const PUBLISHED = 2;

const newest = (db: Db) =>
  db.selectFrom('lti_tool_keys').selectAll().orderBy('created_at', 'desc').orderBy('kid', 'desc');

const makeKey = async (ctx: ToolKeyDeps) => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await ctx.db
    .insertInto('lti_tool_keys')
    .values({
      kid,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: ctx.tokens.seal(SEAL_PURPOSE, JSON.stringify(privateJwk)),
      created_at: nowIso(),
    })
    .execute();
  return { kid, privateJwk };
};

/** The key the tool signs with now (made, or replaced when too old, on the way). */
export const signingKey = async (ctx: ToolKeyDeps) => {
  const days = ctx.config.ltiKeyDays ?? DEFAULT_LTI_KEY_DAYS;
  const row = await newest(ctx.db).executeTakeFirst();
  let current: { kid: string; privateJwk: JWK } | null = null;
  if (row && Date.now() - new Date(row.created_at).getTime() < days * DAY_MS) {
    try {
      current = {
        kid: row.kid,
        privateJwk: JSON.parse(ctx.tokens.open(SEAL_PURPOSE, row.private_jwk)) as JWK,
      };
    } catch {
      // Sealed under a server secret that has changed since: a new pair replaces it.
      current = null;
    }
  }
  const { kid, privateJwk } = current ?? (await makeKey(ctx));
  return { kid, key: await importJWK(privateJwk, 'RS256') };
};

/** The keyset platforms read (JWKS): the newest public keys. */
export const toolKeyset = async (ctx: ToolKeyDeps) => {
  if (!(await newest(ctx.db).executeTakeFirst())) await makeKey(ctx);
  const rows = await newest(ctx.db).limit(PUBLISHED).execute();
  return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
};
