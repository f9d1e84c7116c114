import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * API keys for integrators. A key is found by its public id (the `<id>` of
 * `coach_live_<id>_<secret>`) and checked against the SHA-256 of its secret; the secret itself is never stored.
 * `permissions` is a JSON array of permission keys, `access` is `read` or `read-write`. `created_by` is the member
 * the key acts as (no foreign key: deleting the member leaves the key, which then answers 401). Every use is an
 * audit_log row (actor_kind 'api-key', actor_id the key's id): its indexes serve the per-key rate limit and the
 * enterprise's usage log.
 */
export const m028: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('access', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(40)')
      .addColumn('revoked_at', 'varchar(40)')
      .addColumn('revoked_by', 'varchar(64)')
      .execute();
    await db.schema
      .createIndex('api_keys_enterprise')
      .on('api_keys')
      .columns(['enterprise_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_log_actor_time')
      .on('audit_log')
      .columns(['actor_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_log_enterprise_kind_time')
      .on('audit_log')
      .columns(['enterprise_id', 'actor_kind', 'created_at'])
      .execute();
  },
};
