import type { Db } from '../db/connect.ts';

// The demo courses' ratings are real reviews: Acme's demo members enrol in courses (paid
// enrolments under their emails, as the marketplace's own flow makes) and review them; each course's card rating
// and count are those reviews' mean and number, as a saved review keeps them.

const COMMENTS = [
  'Clear lessons and the coach’s feedback on my recordings showed me exactly what to fix.',
  'Practical from the first week. I used the phrases in a real meeting on Monday.',
  'Good structure, though I wanted more examples in the second module.',
  'The practice tasks were the best part: short, focused and scored straight away.',
  '',
  'Helpful, but plan your time: the weekly tasks take longer than the lessons.',
  'My confidence went up a lot. The final recorded task was a good way to see progress.',
  '',
];

const round1 = (value: number) => Math.round(value * 10) / 10;

export const seedCourseReviews = async (trx: Db, { now }: { now: string }) => {
  const members = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'enterprise_id'])
    .where('email', 'like', 'member%@acme.example')
    .orderBy('email')
    .execute();
  if (members.length === 0) return;
  const courses = await trx
    .selectFrom('courses')
    .select(['id', 'enterprise_id', 'price_cents', 'currency'])
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .execute();
  for (const [n, course] of courses.entries()) {
    const count = 2 + (n % 4);
    const reviewers = [
      ...new Set(Array.from({ length: count }, (_, k) => members[(n * 5 + k * 11) % members.length])),
    ].filter((m) => m !== undefined);
    const ratings = reviewers.map((_, k) => 3 + ((n + k * 2 + 1) % 3));
    const at = (k: number) => new Date(Date.parse(now) - (n * 3 + k + 1) * 86_400_000).toISOString();
    await trx
      .insertInto('enrolments')
      .values(
        reviewers.map((member, k) => ({
          id: crypto.randomUUID(),
          course_id: course.id,
          enterprise_id: course.enterprise_id,
          name: member.name,
          email: member.email,
          amount_cents: Number(course.price_cents),
          currency: course.currency,
          provider: 'test',
          payment_id: `seed-${crypto.randomUUID()}`,
          status: 'paid',
          created_at: at(k + 20),
          paid_at: at(k + 20),
        })),
      )
      .execute();
    await trx
      .insertInto('course_reviews')
      .values(
        reviewers.map((member, k) => ({
          id: crypto.randomUUID(),
          course_id: course.id,
          user_id: member.id,
          enterprise_id: member.enterprise_id,
          rating: ratings[k] ?? 4,
          comment: COMMENTS[(n + k * 3) % COMMENTS.length] ?? '',
          created_at: at(k),
          updated_at: at(k),
        })),
      )
      .execute();
    await trx
      .updateTable('courses')
      .set({
        rating: round1(ratings.reduce((sum, r) => sum + r, 0) / ratings.length),
        rating_count: ratings.length,
      })
      .where('id', '=', course.id)
      .execute();
  }
};
