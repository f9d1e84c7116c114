import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * A refunded course's work, kept: a refund takes the course's task assignments away (and with them, by their
 * foreign keys, their tries, analyses and interview turns); each is kept here as JSON so that buying the same
 * course again gives the learner their progress back instead of starting over.
 */
export const m048CourseWorkArchive: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('course_work_archive')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'varchar(64)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('work', 'text', (c) => c.notNull())
      .addColumn('archived_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('course_work_archive_learner')
      .on('course_work_archive')
      .columns(['user_id', 'course_id'])
      .execute();
  },
};
