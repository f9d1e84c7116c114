import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeyAccess,
  apiKeyMayCall,
  isApiKeyCall,
} from '@coach/shared/contract/api-keys';
import type { CallDef } from '@coach/shared/contract/define-call';
import { isReadCall } from '@coach/shared/contract/define-call';
import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '@coach/shared/permissions';
import type { Db } from '../db/connect.ts';
import { forbidden, throttled, unauthenticated } from '../errors.ts';
import { audit } from '../services/common/audit.ts';
import { parsedOnce } from './cache.ts';
import { type EnterpriseSession, type EnterpriseUserRow, memberColumns, permissionsOf } from './session.ts';

/**
 * API keys: how a key is made, found, limited and audited, and the session a key's call runs
 * with. A key is `coach_live_<12 hex public id>_<64 hex secret>`: 256 random bits, so a single SHA-256 of the secret
 * is as safe to store as a slow hash would be (nobody can guess through 2^256), and it is checked in constant time.
 * Everything is read from the database on every call (like sessions, session-cache.ts says why), so a revocation,
 * a deactivated creator or a role edit applies to the very next request.
 */

/** Requests a key may make per minute unless API_KEY_RATE_LIMIT says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 600;
const RATE_WINDOW_MS = 60 * 1000;
/** last_used_at is written at most this often, so a busy integration does not cost a write per call. */
const TOUCH_EVERY_MS = 60 * 1000;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new key: the row's public id and secret hash, and the whole key to show once. */
export const generateApiKey = () => {
  const publicId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { publicId, secretHash: sha256(secret), key: `${API_KEY_PREFIX}${publicId}_${secret}` };
};

/** The public start of a key, shown on the management screen. */
export const keyPrefix = (publicId: string) => `${API_KEY_PREFIX}${publicId}`;

/** The key an enterprise call carries in `Authorization: Bearer`, or undefined when it carries none. */
export const bearerOf = (header: string | undefined): string | undefined => {
  const match = /^Bearer\s+(.*)$/i.exec(header?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
};

/** A key's permission keys as stored (a JSON array, parsed once per distinct text). */
const keysOf = (text: string) =>
  parsedOnce('api-key-permissions', text, (json) =>
    (json as string[]).filter((key): key is PermissionKey => PERMISSION_KEYS.includes(key as PermissionKey)),
  );

/**
 * What the creator holds now (spec §6): every key for the default admin or a role without limits, else the role's.
 * A key holds only what its creator holds, so a role edit takes keys away from the creator's keys too.
 */
export const heldPermissions = (user: Pick<EnterpriseUserRow, 'is_default_admin' | 'role_permissions'>) => {
  const role = permissionsOf(user.role_permissions);
  return user.is_default_admin === 1 || role.length === 0
    ? [...PERMISSION_KEYS]
    : PERMISSION_KEYS.filter((key) => role.includes(key));
};

const keyLookup = (db: Db) =>
  db
    .selectFrom('api_keys as k')
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'k.created_by').onRef('users.enterprise_id', '=', 'k.enterprise_id'),
    )
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select([
      'k.id as k_id',
      'k.enterprise_id as k_enterprise_id',
      'k.secret_hash as k_secret_hash',
      'k.name as k_name',
      'k.permissions as k_permissions',
      'k.access as k_access',
      'k.last_used_at as k_last_used_at',
      'k.revoked_at as k_revoked_at',
      ...memberColumns,
    ]);

export type FoundApiKey = NonNullable<Awaited<ReturnType<ReturnType<typeof keyLookup>['executeTakeFirst']>>>;

const invalidKey = () => unauthenticated('This API key is not valid');

/**
 * The key a bearer value names, its secret checked in constant time, with its creator; 401 for a malformed,
 * unknown or wrong key (the same answer for each, so the answer tells nothing about which part was wrong).
 */
export const findApiKey = async (db: Db, bearer: string): Promise<FoundApiKey> => {
  const match = API_KEY_PATTERN.exec(bearer);
  if (!match?.[1] || !match[2]) throw invalidKey();
  const row = await keyLookup(db).where('k.public_id', '=', match[1]).executeTakeFirst();
  // Hash even for an unknown id, so a miss takes as long as a wrong secret.
  const given = Buffer.from(sha256(match[2]), 'hex');
  const stored = Buffer.from(row?.k_secret_hash ?? '0'.repeat(64), 'hex');
  if (!row || stored.length !== given.length || !timingSafeEqual(given, stored)) throw invalidKey();
  return row;
};

