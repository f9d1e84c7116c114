import type { Db } from '../../db/connect.ts';
import { conflict, notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';
import { audit } from './audit.ts';
import { nowIso } from './clock.ts';

/**
 * What an enterprise's credentials for machines share, API keys (identity/api-keys.ts) and SCIM tokens
 * (directory/scim-tokens.ts): a member of the role named admin makes and revokes them, audited on the write's
 * transaction; an enterprise holds a capped number of live ones; what they did is read back from the audit log,
 * where each request made with one is recorded under its own actor kind.
 */
export type CredentialKind = {
  table: 'api_keys' | 'scim_tokens';
  actorKind: 'api-key' | 'scim-token';
  /** The audit details' name for the credential's id. */
  idKey: 'keyId' | 'tokenId';
  /** As messages name one and several: "API key", "API keys". */
  noun: string;
  nouns: string;
  /** Live (unrevoked) ones an enterprise may hold. */
  max: number;
};

/** A change to a credential, recorded as the signed-in member's action on the write's transaction. */
export const recordCredentialChange = (trx: Db, ctx: ServiceContext, action: string, details: object) => {
  const s = enterpriseSession(ctx);
  return audit(trx, {
    actorKind: 'enterprise',
    actorId: s.user.id,
    enterpriseId: s.enterpriseId,
    action,
    details,
  });
};

/** Refuses (409) one more credential of the kind when the enterprise holds `max` live ones already. */
export const refuseBeyondLimit = async (trx: Db, kind: CredentialKind, enterpriseId: string) => {
  const live = await trx
    .selectFrom(kind.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(live?.n ?? 0) >= kind.max)
    throw conflict(`An organisation can have at most ${kind.max} ${kind.nouns}: revoke one first`);
};

export type CredentialUse = {
  id: string;
  name: string;
  call: string;
  status: number;
  at: string;
  /** Why a refused request was refused, where it was recorded. */
  detail: string | null;
};

/** The enterprise's latest `limit` requests made with credentials of the kind, newest first. */
export const recentCredentialUses = async (
  db: Db,
  kind: CredentialKind,
  enterpriseId: string,
  limit: number,
): Promise<CredentialUse[]> => {
  const { table } = kind;
  const rows = await db
    .selectFrom('audit_log')
    .select((eb) => [
      'audit_log.actor_id',
      'audit_log.details',
      'audit_log.created_at',
      eb
        .selectFrom(table)
        .select(`${table}.name`)
        .whereRef(`${table}.id`, '=', 'audit_log.actor_id')
        .where(`${table}.enterprise_id`, '=', enterpriseId)
        .as('name'),
    ])
    .where('audit_log.enterprise_id', '=', enterpriseId)
    .where('audit_log.actor_kind', '=', kind.actorKind)
    .orderBy('audit_log.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const details = JSON.parse(row.details) as { call?: string; status?: number; detail?: string };
    return {
      id: row.actor_id,
      name: row.name ?? '',
      call: details.call ?? '',
      status: details.status ?? 0,
      at: row.created_at,
      detail: details.detail ?? null,
    };
  });
};

/**
 * Revokes one credential of the signed-in member's enterprise (another tenant's is 404, as one that never was);
 * revoking it again changes nothing. The next request made with it answers 401.
 */
export const revokeCredential = async (ctx: ServiceContext, kind: CredentialKind, id: string) => {
  const s = enterpriseSession(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const credential = await trx
      .selectFrom(kind.table)
      .select(['id', 'name', 'revoked_at'])
      .where('id', '=', id)
      .where('enterprise_id', '=', s.enterpriseId)
      .executeTakeFirst();
    if (!credential) throw notFound(`${kind.noun} not found`);
    if (credential.revoked_at) return;
    await trx
      .updateTable(kind.table)
      .set({ revoked_at: nowIso(), revoked_by: s.user.id })
      .where('id', '=', credential.id)
      .where('enterprise_id', '=', s.enterpriseId)
      .execute();
    await recordCredentialChange(trx, ctx, `${kind.actorKind}.revoke`, {
      [kind.idKey]: credential.id,
      name: credential.name,
    });
  });
  ctx.setMessage(`${kind.noun} revoked`);
};
