import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * SCIM 2.0 provisioning (RFC 7643/7644): an enterprise's directory (Entra ID, Okta, Google) creates, changes,
 * deactivates and removes its members and groups.
 * - scim_tokens: the bearer tokens a directory sends, `coach_scim_<public id>_<secret>`, kept as the SHA-256 of the
 *   secret (shown once). Every SCIM request is an audit_log row (actor_kind 'scim-token', actor_id the token's id):
 *   the per-token rate limit counts them, as for API keys (migration 028's indexes serve both).
 * - users.scim_external_id, groups.scim_external_id: the directory's own id of a member or a group (SCIM
 *   `externalId`), as the directory last set it; null for those it never named.
 */
export const m042Scim: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('scim_tokens')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('last_used_at', ts)
      .addColumn('revoked_at', ts)
      .addColumn('revoked_by', 'varchar(64)')
      .execute();
    await db.schema
      .createIndex('scim_tokens_enterprise')
      .on('scim_tokens')
      .columns(['enterprise_id', 'created_at'])
      .execute();
    await db.schema.alterTable('users').addColumn('scim_external_id', 'varchar(255)').execute();
    await db.schema.alterTable('groups').addColumn('scim_external_id', 'varchar(255)').execute();
  },
};
