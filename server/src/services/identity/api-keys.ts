import {
  API_KEY_RECENT_USES,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyUse,
  type apiKeys,
  MAX_ACTIVE_API_KEYS,
} from '@coach/shared/contract/api-keys';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '@coach/shared/permissions';
import type { Db } from '../../db/connect.ts';
import { forbidden } from '../../errors.ts';
import { generateApiKey, heldPermissions, keyPrefix } from '../../session/api-keys.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import {
  type CredentialKind,
  recentCredentialUses,
  recordCredentialChange,
  refuseBeyondLimit,
  revokeCredential,
} from '../common/issued-credentials.ts';
import type { ServiceContext } from '../context.ts';

/**
 * Managing API keys for integrators, for the role named admin (the adapter checked it, as for Settings). A key
 * never reaches these calls (session/api-keys.ts). Creating and revoking are audited in the same transaction.
 */

const keyRows = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('api_keys')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'api_keys.created_by')
        .onRef('users.enterprise_id', '=', 'api_keys.enterprise_id'),
    )
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.public_id',
      'api_keys.permissions',
      'api_keys.access',
      'api_keys.created_by',
      'api_keys.created_at',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
      'users.name as creator_name',
    ])
    .where('api_keys.enterprise_id', '=', enterpriseId);

type KeyRow = Awaited<ReturnType<ReturnType<typeof keyRows>['execute']>>[number];

const toApiKey = (row: KeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: keyPrefix(row.public_id),
  permissions: PERMISSION_KEYS.filter((key) => (JSON.parse(row.permissions) as string[]).includes(key)),
  access: row.access as ApiKeyAccess,
  createdBy: row.creator_name === null ? null : { _id: row.created_by, name: row.creator_name },
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

const API_KEY: CredentialKind = {
  table: 'api_keys',
  actorKind: 'api-key',
  idKey: 'keyId',
  noun: 'API key',
  nouns: 'API keys',
  max: MAX_ACTIVE_API_KEYS,
};

/** Every key of the enterprise, newest first, and the latest uses of any of them (the screen's usage log). */
export const listApiKeys = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const keys = await keyRows(ctx.db, enterpriseId).orderBy('api_keys.created_at', 'desc').execute();
  const uses = await recentCredentialUses(ctx.db, API_KEY, enterpriseId, API_KEY_RECENT_USES);
  const recentUses: ApiKeyUse[] = uses.map((use) => ({
    keyId: use.id,
    keyName: use.name,
    call: use.call,
    status: use.status,
    at: use.at,
  }));
  return { keys: keys.map(toApiKey), recentUses };
};

/**
 * Creates a key holding only permission keys the caller holds (nobody grants what they do not hold), up
 * to MAX_ACTIVE_API_KEYS live keys. The answer carries the whole key, which is never shown again.
 */
export const createApiKey = async (ctx: ServiceContext, input: ParsedRequestOf<typeof apiKeys.create>) => {
  const s = enterpriseSession(ctx);
  const held = heldPermissions(s.user);
  const missing = input.permissions.filter((key) => !held.includes(key));
  if (missing.length > 0)
    throw forbidden(
      `You cannot give a key permissions you do not have (${missing.map((key) => PERMISSION_LABELS[key]).join(', ')})`,
    );
  const { secret, id } = await ctx.db.transaction().execute(async (trx) => {
    await refuseBeyondLimit(trx, API_KEY, s.enterpriseId);
    const made = generateApiKey();
    const keyId = crypto.randomUUID();
    await trx
      .insertInto('api_keys')
      .values({
        id: keyId,
        enterprise_id: s.enterpriseId,
        public_id: made.publicId,
        secret_hash: made.secretHash,
        name: input.name,
        permissions: JSON.stringify(input.permissions),
        access: input.access,
        created_by: s.user.id,
        created_at: nowIso(),
        last_used_at: null,
        revoked_at: null,
        revoked_by: null,
      })
      .execute();
    await recordCredentialChange(trx, ctx, 'api-key.create', {
      keyId,
      name: input.name,
      permissions: input.permissions,
      access: input.access,
    });
    return { secret: made.key, id: keyId };
  });
  const row = await keyRows(ctx.db, s.enterpriseId).where('api_keys.id', '=', id).executeTakeFirstOrThrow();
  ctx.setMessage('API key created');
  return { key: toApiKey(row), secret };
};

/** Revokes a key of the enterprise (another tenant's key is 404); the next request made with it answers 401. */
export const revokeApiKey = async (ctx: ServiceContext, input: ParsedRequestOf<typeof apiKeys.revoke>) => {
  await revokeCredential(ctx, API_KEY, input.keyId);
  const row = await keyRows(ctx.db, enterpriseSession(ctx).enterpriseId)
    .where('api_keys.id', '=', input.keyId)
    .executeTakeFirstOrThrow();
  return toApiKey(row);
};
