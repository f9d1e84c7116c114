import type { Migration } from 'kysely/migration';

/**
 * Whose a job is (an enterprise's id; null for the platform's own), so workers share out among tenants instead of
 * working one tenant's backlog before another's first job (queue.ts, claimNext). The index on updated_at finds the
 * jobs claimed or finished lately, the measure of whom the workers served.
 */
export const m045JobTenant: Migration = {
  up: async (db) => {
    await db.schema.alterTable('jobs').addColumn('tenant', 'varchar(64)').execute();
    await db.schema.createIndex('jobs_recent').on('jobs').column('updated_at').execute();
  },
};
