import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { courses } from '@coach/shared/contract/courses';
import { marketplace } from '@coach/shared/contract/marketplace';
import { myCourses } from '@coach/shared/contract/my-courses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleStaleCheckouts } from '../services/courses/enrolments.ts';
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
    const [first] = mine.json.response as {
      courseId: string;
      tasks: { total: number };
      videos: { total: number };
      next: unknown;
      items: { kind: string; taskId?: string; status?: number; watched?: boolean }[];
    }[];
    expect(first).toMatchObject({ courseId: course.id, tasks: { total: tasks.length } });
    expect(first?.next).toMatchObject({ kind: 'task' });
    // The course's contents: every task, none started yet, and every video, none watched.
    const items = first?.items ?? [];
    expect(items).toHaveLength(tasks.length + (first?.videos.total ?? 0));
    expect(
      items
        .filter((i) => i.kind === 'task')
        .map((i) => i.taskId)
        .sort(),
    ).toEqual(tasks.map((a) => a.task_id).sort());
    expect(items.filter((i) => i.kind === 'task').every((i) => i.status === TASK_STATUS.notStarted)).toBe(
      true,
    );
    expect(items.filter((i) => i.kind === 'video').every((i) => i.watched === false)).toBe(true);

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
    // A sign-in link (no set-password link) with the address filled in for them.
    expect(t.lastMail(course.admin)).toContain(
      `/login?redirect=%2Fenterprise%2Fmy-courses&email=${encodeURIComponent(course.admin)}`,
    );
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

    // The course's takings count the refund apart from the enrolments that stand, over every page.
    const price = await t.deps.db
      .selectFrom('enrolments')
      .select(['amount_cents', 'currency'])
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    const standing = await t.deps.db
      .selectFrom('enrolments')
      .select(['amount_cents'])
      .where('course_id', '=', course.id)
      .where('status', '=', 'paid')
      .execute();
    const list = await t.request('GET', `${courses.enrolments.path}?courseId=${course.id}`, {
      token: admin,
      ip,
    });
    expect(list.json.response.takings).toEqual([
      {
        currency: price.currency,
        paid: standing.length,
        paidCents: standing.reduce((sum, row) => sum + row.amount_cents, 0),
        refunded: 1,
        refundedCents: price.amount_cents,
      },
    ]);

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

  it('sends a buyer who never set a password the mail again, with a fresh link; only the institution, only then', async () => {
    const course = await paidCourse(t, 4);
    const email = 'rae.resend@example.com';
    await buy(t, course.id, 'Rae Resend', email);
    const first = linkIn(t.lastMail(email));
    const enrolment = await t.deps.db
      .selectFrom('enrolments')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const body = { courseId: course.id, enrolmentId: enrolment.id };
    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const resent = await t.request('POST', courses.resendEnrolmentMail.path, { token: admin, ip, body });
    expect(resent.status).toBe(200);
    expect(resent.json.message).toBe(`Email sent again to ${email}`);
    const mail = t.lastMail(email) ?? '';
    expect(mail).toContain(`Subject: You are enrolled in ${course.name}`);
    const second = linkIn(mail);
    expect(second).not.toBe('');
    expect(second).not.toBe(first);
    // The earlier link stops working; the new one sets the password.
    expect(
      (await call(t, enterpriseAuth.resetPassword.path, { token: first, password: PASSWORD })).status,
    ).toBe(400);

    // Another institution finds no such enrolment; a learner may not send it.
    const other = await paidCourse(t, 20);
    const otherAdmin = await t.fullLogin(other.admin, 'enterprise', ip);
    expect(
      (await t.request('POST', courses.resendEnrolmentMail.path, { token: otherAdmin, ip, body })).status,
    ).toBe(404);
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    expect(
      (await t.request('POST', courses.resendEnrolmentMail.path, { token: learner, ip, body })).status,
    ).toBe(403);
    const bad = await t.request('POST', courses.resendEnrolmentMail.path, {
      token: admin,
      ip,
      body: { courseId: course.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('enrolmentId');

    // Three an hour per enrolment.
    for (const _ of [1, 2])
      expect(
        (await t.request('POST', courses.resendEnrolmentMail.path, { token: admin, ip, body })).status,
      ).toBe(200);
    expect(
      (await t.request('POST', courses.resendEnrolmentMail.path, { token: admin, ip, body })).status,
    ).toBe(429);

    // Once the password is set, there is nothing to send.
    await call(t, enterpriseAuth.resetPassword.path, {
      token: linkIn(t.lastMail(email)),
      password: PASSWORD,
    });
    await t.deps.db
      .deleteFrom('throttle_events')
      .where('key', '=', `enrolment-mail:${enrolment.id}`)
      .execute();
    const done = await t.request('POST', courses.resendEnrolmentMail.path, { token: admin, ip, body });
    expect(done.status).toBe(409);
    expect(done.json.message).toBe('This learner has set a password already: they sign in as usual');
  });

  it('mails the amount paid and the payment reference on enrolment and on refund, in the buyer’s language', async () => {
    const course = await paidCourse(t, 3);
    const email = 'mo.money@example.com';
    await buy(t, course.id, 'Mo Money', email);
    const row = await t.deps.db
      .selectFrom('enrolments')
      .select(['id', 'payment_id', 'amount_cents'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // Australian dollars as A$, never a bare $ a buyer elsewhere reads as US dollars.
    const amount = `A$${(Number(row.amount_cents) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    const enrolled = t.lastMail(email) ?? '';
    expect(enrolled).toContain(`Amount paid: ${amount}`);
    expect(enrolled).toContain(`Payment reference: ${row.payment_id}`);

    // The buyer chose Spanish: the refund mail formats the money as Spanish does.
    await t.deps.db.updateTable('users').set({ language: 'es' }).where('email', '=', email).execute();
    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const refund = await t.request('POST', courses.refundEnrolment.path, {
      token: admin,
      ip,
      body: { courseId: course.id, enrolmentId: row.id },
    });
    expect(refund.status).toBe(200);
    const refunded = t.lastMail(email) ?? '';
    const euros = new Intl.NumberFormat('es', { style: 'currency', currency: 'AUD' }).format(
      Number(row.amount_cents) / 100,
    );
    expect(refunded).toContain(`Importe reembolsado: ${euros}`);
    expect(refunded).toContain(`Referencia de pago: ${row.payment_id}`);
  });

  it('a learner who buys the course again after a refund finds their progress kept', async () => {
    const course = await paidCourse(t, 4);
    const email = 'kim.again@example.com';
    await buy(t, course.id, 'Kim Again', email);
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const assigned = await t.deps.db
      .selectFrom('task_assignments')
      .select(['id', 'task_id'])
      .where('user_id', '=', user.id)
      .orderBy('task_id')
      .execute();
    expect(assigned.length).toBeGreaterThan(0);
    const [done] = assigned;
    if (!done) throw new Error('no assignment');
    // The learner completed one task, with an earlier try on record.
    const completedAt = '2026-11-01T10:00:00.000Z';
    await t.deps.db
      .updateTable('task_assignments')
      .set({
        status: TASK_STATUS.completed,
        progress: 100,
        completed_at: completedAt,
        report: '{"kept":true}',
      })
      .where('id', '=', done.id)
      .execute();
    await t.deps.db
      .insertInto('task_attempts')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: course.enterprise_id,
        assignment_id: done.id,
        number: 1,
        report: '{"try":1}',
        score: 72.5,
        passed: 1,
        started_at: completedAt,
        completed_at: completedAt,
        reviewed_at: null,
        feedback: null,
        feedback_at: null,
        created_at: completedAt,
      })
      .execute();
    const enrolment = await t.deps.db
      .selectFrom('enrolments')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const refund = await t.request('POST', courses.refundEnrolment.path, {
      token: admin,
      ip,
      body: { courseId: course.id, enrolmentId: enrolment.id },
    });
    expect(refund.status).toBe(200);
    expect(
      await t.deps.db.selectFrom('task_assignments').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);

    const again = await buy(t, course.id, 'Kim Again', email);
    expect(again.json.response).toMatchObject({ status: 'paid' });
    const back = await t.deps.db
      .selectFrom('task_assignments')
      .select(['id', 'task_id', 'status', 'progress', 'completed_at', 'report'])
      .where('user_id', '=', user.id)
      .orderBy('task_id')
      .execute();
    expect(back.map((a) => a.task_id)).toEqual(assigned.map((a) => a.task_id));
    expect(back.find((a) => a.task_id === done.task_id)).toMatchObject({
      id: done.id,
      status: TASK_STATUS.completed,
      progress: 100,
      completed_at: completedAt,
      report: '{"kept":true}',
    });
    const tries = await t.deps.db
      .selectFrom('task_attempts')
      .select(['number', 'score'])
      .where('assignment_id', '=', done.id)
      .execute();
    expect(tries).toEqual([{ number: 1, score: 72.5 }]);
    // Nothing of it is left in the archive, and the enrolment list shows the new purchase with access.
    expect(
      await t.deps.db.selectFrom('course_work_archive').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('a checkout not completed is no enrolment: not counted, shown apart, and abandoned after a day', async () => {
    const course = await paidCourse(t, 5);
    const admin = await t.fullLogin(course.admin, 'enterprise', ip);
    const list = async (show?: string) =>
      (
        await t.request(
          'GET',
          `${courses.enrolments.path}?courseId=${course.id}${show ? `&show=${show}` : ''}`,
          { token: admin, ip },
        )
      ).json.response as {
        totalCount: number;
        listdata: { email: string; paymentStatus: string; learner: { state: string } | null }[];
      };
    const countOf = async () =>
      (
        (await t.request('GET', `${courses.get.path}?courseId=${course.id}`, { token: admin, ip })).json
          .response as { enrolmentCount: number }
      ).enrolmentCount;
    const before = await list();
    const countBefore = await countOf();

    // The institution's own admin starts a checkout and leaves it: an account exists for that email.
    const start = async (name: string, email: string) =>
      (await call(t, marketplace.generateSecret.path, { courseId: course.id, name, email })).json
        .response as {
        paymentId: string;
        clientSecret: string;
      };
    const left = await start('Admin Leaves', course.admin);
    // Another buyer pays but closes the page before the site asks how it went.
    const paidAway = await start('Pat Paid', 'pat.paid@example.com');
    await call(t, marketplace.confirmTestPayment.path, {
      clientSecret: paidAway.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });

    const after = await list();
    expect(after.totalCount).toBe(before.totalCount);
    expect(after.listdata.map((e) => e.email)).not.toContain(course.admin);
    expect(await countOf()).toBe(countBefore);
    const checkouts = await list('checkouts');
    expect(checkouts.totalCount).toBe(before.totalCount + 2);
    expect(checkouts.listdata.find((e) => e.email === course.admin)).toMatchObject({
      paymentStatus: 'pending',
      learner: { state: 'noAccess' },
    });

    // A day later both are stale: the sweep asks the provider, enrols the one paid and abandons the other.
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.deps.db
      .updateTable('enrolments')
      .set({ created_at: dayAgo })
      .where('payment_id', 'in', [left.paymentId, paidAway.paymentId])
      .execute();
    expect((await list('checkouts')).listdata.find((e) => e.email === course.admin)).toMatchObject({
      paymentStatus: 'abandoned',
    });
    expect(await settleStaleCheckouts(t.deps)).toBeGreaterThanOrEqual(2);
    const rows = await t.deps.db
      .selectFrom('enrolments')
      .select(['payment_id', 'status', 'user_id'])
      .where('payment_id', 'in', [left.paymentId, paidAway.paymentId])
      .execute();
    expect(rows.find((r) => r.payment_id === left.paymentId)).toMatchObject({ status: 'abandoned' });
    expect(rows.find((r) => r.payment_id === paidAway.paymentId)?.status).toBe('paid');
    expect(rows.find((r) => r.payment_id === paidAway.paymentId)?.user_id).toBeTruthy();
    expect(t.lastMail('pat.paid@example.com')).toContain('Subject: You are enrolled in');
    expect(await countOf()).toBe(countBefore + 1);
    // The buyer is told the payment did not go through; paying it late still enrols.
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: left.paymentId })).json.response,
    ).toMatchObject({ status: 'failed' });
    await call(t, marketplace.confirmTestPayment.path, {
      clientSecret: left.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: left.paymentId })).json.response,
    ).toMatchObject({ status: 'paid' });
  });

  it('the demo’s paid enrolments are delivered: each buyer has an account in the course’s buyers’ group', async () => {
    const seeded = await t.deps.db
      .selectFrom('enrolments')
      .innerJoin('courses', 'courses.id', 'enrolments.course_id')
      .leftJoin('users', 'users.id', 'enrolments.user_id')
      .leftJoin('group_members', (join) =>
        join
          .onRef('group_members.group_id', '=', 'courses.group_id')
          .onRef('group_members.user_id', '=', 'users.id'),
      )
      .select([
        'enrolments.email',
        'users.enterprise_id as account_enterprise',
        'enrolments.enterprise_id',
        'group_members.user_id as member',
      ])
      .where('enrolments.email', 'like', '%@learners.example')
      .where('enrolments.status', '=', 'paid')
      .execute();
    expect(seeded.length).toBeGreaterThan(40);
    for (const row of seeded) {
      expect(row.account_enterprise).toBe(row.enterprise_id);
      expect(row.member).toBeTruthy();
    }
    // Every published course's buyers' group has as many members as the course has paid enrolments.
    const groups = await t.deps.db
      .selectFrom('courses')
      .select([
        'courses.id',
        (eb) =>
          eb
            .selectFrom('group_members')
            .select((g) => g.fn.countAll().as('n'))
            .whereRef('group_members.group_id', '=', 'courses.group_id')
            .as('members'),
      ])
      .where('courses.published', '=', 1)
      .execute();
    expect(groups.every((g) => Number(g.members) > 0)).toBe(true);
    // The seeded buyers got their tasks, and no mail was queued for them.
    const tasks = await t.deps.db
      .selectFrom('task_assignments')
      .innerJoin('users', 'users.id', 'task_assignments.user_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('users.email', 'like', '%@learners.example')
      .executeTakeFirstOrThrow();
    expect(Number(tasks.n)).toBeGreaterThan(0);
  });
});
