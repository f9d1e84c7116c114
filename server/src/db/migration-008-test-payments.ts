import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** The embedded test-mode payment provider's payments. */
export const m008: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('test_payments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};
