import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * A paid course leads somewhere. A course has its learners' group (its tasks and videos are
 * assigned to that group); an enrolment knows the member account it was delivered to, and when its access was
 * taken back (a refund).
 */
export const m039CourseDelivery: Migration = {
  up: async (db) => {
    await db.schema.alterTable('courses').addColumn('group_id', 'varchar(64)').execute();
    await db.schema.alterTable('enrolments').addColumn('user_id', 'varchar(64)').execute();
    await db.schema.alterTable('enrolments').addColumn('revoked_at', ts).execute();
    await db.schema.createIndex('enrolments_user').on('enrolments').columns(['user_id', 'status']).execute();
  },
};
