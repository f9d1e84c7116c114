import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * A durable job table worked in the background (speech analysis first; webhooks and xAPI later). A job
 * is claimed with a lease: a process killed mid-job leaves the lease to run out, and the next worker takes it again.
 */
export const m018: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', ts, (c) => c.notNull())
      .addColumn('locked_until', ts)
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after']).execute();
  },
};
