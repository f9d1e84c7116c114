import { enterpriseAuth } from '@coach/shared/contract/auth';
import { courses } from '@coach/shared/contract/courses';
import { marketplace } from '@coach/shared/contract/marketplace';
import { myCourses } from '@coach/shared/contract/my-courses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

// A paid course leads somewhere: an account in the course's institution, a one-time link to set a
// password, the course's tasks and videos, My courses, and a refund that takes the access back.

type App = Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.38.1.1';
const PASSWORD = 'A-long-course-password-38';
const call = (t: App, path: string, body: unknown) => t.request('POST', path, { ip, body });

/** The first paid course of an institution, with its enterprise and its admin's email. */
const paidCourse = async (t: App, skip = 0) => {
  const rows = await t.deps.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .innerJoin('users', (join) =>
      join.onRef('users.enterprise_id', '=', 'courses.enterprise_id').on('users.is_default_admin', '=', 1),
    )
    .select(['courses.id', 'courses.name', 'courses.enterprise_id', 'users.email as admin'])
    .where('courses.published', '=', 1)
    .where('courses.price_cents', '>', 0)
    .orderBy('institutions.slug')
    .orderBy('courses.id')
    .execute();
  const row = rows[skip];
  if (!row) throw new Error('no paid course');
  return row;
};

