import { marketplace } from '@coach/shared/contract/marketplace';
import { myCourses } from '@coach/shared/contract/my-courses';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// A course's static page asks, once loaded, whether the signed-in learner is enrolled in it, so it offers
// "Go to course" instead of Enrol.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let learnerId: string;
/** Courses the seeded learner has no enrolment in. */
let free: string[];
const ip = '10.9.21.4';
const LEARNER_EMAIL = 'learner@acme.example';

const ask = (courseId: string, token?: string) =>
  t.request('POST', myCourses.enrolment.path, { ip, body: { courseId }, ...(token ? { token } : {}) });

/** An enrolment row as the payment journey leaves it (that journey itself is enrolments.test.ts's). */
const enrol = async (
  courseId: string,
  { email, status = 'paid', userId = null }: { email: string; status?: string; userId?: string | null },
) => {
  const user = userId
    ? await t.deps.db
        .selectFrom('users')
        .select('enterprise_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    : null;
  const course = await t.deps.db
    .selectFrom('courses')
    .select('enterprise_id')
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('enrolments')
    .values({
      id: crypto.randomUUID(),
      course_id: courseId,
      enterprise_id: user?.enterprise_id ?? course.enterprise_id,
      user_id: userId,
      name: email,
      email,
      amount_cents: 4900,
      currency: 'AUD',
      provider: 'test',
      payment_id: crypto.randomUUID(),
      status,
      created_at: new Date().toISOString(),
      paid_at: status === 'paid' ? new Date().toISOString() : null,
    })
    .execute();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, learnerId } = await t.signInSeeded(ip));
  const ids = (
    (await t.request('POST', marketplace.getCourseIds.path, { ip, body: {} })).json.response as {
      _id: string;
    }[]
  ).map((c) => c._id);
  const taken = await t.deps.db
    .selectFrom('enrolments')
    .select('course_id')
    .where((eb) => eb.or([eb('user_id', '=', learnerId), eb(sql`lower(email)`, '=', LEARNER_EMAIL)]))
    .execute();
  free = ids.filter((id) => !taken.some((row) => row.course_id === id));
});
afterAll(async () => {
  await t?.close();
});

describe('a course page asks whether the signed-in learner is enrolled', () => {
  it('a visitor who is not signed in is told to sign in (401), nothing else', async () => {
    const res = await ask(free[0] ?? '');
    expect(res.status).toBe(401);
  });

  it('a learner not enrolled in the course is not', async () => {
    const res = await ask(free[0] ?? '', learner);
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ enrolled: false, inMyCourses: false });
  });

  it('a learner whose enrolment was delivered to their account finds it in My courses', async () => {
    const courseId = free[1] ?? '';
    await enrol(courseId, { email: LEARNER_EMAIL, userId: learnerId });
    expect((await ask(courseId, learner)).json.response).toEqual({ enrolled: true, inMyCourses: true });
    // Another member of the same organisation is not enrolled by it.
    expect((await ask(courseId, owner)).json.response).toEqual({ enrolled: false, inMyCourses: false });
  });

  it('a paid enrolment under their address (any case) counts even before it reaches their account', async () => {
    const courseId = free[2] ?? '';
    await enrol(courseId, { email: 'Learner@ACME.example' });
    expect((await ask(courseId, learner)).json.response).toEqual({ enrolled: true, inMyCourses: false });
  });

  it('a refunded or unpaid enrolment is no enrolment', async () => {
    const courseId = free[3] ?? '';
    await enrol(courseId, { email: LEARNER_EMAIL, userId: learnerId, status: 'refunded' });
    await enrol(courseId, { email: LEARNER_EMAIL, status: 'pending' });
    expect((await ask(courseId, learner)).json.response).toEqual({ enrolled: false, inMyCourses: false });
  });
});
