import type { Db } from '../db/connect.ts';
import { deliverToAccount } from '../services/courses/course-delivery.ts';

// The demo courses' ratings are real reviews by real buyers: each institution has a few demo buyers who bought
// some of its courses (paid enrolments delivered as a marketplace purchase delivers them, through
// deliverToAccount: a learner account in the institution, in the course's buyers' group, with its tasks and videos)
// and reviewed them; each course's card rating and count are those reviews' mean and number, as a saved review
// keeps them. The buyers have not chosen a password yet (their invitation link is unused), as after a real purchase.

/** Six buyers per institution (in INSTITUTIONS order): an address has an account in one organisation only. */
const BUYERS = [
  'Aisha Rahman',
  'Ben Carter',
  'Chloe Nguyen',
  'Daniel Okafor',
  'Elena Petrova',
  'Farid Haidari',
  'Grace Liu',
  'Hamid Sultani',
  'Isla Murphy',
  'Jun Tanaka',
  'Kavya Iyer',
  "Liam O'Brien",
  'Maria Gonzalez',
  'Noah Williams',
  'Olga Shevchenko',
  'Priya Sharma',
  'Quang Tran',
  'Rosa Martinez',
  'Samir Ahmadi',
  'Tara Singh',
  'Umar Khan',
  'Vera Kovalenko',
  'Wei Zhang',
  'Yasmin Haddad',
  'Zara Ali',
  'Arjun Mehta',
  'Bianca Rossi',
  'Chen Wei',
  'Dina Saleh',
  'Emma Brown',
];
const BUYERS_PER_INSTITUTION = 6;
const buyerEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/ /g, '.')}@learners.example`;

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
  const institutions = await trx
    .selectFrom('institutions')
    .select('enterprise_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Delivery queues the usual "assigned" mails; the seed's demo assignments tell nobody (queueAssignmentNotices).
  const jobsBefore = new Set((await trx.selectFrom('jobs').select('id').execute()).map((j) => j.id));
  for (const [i, { enterprise_id: enterpriseId }] of institutions.entries()) {
    const buyers = BUYERS.slice(i * BUYERS_PER_INSTITUTION, (i + 1) * BUYERS_PER_INSTITUTION).map((name) => ({
      name,
      email: buyerEmail(name),
    }));
    if (buyers.length === 0) continue;
    const courses = await trx
      .selectFrom('courses')
      .select(['id', 'enterprise_id', 'price_cents', 'currency'])
      .where('published', '=', 1)
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    for (const [n, course] of courses.entries()) {
      const count = 2 + (n % 4);
      const reviewers = [
        ...new Set(Array.from({ length: count }, (_, k) => buyers[(n * 5 + k * 11) % buyers.length])),
      ].filter((b) => b !== undefined);
      const ratings = reviewers.map((_, k) => 3 + ((n + k * 2 + 1) % 3));
      const at = (k: number) => new Date(Date.parse(now) - (n * 3 + k + 1) * 86_400_000).toISOString();
      const free = Number(course.price_cents) === 0;
      const reviewerIds: string[] = [];
      for (const [k, buyer] of reviewers.entries()) {
        const enrolmentId = crypto.randomUUID();
        await trx
          .insertInto('enrolments')
          .values({
            id: enrolmentId,
            course_id: course.id,
            enterprise_id: course.enterprise_id,
            name: buyer.name,
            email: buyer.email,
            amount_cents: Number(course.price_cents),
            currency: course.currency,
            provider: free ? 'free' : 'test',
            payment_id: free
              ? `free_${crypto.randomUUID()}`
              : `tp_seed${crypto.randomUUID().replace(/-/g, '')}`,
            status: 'paid',
            created_at: at(k + 20),
            paid_at: at(k + 20),
          })
          .execute();
        const delivered = await deliverToAccount(trx, { enrolmentId, language: null });
        if (delivered?.userId) reviewerIds.push(delivered.userId);
      }
      if (reviewerIds.length === 0) continue;
      await trx
        .insertInto('course_reviews')
        .values(
          reviewerIds.map((userId, k) => ({
            id: crypto.randomUUID(),
            course_id: course.id,
            user_id: userId,
            enterprise_id: enterpriseId,
            rating: ratings[k] ?? 4,
            comment: COMMENTS[(n + k * 3) % COMMENTS.length] ?? '',
            created_at: at(k),
            updated_at: at(k),
          })),
        )
        .execute();
      const counted = ratings.slice(0, reviewerIds.length);
      await trx
        .updateTable('courses')
        .set({
          rating: round1(counted.reduce((sum, r) => sum + r, 0) / counted.length),
          rating_count: counted.length,
        })
        .where('id', '=', course.id)
        .execute();
    }
  }
  const queued = (await trx.selectFrom('jobs').select('id').execute())
    .map((j) => j.id)
    .filter((id) => !jobsBefore.has(id));
  for (let start = 0; start < queued.length; start += 400)
    await trx
      .deleteFrom('jobs')
      .where('id', 'in', queued.slice(start, start + 400))
      .execute();
};
