import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * When a course first went on the marketplace: a course that has been there may be linked to, bought or reviewed,
 * so only one that never was can be deleted (services/courses/delete-course.ts). Courses on the marketplace now, or
 * with an enrolment, a checkout or a review (only a listed course gets those), count as published at their last
 * change; one published and taken off again with none of these left no trace and counts as never published.
 */
export const m050CourseFirstPublished: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable('courses').addColumn('first_published_at', ts).execute();
    await sql`update courses set first_published_at = updated_at
      where published = 1
        or exists (select 1 from enrolments e where e.course_id = courses.id)
        or exists (select 1 from course_reviews r where r.course_id = courses.id)`.execute(db);
  },
};
