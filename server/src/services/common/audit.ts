import type { Db } from '../../db/connect.ts';
import { adminSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from './clock.ts';

/** Who did it: a member, a platform admin, an enterprise's API key, or its SCIM directory's token. */
export type AuditActorKind = 'enterprise' | 'admin' | 'api-key' | 'scim-token' | 'lti-platform';

export type AuditEntry = {
  actorKind: AuditActorKind;
  actorId: string;
  /** The enterprise the action concerns; null for an account's own action outside one (a platform admin's). */
  enterpriseId: string | null;
  action: string;
  details?: object;
};

/**
 * Writes one audit_log row. Pass the transaction of the write it records, so the row commits or rolls back with
 * that write; `ctx.db` only where the write has no transaction, or where the row must outlive a failed call.
 */
export const audit = async (db: Db, entry: AuditEntry) => {
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_kind: entry.actorKind,
      actor_id: entry.actorId,
      enterprise_id: entry.enterpriseId,
      action: entry.action,
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
};

/** An audit record of a platform admin's action on an enterprise: on the action's transaction where it has one. */
export const auditAdminAction = (
  db: Db,
  ctx: ServiceContext,
  enterpriseId: string,
  action: string,
  details: object,
) => audit(db, { actorKind: 'admin', actorId: adminSession(ctx).admin.id, enterpriseId, action, details });
