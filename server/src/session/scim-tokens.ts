import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SCIM_TOKEN_PATTERN, SCIM_TOKEN_PREFIX } from '@coach/shared/contract/scim';
import { isAdminRoleName } from '@coach/shared/permissions';
import { sha256 } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { unauthenticated } from '../errors.ts';
import { audit } from '../services/common/audit.ts';
import type { Giver } from '../services/organisation/grants.ts';
import { assertKeyNotThrottled } from './api-keys.ts';
import { permissionsOf } from './session.ts';

/**
 * SCIM tokens: how a directory's bearer token is made, found, limited and audited. A token is
 * `coach_scim_<12 hex public id>_<64 hex secret>` (256 random bits, so one SHA-256 is as safe to keep as a slow hash,
 * and it is compared in constant time), read from the database on every request, so a revocation applies to the
 * very next one. A token is its enterprise's and reaches only that enterprise's members and groups.
 */

/** Requests a token may make per minute unless SCIM_RATE_LIMIT says otherwise (Entra ID sends bursts at a sync). */
export const DEFAULT_SCIM_RATE_LIMIT = 600;
const TOUCH_EVERY_MS = 60 * 1000;

export const generateScimToken = () => {
  const publicId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { publicId, secretHash: sha256(secret), token: `${SCIM_TOKEN_PREFIX}${publicId}_${secret}` };
};

export const scimTokenPrefix = (publicId: string) => `${SCIM_TOKEN_PREFIX}${publicId}`;

export type FoundScimToken = {
  id: string;
  enterpriseId: string;
  name: string;
  lastUsedAt: string | null;
  /** The admin who made the token, as they are now: the directory acts within what they could give. */
  creator: Giver;
};

const invalidToken = () => unauthenticated('This SCIM token is not valid');

/**
 * The live token a bearer value names; 401 for a malformed, unknown, wrong or revoked token, with the same answer for
 * the first three so it tells nothing about which part was wrong.
 */
export const findScimToken = async (db: Db, bearer: string): Promise<FoundScimToken> => {
  const match = SCIM_TOKEN_PATTERN.exec(bearer);
  if (!match?.[1] || !match[2]) throw invalidToken();
  const row = await db
    .selectFrom('scim_tokens')
    .innerJoin('enterprises', 'enterprises.id', 'scim_tokens.enterprise_id')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'scim_tokens.created_by')
        .onRef('users.enterprise_id', '=', 'scim_tokens.enterprise_id'),
    )
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'scim_tokens.id',
      'scim_tokens.enterprise_id',
      'scim_tokens.name',
      'scim_tokens.secret_hash',
      'scim_tokens.last_used_at',
      'scim_tokens.revoked_at',
      'users.status as creator_status',
      'users.is_default_admin as creator_is_default_admin',
      'roles.name as creator_role_name',
      'roles.permissions as creator_role_permissions',
    ])
    .where('scim_tokens.public_id', '=', match[1])
    .executeTakeFirst();
  // Hash even for an unknown id, so a miss takes as long as a wrong secret.
  const given = Buffer.from(sha256(match[2]), 'hex');
  const stored = Buffer.from(row?.secret_hash ?? '0'.repeat(64), 'hex');
  if (!row || stored.length !== given.length || !timingSafeEqual(given, stored)) throw invalidToken();
  if (row.revoked_at) throw unauthenticated('This SCIM token has been revoked');
  // Like an API key, a token is no back door for an admin who left, was switched off or no longer holds a role
  // named admin (only such a member makes one).
  if (row.creator_status !== 'active' || row.creator_role_name === null)
    throw unauthenticated('The admin who created this SCIM token is no longer active');
  const isDefaultAdmin = row.creator_is_default_admin === 1;
  if (!isDefaultAdmin && !isAdminRoleName(row.creator_role_name))
    throw unauthenticated('The member who created this SCIM token is no longer an admin');
  return {
    id: row.id,
    enterpriseId: row.enterprise_id,
    name: row.name,
    lastUsedAt: row.last_used_at,
    creator: {
      isDefaultAdmin,
      roleName: row.creator_role_name,
      permissions: permissionsOf(row.creator_role_permissions ?? '[]'),
    },
  };
};

/** 429 with Retry-After once the token has made `limit` requests in the last minute (its audit rows are the count). */
export const assertScimNotThrottled = (db: Db, token: FoundScimToken, limit: number) =>
  assertKeyNotThrottled(db, token.id, limit, 'scim-token');

/**
 * Every request is audited, in one row: the method and path, the status, and for a change what it did (the member or
 * group, the attributes set). Written after the request on `db`, so refused ones are recorded and counted too.
 */
export const auditScimRequest = (
  db: Db,
  token: FoundScimToken,
  details: { call: string; status: number; change?: object },
) =>
  audit(db, {
    actorKind: 'scim-token',
    actorId: token.id,
    enterpriseId: token.enterpriseId,
    action: 'scim.request',
    details,
  });

/** Records the token's last use, at most once a minute. */
export const touchScimToken = async (db: Db, token: FoundScimToken) => {
  if (token.lastUsedAt && Date.now() - new Date(token.lastUsedAt).getTime() < TOUCH_EVERY_MS) return;
  await db
    .updateTable('scim_tokens')
    .set({ last_used_at: new Date().toISOString() })
    .where('id', '=', token.id)
    .execute();
};
