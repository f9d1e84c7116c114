import { courseReviews } from '@coach/shared/contract/course-reviews';
import { marketplace } from '@coach/shared/contract/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// Enrolled learners review their course once, may edit it, and the course page shows it.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
let courseId: string;
/** The seeded reviews of the course (seed-course-reviews.ts): their count and ratings. */
let seeded: { count: number; ratings: number[] };
const ip = '10.9.17.7';

const call = (path: string, body: object, token?: string) =>
  t.request('POST', path, { ip, body, ...(token ? { token } : {}) });
const details = async () => (await call(marketplace.getCourseDetails.path, { courseId })).json.response;

/** A paid enrolment under an email (the payment journey itself is enrolments.test.ts's). */
const enrol = async (email: string, course = courseId) => {
  const enterprise = await t.deps.db
    .selectFrom('courses')
    .select('enterprise_id')
    .where('id', '=', course)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('enrolments')
    .values({
      id: crypto.randomUUID(),
      course_id: course,
      enterprise_id: enterprise.enterprise_id,
      name: email,
      email,
      amount_cents: 4900,
      currency: 'AUD',
      provider: 'test',
      payment_id: crypto.randomUUID(),
      status: 'paid',
      created_at: new Date().toISOString(),
      paid_at: new Date().toISOString(),
    })
    .execute();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, globex } = await t.signInSeeded(ip));
  const ids = (await call(marketplace.getCourseIds.path, {})).json.response as { _id: string }[];
  courseId = ids[0]?._id ?? '';
  const course = await details();
  seeded = { count: course.reviewCount, ratings: course.reviews.map((r: { rating: number }) => r.rating) };
  await enrol('LEARNER@acme.example');
});
afterAll(async () => {
  await t?.close();
});

describe('a course page a buyer can decide on', () => {
  it('shows what the learner will learn, the syllabus in modules and lessons, and the instructor', async () => {
    const course = await details();
    expect(course.outcomes.length).toBeGreaterThanOrEqual(3);
    expect(course.syllabus.length).toBeGreaterThanOrEqual(3);
    for (const module of course.syllabus) {
      expect(module.title).not.toBe('');
      expect(module.lessons.length).toBeGreaterThan(0);
      expect(module.lessons.every((l: { minutes: number }) => l.minutes > 0)).toBe(true);
    }
    expect(course.instructor).toMatchObject({
      name: expect.any(String),
      bio: expect.stringContaining('teaches'),
    });
    // The seeded reviews come from enrolled demo members, and the card's rating is theirs.
    expect(course.reviewCount).toBeGreaterThanOrEqual(2);
    expect(course.reviews).toHaveLength(course.reviewCount);
    const mean =
      course.reviews.reduce((sum: number, r: { rating: number }) => sum + r.rating, 0) / course.reviewCount;
    expect(course.reviewAverage).toBe(Math.round(mean * 10) / 10);
    expect(course).toMatchObject({ rating: course.reviewAverage, ratingCount: course.reviewCount });
    expect(course.reviews[0].reviewerName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
  });
});

describe('course reviews', () => {
  it('an enrolled learner reviews the course once and edits it; the page and the card show it', async () => {
    const before = await call(courseReviews.getMyReview.path, { courseId }, learner);
    expect(before.json.response).toEqual({ enrolled: true, review: null });

    const saved = await call(
      courseReviews.saveReview.path,
      { courseId, rating: 4, comment: ' Useful. ' },
      learner,
    );
    expect(saved.status, saved.json.message).toBe(200);
    expect(saved.json.response).toMatchObject({ rating: 4, comment: 'Useful.', reviewerName: 'Lee L.' });

    const edited = await call(
      courseReviews.saveReview.path,
      { courseId, rating: 5, comment: 'Even better.' },
      learner,
    );
    expect(edited.json.response).toMatchObject({
      _id: saved.json.response._id,
      rating: 5,
      comment: 'Even better.',
    });

    const course = await details();
    const mean = (ratings: number[]) =>
      Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
    const expected = mean([...seeded.ratings, 5]);
    expect(course).toMatchObject({
      reviewCount: seeded.count + 1,
      reviewAverage: expected,
      rating: expected,
      ratingCount: seeded.count + 1,
    });
    // Newest first: the learner's edited review leads.
    expect(course.reviews[0]).toMatchObject({ rating: 5, reviewerName: 'Lee L.', comment: 'Even better.' });
    const mine = await call(courseReviews.getMyReview.path, { courseId }, learner);
    expect(mine.json.response.review).toMatchObject({ rating: 5, comment: 'Even better.' });
  });

  it('refuses a member who is not enrolled (403), and another enterprise’s member writes only their own', async () => {
    const mine = await call(courseReviews.getMyReview.path, { courseId }, owner);
    expect(mine.json.response).toEqual({ enrolled: false, review: null });
    const refused = await call(courseReviews.saveReview.path, { courseId, rating: 1, comment: 'No.' }, owner);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Only learners enrolled in this course can review it');

    await enrol('owner@globex.example');
    const theirs = await call(
      courseReviews.saveReview.path,
      { courseId, rating: 2, comment: 'Slow.' },
      globex,
    );
    expect(theirs.status, theirs.json.message).toBe(200);
    const course = await details();
    expect(course.reviewCount).toBe(seeded.count + 2);
    // Gina's review is her own; the learner's is untouched.
    expect(course.reviews[0]).toMatchObject({ rating: 2, reviewerName: 'Gina G.' });
    expect(course.reviews[1]).toMatchObject({ rating: 5, reviewerName: 'Lee L.' });
  });

  it('answers 401 without a session, 404 for an unknown or unpublished course, 422 naming the field', async () => {
    expect((await call(courseReviews.saveReview.path, { courseId, rating: 5, comment: '' })).status).toBe(
      401,
    );
    const unknown = await call(
      courseReviews.saveReview.path,
      { courseId: 'nope', rating: 5, comment: '' },
      learner,
    );
    expect(unknown.status).toBe(404);
    await t.deps.db.updateTable('courses').set({ published: 0 }).where('id', '=', courseId).execute();
    expect((await call(courseReviews.getMyReview.path, { courseId }, learner)).status).toBe(404);
    await t.deps.db.updateTable('courses').set({ published: 1 }).where('id', '=', courseId).execute();
    for (const [body, field] of [
      [{ courseId, rating: 6, comment: '' }, 'rating'],
      [{ courseId, rating: 2.5, comment: '' }, 'rating'],
      [{ courseId, rating: 4, comment: 'x'.repeat(2001) }, 'comment'],
      [{ courseId: '', rating: 4, comment: '' }, 'courseId'],
    ] as const) {
      const bad = await call(courseReviews.saveReview.path, body, learner);
      expect(bad.status, field).toBe(422);
      expect(bad.json.field).toBe(field);
    }
  });
});
