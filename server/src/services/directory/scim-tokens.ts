import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  MAX_ACTIVE_SCIM_TOKENS,
  SCIM_BASE_PATH,
  SCIM_RECENT_REQUESTS,
  type ScimRequest,
  type ScimToken,
  type scimProvisioning,
} from '@coach/shared/contract/scim';
import type { Db } from '../../db/connect.ts';
import { generateScimToken, scimTokenPrefix } from '../../session/scim-tokens.ts';
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
 * Settings' SCIM card for the role named admin (the adapter checked it): the base URL to paste into the directory,
 * the tokens, and the latest requests. Making and revoking a token are audited in the same transaction.
 */

const tokenRows = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('scim_tokens')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'scim_tokens.created_by')
        .onRef('users.enterprise_id', '=', 'scim_tokens.enterprise_id'),
    )
    .select([
      'scim_tokens.id',
      'scim_tokens.name',
      'scim_tokens.public_id',
      'scim_tokens.created_by',
      'scim_tokens.created_at',
      'scim_tokens.last_used_at',
      'scim_tokens.revoked_at',
      'users.name as creator_name',
    ])
    .where('scim_tokens.enterprise_id', '=', enterpriseId);

type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenRows>['execute']>>[number];

const toScimToken = (row: TokenRow): ScimToken => ({
  _id: row.id,
  name: row.name,
  prefix: scimTokenPrefix(row.public_id),
  createdBy: row.creator_name === null ? null : { _id: row.created_by, name: row.creator_name },
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

const SCIM_TOKEN: CredentialKind = {
  table: 'scim_tokens',
  actorKind: 'scim-token',
  idKey: 'tokenId',
  noun: 'SCIM token',
  nouns: 'SCIM tokens',
  max: MAX_ACTIVE_SCIM_TOKENS,
};

export const listScimTokens = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const tokens = await tokenRows(ctx.db, enterpriseId).orderBy('scim_tokens.created_at', 'desc').execute();
  const uses = await recentCredentialUses(ctx.db, SCIM_TOKEN, enterpriseId, SCIM_RECENT_REQUESTS);
  const recentRequests: ScimRequest[] = uses.map((use) => ({
    tokenId: use.id,
    tokenName: use.name,
    call: use.call,
    status: use.status,
    at: use.at,
    detail: use.detail,
  }));
  return {
    baseUrl: `${ctx.config.publicUrl}${SCIM_BASE_PATH}`,
    tokens: tokens.map(toScimToken),
    recentRequests,
  };
};

/** Makes a token, up to MAX_ACTIVE_SCIM_TOKENS live ones; the answer carries the whole token, never shown again. */
export const createScimToken = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof scimProvisioning.create>,
) => {
  const s = enterpriseSession(ctx);
  const { secret, id } = await ctx.db.transaction().execute(async (trx) => {
    await refuseBeyondLimit(trx, SCIM_TOKEN, s.enterpriseId);
    const made = generateScimToken();
    const tokenId = crypto.randomUUID();
    await trx
      .insertInto('scim_tokens')
      .values({
        id: tokenId,
        enterprise_id: s.enterpriseId,
        public_id: made.publicId,
        secret_hash: made.secretHash,
        name: input.name,
        created_by: s.user.id,
        created_at: nowIso(),
        last_used_at: null,
        revoked_at: null,
        revoked_by: null,
      })
      .execute();
    await recordCredentialChange(trx, ctx, 'scim-token.create', { tokenId, name: input.name });
    return { secret: made.token, id: tokenId };
  });
  const row = await tokenRows(ctx.db, s.enterpriseId)
    .where('scim_tokens.id', '=', id)
    .executeTakeFirstOrThrow();
  ctx.setMessage('SCIM token created');
  return { token: toScimToken(row), secret };
};

/** Revokes a token of the enterprise (another tenant's is 404); the directory's next request with it answers 401. */
export const revokeScimToken = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof scimProvisioning.revoke>,
) => {
  await revokeCredential(ctx, SCIM_TOKEN, input.tokenId);
  const row = await tokenRows(ctx.db, enterpriseSession(ctx).enterpriseId)
    .where('scim_tokens.id', '=', input.tokenId)
    .executeTakeFirstOrThrow();
  return toScimToken(row);
};