/** Buys the course with the success test card; answers the public calls' last answer. */
const buy = async (t: App, courseId: string, name: string, email: string) => {
  const learner = { courseId, name, email };
  const start = (await call(t, marketplace.generateSecret.path, learner)).json.response as {
    paymentId: string;
    clientSecret: string;
  };
  await call(t, marketplace.confirmTestPayment.path, {
    clientSecret: start.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  return call(t, marketplace.enrollCourse.path, { ...learner, paymentId: start.paymentId });
};

const linkIn = (mail: string | null) => /\/password\/reset\/([\w-]+)/.exec(mail ?? '')?.[1] ?? '';

describe('a paid course delivers the course', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a learner account in the institution, assigns the course, and the mail link works once', async () => {
    const course = await paidCourse(t);
    const email = 'nina.buyer@example.com';
    const enrolled = await buy(t, course.id, 'Nina Buyer', email);
    expect(enrolled.status).toBe(200);
    expect(enrolled.json.response).toMatchObject({ status: 'paid', email });

    const user = await t.deps.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.id', 'users.enterprise_id', 'roles.name as role', 'users.password_hash'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ enterprise_id: course.enterprise_id, role: 'Learner', password_hash: '' });
    const tasks = await t.deps.db
      .selectFrom('task_assignments')
      .select('task_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(tasks.length).toBeGreaterThan(0);

    const mail = t.lastMail(email);
    expect(mail).toContain(`Subject: You are enrolled in ${course.name}`);
    const token = linkIn(mail);
    expect(token).not.toBe('');
    const set = await call(t, enterpriseAuth.resetPassword.path, { token, password: PASSWORD });
    expect(set.status).toBe(200);
    // Single use: the same link cannot set a password again.
    const again = await call(t, enterpriseAuth.resetPassword.path, { token, password: `${PASSWORD}-2` });
    expect(again.status).toBe(400);

    const session = await t.fullLogin(email, 'enterprise', ip, PASSWORD);
    const mine = await t.request('GET', myCourses.list.path, { token: session, ip });
    expect(mine.status).toBe(200);
    const [first] = mine.json.response as { courseId: string; tasks: { total: number }; next: unknown }[];
    expect(first).toMatchObject({ courseId: course.id, tasks: { total: tasks.length } });
    expect(first?.next).toMatchObject({ kind: 'task' });

    // The institution sees the enrolment and its learner.
    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const list = await t.request('GET', `${courses.enrolments.path}?courseId=${course.id}`, {
      token: admin,
      ip,
    });
    expect(list.json.response.listdata).toContainEqual(
      expect.objectContaining({
        email,
        paymentStatus: 'paid',
        learner: { _id: user.id, name: 'Nina Buyer', state: 'active' },
      }),
    );
  });

  it("uses the institution's existing member, and never takes over another organisation's account", async () => {
    const course = await paidCourse(t, 1);
    const before = await t.deps.db.selectFrom('users').select(['id']).execute();
    // The institution's own admin buys their course: their account is used, no second account.
    const own = await buy(t, course.id, 'Admin Buyer', course.admin);
    expect(own.status).toBe(200);
    expect(t.lastMail(course.admin)).toContain('/login?redirect=');
    // Globex's owner buys it: their account stays Globex's and gets nothing of the course.
    const elsewhere = await buy(t, course.id, 'Gina', 'owner@globex.example');
    expect(elsewhere.status).toBe(200);
    // The public answers look alike: nothing says whether the address has an account.
    expect(Object.keys(elsewhere.json.response).sort()).toEqual(Object.keys(own.json.response).sort());
    const gina = await t.deps.db
      .selectFrom('users')
      .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
      .select(['users.id', 'enterprises.name'])
      .where('users.email', '=', 'owner@globex.example')
      .executeTakeFirstOrThrow();
    expect(gina.name).toBe('Globex Training');
    const after = await t.deps.db.selectFrom('users').select(['id']).execute();
    expect(after.length).toBe(before.length);
    const delivered = await t.deps.db
      .selectFrom('enrolments')
      .select('user_id')
      .where('email', '=', 'owner@globex.example')
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(delivered.user_id).toBeNull();
    expect(t.lastMail('owner@globex.example')).not.toContain('/password/reset/');
  });

  it('a refund takes the access back (the account stays); only the institution can refund, once', async () => {
    const course = await paidCourse(t, 2);
    const email = 'rafa.refund@example.com';
    await buy(t, course.id, 'Rafa Refund', email);
    const token = linkIn(t.lastMail(email));
    await call(t, enterpriseAuth.resetPassword.path, { token, password: PASSWORD });
    const learner = await t.fullLogin(email, 'enterprise', ip, PASSWORD);
    expect((await t.request('GET', myCourses.list.path, { token: learner, ip })).json.response).toHaveLength(
      1,
    );
    const enrolment = await t.deps.db
      .selectFrom('enrolments')
      .select(['id', 'user_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    // Bad input names the field; a learner cannot refund; another institution sees no such course.
    const bad = await t.request('POST', courses.refundEnrolment.path, {
      token: await t.fullLogin(course.admin, 'enterprise', ip),
      ip,
      body: { courseId: course.id },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain('enrolmentId');
    const byLearner = await t.request('POST', courses.refundEnrolment.path, {
      token: learner,
      ip,
      body: { courseId: course.id, enrolmentId: enrolment.id },
    });
    expect(byLearner.status).toBe(403);
    const other = await paidCourse(t, 20);
    expect(other.enterprise_id).not.toBe(course.enterprise_id);
    const otherAdmin = await t.fullLogin(other.admin, 'enterprise', ip);
    const crossTenant = await t.request('POST', courses.refundEnrolment.path, {
      token: otherAdmin,
      ip,
      body: { courseId: course.id, enrolmentId: enrolment.id },
    });
    expect(crossTenant.status).toBe(404);
    const crossEnrolment = await t.request('POST', courses.refundEnrolment.path, {
      token: otherAdmin,
      ip,
      body: { courseId: other.id, enrolmentId: enrolment.id },
    });
    expect(crossEnrolment.status).toBe(404);

    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const refund = await t.request('POST', courses.refundEnrolment.path, {
      token: admin,
      ip,
      body: { courseId: course.id, enrolmentId: enrolment.id },
    });
    expect(refund.status).toBe(200);
    expect(refund.json.response).toMatchObject({ paymentStatus: 'refunded', learner: { state: 'revoked' } });
    expect(t.lastMail(email)).toContain(`Subject: Your enrolment in ${course.name} was refunded`);
    const twice = await t.request('POST', courses.refundEnrolment.path, {
      token: admin,
      ip,
      body: { courseId: course.id, enrolmentId: enrolment.id },
    });
    expect(twice.status).toBe(409);

    expect((await t.request('GET', myCourses.list.path, { token: learner, ip })).json.response).toEqual([]);
    const left = await t.deps.db
      .selectFrom('task_assignments')
      .select('id')
      .where('user_id', '=', enrolment.user_id ?? '')
      .execute();
    expect(left).toEqual([]);
    const account = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account?.id).toBe(enrolment.user_id);
    // The buyer may pay for it again.
    const lookup = await call(t, marketplace.getUserDetails.path, { email, courseId: course.id });
    expect(lookup.json.response).toEqual({ alreadyEnrolled: false });
  });
});
