import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * What a buyer decides on. A course gets what its learners will learn (a JSON list), its
 * syllabus (JSON modules, each with its lessons) and its instructor; enrolled learners review it, once each.
 */
export const m023: Migration = {
  up: async (db) => {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema
      .alterTable('courses')
      .addColumn('outcomes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('courses')
      .addColumn('syllabus', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('courses').addColumn('instructor_name', 'text').execute();
    await db.schema.alterTable('courses').addColumn('instructor_bio', 'text').execute();
    await db.schema
      .createTable('course_reviews')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(64)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('course_reviews_course_user', ['course_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('course_reviews_course')
      .on('course_reviews')
      .columns(['course_id', 'updated_at'])
      .execute();
  },
};
