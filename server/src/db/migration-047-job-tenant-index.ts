import type { Migration } from 'kysely/migration';

/**
 * The pending jobs of one kind in tenant order, each tenant's oldest first: choosing whose job is next (queue.ts,
 * claimNext) steps from one tenant to the next and reads each one's oldest due job in a few index reads, where
 * grouping every due job by tenant read the whole backlog at every claim.
 */
export const m047JobTenantIndex: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('jobs_tenant_due')
      .on('jobs')
      .columns(['status', 'kind', 'tenant', 'run_after'])
      .execute();
  },
};
