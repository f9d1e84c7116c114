import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * Server-side sessions. A token names its session (`lid`); every call checks the row, so logout, a
 * password change or reset, and deactivation end tokens at once, and a session ends 30 days after sign-in
 * whatever refreshes it had. A log-in-as session hangs on the platform admin's own (`parent_id`).
 */
export const m016: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('enterprise_id', 'varchar(64)')
      .addColumn('parent_id', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('verified_at', ts)
      .addColumn('last_used_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('ended_at', ts)
      .addColumn('ended_reason', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('sessions_subject')
      .on('sessions')
      .columns(['audience', 'subject_id', 'ended_at'])
      .execute();
    await db.schema.createIndex('sessions_parent').on('sessions').columns(['parent_id']).execute();
  },
};
