import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** Invitations and the activity history behind member detail and the dashboard chart. */
export const m004: Migration = {
  up: async (db) => {
    await db.schema.alterTable('users').addColumn('invited_at', ts).execute();
    await db.schema
      .createTable('activity_days')
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_days_pk', ['user_id', 'day'])
      .execute();
    await db.schema
      .createIndex('activity_days_enterprise_day')
      .on('activity_days')
      .columns(['enterprise_id', 'day'])
      .execute();
  },
};
