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
import { conflict, notFound } from '../../errors.ts';
import { generateScimToken, scimTokenPrefix } from '../../session/scim-tokens.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
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

const recordTokenChange = (trx: Db, ctx: ServiceContext, action: string, details: object) => {
  const s = enterpriseSession(ctx);
  return audit(trx, {
    actorKind: 'enterprise',
    actorId: s.user.id,
    enterpriseId: s.enterpriseId,
    action,
    details,
  });
};

export const listScimTokens = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const tokens = await tokenRows(ctx.db, enterpriseId).orderBy('scim_tokens.created_at', 'desc').execute();
  const requests = await ctx.db
    .selectFrom('audit_log')
    .innerJoin('scim_tokens', 'scim_tokens.id', 'audit_log.actor_id')
    .select(['audit_log.actor_id', 'audit_log.details', 'audit_log.created_at', 'scim_tokens.name'])
    .where('audit_log.enterprise_id', '=', enterpriseId)
    .where('audit_log.actor_kind', '=', 'scim-token')
    .where('scim_tokens.enterprise_id', '=', enterpriseId)
    .orderBy('audit_log.created_at', 'desc')
    .limit(SCIM_RECENT_REQUESTS)
    .execute();
  const recentRequests: ScimRequest[] = requests.map((row) => {
    const details = JSON.parse(row.details) as { call?: string; status?: number };
    return {
      tokenId: row.actor_id,
      tokenName: row.name,
      call: details.call ?? '',
      status: details.status ?? 0,
      at: row.created_at,
    };
  });
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
    const live = await trx
      .selectFrom('scim_tokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('enterprise_id', '=', s.enterpriseId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(live?.n ?? 0) >= MAX_ACTIVE_SCIM_TOKENS)
      throw conflict(
        `An organisation can have at most ${MAX_ACTIVE_SCIM_TOKENS} SCIM tokens: revoke one first`,
      );
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
    await recordTokenChange(trx, ctx, 'scim-token.create', { tokenId, name: input.name });
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
  const s = enterpriseSession(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('scim_tokens')
      .select(['id', 'name', 'revoked_at'])
      .where('id', '=', input.tokenId)
      .where('enterprise_id', '=', s.enterpriseId)
      .executeTakeFirst();
    if (!token) throw notFound('SCIM token not found');
    if (token.revoked_at) return;
    await trx
      .updateTable('scim_tokens')
      .set({ revoked_at: nowIso(), revoked_by: s.user.id })
      .where('id', '=', token.id)
      .execute();
    await recordTokenChange(trx, ctx, 'scim-token.revoke', { tokenId: token.id, name: token.name });
  });
  const row = await tokenRows(ctx.db, s.enterpriseId)
    .where('scim_tokens.id', '=', input.tokenId)
    .executeTakeFirstOrThrow();
  ctx.setMessage('SCIM token revoked');
  return toScimToken(row);
};
