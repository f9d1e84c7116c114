import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * Members are told by mail when something is assigned to them, when a task is due tomorrow and
 * when a reviewer leaves feedback.
 * - notice_settings: which of the three mails a member wants (1 on, 0 off). No row means all on.
 * - sent_notices: the notice jobs whose mail went out, one row each, written before the mail is handed over: a job
 *   taken again (a restart, another process after a lease ran out) finds its row and sends nothing twice.
 */
export const m041Notices: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('notice_settings')
      .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('assigned', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('due_tomorrow', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('feedback', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sent_notices')
      .addColumn('job_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('sent_at', ts, (c) => c.notNull())
      .execute();
  },
};
