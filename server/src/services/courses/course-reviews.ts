import type { CourseReview } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

// Course reviews: a learner reviews a course they are enrolled in, once, and may edit it.

/** How many reviews a course page shows (the newest); the count and the mean cover them all. */
export const REVIEWS_SHOWN = 20;

type ReviewRow = { id: string; rating: number; comment: string; name: string; updated_at: string };

/** "Lee L.": a public page shows a first name and an initial, never a member's full name. */
const shortName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
};

const toReview = (row: ReviewRow): CourseReview => ({
  _id: row.id,
  rating: Number(row.rating),
  comment: row.comment,
  reviewerName: shortName(row.name),
  updatedAt: row.updated_at,
});

const reviewRows = (db: Db) =>
  db
    .selectFrom('course_reviews as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select(['r.id', 'r.rating', 'r.comment', 'users.name', 'r.updated_at']);

/** A course's reviews for its public page: the newest, how many in all and their mean. */
export const reviewsOf = async (db: Db, courseId: string) => {
  const [rows, totals] = await Promise.all([
    reviewRows(db)
      .where('r.course_id', '=', courseId)
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.id')
      .limit(REVIEWS_SHOWN)
      .execute(),
    db
      .selectFrom('course_reviews')
      .select([(eb) => eb.fn.countAll().as('n'), sql<number>`avg(rating)`.as('mean')])
      .where('course_id', '=', courseId)
      .executeTakeFirst(),
  ]);
  const count = Number(totals?.n ?? 0);
  return {
    reviews: rows.map(toReview),
    reviewCount: count,
    reviewAverage: count ? Math.round(Number(totals?.mean) * 10) / 10 : null,
  };
};

const publishedCourse = async (ctx: ServiceContext, courseId: string) => {
  const course = await ctx.db
    .selectFrom('courses')
    .select(['id', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || Number(course.published) !== 1) throw notFound('Course not found');
  return course;
};

/** Enrolled: a paid enrolment in the course under the caller's account email (enrolments are by email). */
const isEnrolled = async (ctx: ServiceContext, courseId: string, email: string) =>
  Boolean(
    await ctx.db
      .selectFrom('enrolments')
      .select('id')
      .where('course_id', '=', courseId)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('status', '=', 'paid')
      .executeTakeFirst(),
  );

export const getMyReview = async (ctx: ServiceContext, { courseId }: { courseId: string }) => {
  const { user } = enterpriseSession(ctx);
  await publishedCourse(ctx, courseId);
  const [enrolled, row] = await Promise.all([
    isEnrolled(ctx, courseId, user.email),
    reviewRows(ctx.db)
      .where('r.course_id', '=', courseId)
      .where('r.user_id', '=', user.id)
      .executeTakeFirst(),
  ]);
  return { enrolled, review: row ? toReview(row) : null };
};

/**
 * Writes or edits the caller's review. The course's card rating becomes the reviews' mean and count, so the
 * grid, its rating filter and the course page say the same; the site is rebuilt to show it.
 */
export const saveReview = async (
  ctx: ServiceContext,
  { courseId, rating, comment }: { courseId: string; rating: number; comment: string },
) => {
  const { user, enterpriseId } = enterpriseSession(ctx);
  await publishedCourse(ctx, courseId);
  if (!(await isEnrolled(ctx, courseId, user.email)))
    throw forbidden('Only learners enrolled in this course can review it');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('course_reviews')
      .values({
        id: crypto.randomUUID(),
        course_id: courseId,
        user_id: user.id,
        enterprise_id: enterpriseId,
        rating,
        comment,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['course_id', 'user_id']).doUpdateSet({ rating, comment, updated_at: at }),
      )
      .execute();
    const totals = await trx
      .selectFrom('course_reviews')
      .select([(eb) => eb.fn.countAll().as('n'), sql<number>`avg(rating)`.as('mean')])
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('courses')
      .set({ rating: Math.round(Number(totals.mean) * 10) / 10, rating_count: Number(totals.n) })
      .where('id', '=', courseId)
      .execute();
  });
  ctx.site.changed();
  const row = await reviewRows(ctx.db)
    .where('r.course_id', '=', courseId)
    .where('r.user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  ctx.setMessage('Thank you: your review is saved');
  return toReview(row);
};
