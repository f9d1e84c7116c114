import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** Enrolments and their payments (a row is an enrolment once its payment is paid). */
export const m007: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('enrolments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(64)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('payment_id', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('paid_at', ts)
      .execute();
    await db.schema
      .createIndex('enrolments_course_status')
      .on('enrolments')
      .columns(['course_id', 'status', 'created_at'])
      .execute();
  },
};