/**
 * 429 with Retry-After once the key has made `limit` calls in the last minute. Every use counts, refused ones too
 * (as the upload limit does): its audit rows are the count, so several server processes share one limit. SCIM
 * tokens (session/scim-tokens.ts) are limited the same way under their own actor kind.
 */
export const assertKeyNotThrottled = async (
  db: Db,
  keyId: string,
  limit: number,
  actorKind: 'api-key' | 'scim-token' = 'api-key',
) => {
  const since = new Date(Date.now() - RATE_WINDOW_MS).toISOString();
  const oldest = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('actor_id', '=', keyId)
    .where('actor_kind', '=', actorKind)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(Math.max(0, limit - 1))
    .executeTakeFirst();
  if (!oldest) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((new Date(oldest.created_at).getTime() + RATE_WINDOW_MS - Date.now()) / 1000),
  );
  // An integration's calls, not someone's attempts at a password: said as a rate, for its logs.
  throw throttled(
    retryAfter,
    `Too many calls with this ${actorKind === 'scim-token' ? 'token' : 'key'}: at most ${limit} a minute. Try again in ${retryAfter} s`,
  );
};

/**
 * The session a key's call runs with: the creator (so every service works as for them, and the tenant is the key's
 * enterprise), never as the default admin, with the key's permission keys that the creator still holds. 401 when
 * the key is revoked or its creator is gone or inactive.
 */
export const apiKeySession = (key: FoundApiKey): EnterpriseSession => {
  if (key.k_revoked_at) throw unauthenticated('This API key has been revoked');
  if (key.id === null || key.role_name === null || key.ent_name === null || key.status !== 'active')
    throw unauthenticated('The member who created this API key is no longer active');
  const {
    k_id,
    k_enterprise_id,
    k_secret_hash: _hash,
    k_name,
    k_permissions,
    k_access,
    k_last_used_at: _used,
    k_revoked_at: _revoked,
    ...account
  } = key;
  const creator = account as EnterpriseUserRow;
  const held = heldPermissions(creator);
  return {
    audience: 'enterprise',
    claims: Object.freeze({
      sub: creator.id,
      aud: 'enterprise',
      ent: k_enterprise_id,
      mfa: true,
      lid: `api-key:${k_id}`,
    }),
    // Not the default admin: services that grant (invite, roles) see the key's keys, not "everything".
    user: { ...creator, is_default_admin: 0 },
    enterpriseId: k_enterprise_id,
    permissions: keysOf(k_permissions).filter((permission) => held.includes(permission)),
    apiKey: { id: k_id, name: k_name, access: k_access },
  };
};

/** 403 unless the key may make the call: a key call, within its (and its creator's) keys, a read for a read-only key. */
export const assertKeyMayCall = (entry: CallDef, session: EnterpriseSession) => {
  const access = (session.apiKey?.access ?? 'read') as ApiKeyAccess;
  if (apiKeyMayCall(entry, { permissions: session.permissions, access })) return;
  if (!isApiKeyCall(entry) || entry.permission === null)
    throw forbidden('API keys cannot make this call: it needs a signed-in member');
  if (!session.permissions.includes(entry.permission))
    throw forbidden(
      `This API key does not have the ${PERMISSION_LABELS[entry.permission]} permission this call needs`,
    );
  if (!isReadCall(entry)) throw forbidden('This API key is read-only: it cannot make changes');
  throw forbidden();
};

/**
 * Every use of a key is audited, in one row: the call and the status it was answered with.
 * Written on `db` after the call, never in the call's transaction: a refused or failed use is recorded too, and these
 * rows are the per-key rate limit's count.
 */
export const auditKeyUse = (db: Db, key: FoundApiKey, call: string, status: number) =>
  audit(db, {
    actorKind: 'api-key',
    actorId: key.k_id,
    enterpriseId: key.k_enterprise_id,
    action: 'api-key.call',
    details: { call, status },
  });

/** Records the key's last use, at most once a minute. */
export const touchKey = async (db: Db, key: FoundApiKey) => {
  if (key.k_last_used_at && Date.now() - new Date(key.k_last_used_at).getTime() < TOUCH_EVERY_MS) return;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date().toISOString() })
    .where('id', '=', key.k_id)
    .execute();
};
