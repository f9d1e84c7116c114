import { ENROLMENT_CHECKOUT_WINDOW_MS } from '@coach/shared/contract/courses';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { assertNotThrottled, guard, IP_LIMIT, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound, validation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { deliverEnrolment } from './course-delivery.ts';

/** A published course with what an enrolment needs. */
const findCourse = async (ctx: ServiceContext, courseId: string) => {
  const course = await ctx.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .select([
      'courses.id',
      'courses.name',
      'courses.enterprise_id',
      'courses.price_cents',
      'courses.currency',
      'institutions.name as institution_name',
    ])
    .where('courses.id', '=', courseId)
    .where('courses.published', '=', 1)
    .executeTakeFirst();
  if (!course) throw notFound('Course not found');
  return course;
};

const alreadyPaid = async (ctx: ServiceContext, courseId: string, email: string) =>
  Boolean(
    await ctx.db
      .selectFrom('enrolments')
      .select('id')
      .where('course_id', '=', courseId)
      .where('email', '=', email)
      .where('status', '=', 'paid')
      .executeTakeFirst(),
  );

export const userDetails = async (
  ctx: ServiceContext,
  { email, courseId }: { email: string; courseId: string },
) => {
  // Per address, as sign-in's address limit: room for a classroom enrolling behind one address (it was 5 in 15
  // minutes, which a sixth learner there hit), not for sweeping a course's buyers by email.
  const keys = throttleKeys('enrol-lookup', 'any', ctx.ip);
  await assertNotThrottled(ctx.db, keys.ip, IP_LIMIT);
  await recordEvent(ctx.db, keys.ip);
  await findCourse(ctx, courseId);
  return { alreadyEnrolled: await alreadyPaid(ctx, courseId, email) };
};

/**
 * generate-secret: starts the payment for an enrolment. The pending row records who pays for what; it only
 * becomes an enrolment when the provider says the payment succeeded.
 */
export const startPayment = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof marketplace.generateSecret>,
) => {
  const keys = throttleKeys('enrol', input.email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const course = await findCourse(ctx, input.courseId);
  if (Number(course.price_cents) === 0) throw conflict('This course is free: enrol without paying');
  if (await alreadyPaid(ctx, course.id, input.email))
    throw conflict('You are already enrolled in this course');
  const amountCents = Number(course.price_cents);
  const { paymentId, clientSecret } = await ctx.payments.create({
    amountCents,
    currency: course.currency,
    description: `${course.name} (${course.institution_name})`,
    metadata: { courseId: course.id, email: input.email },
  });
  await ctx.db
    .insertInto('enrolments')
    .values({
      id: crypto.randomUUID(),
      course_id: course.id,
      enterprise_id: course.enterprise_id,
      name: input.name,
      email: input.email,
      amount_cents: amountCents,
      currency: course.currency,
      provider: ctx.payments.kind,
      payment_id: paymentId,
      status: 'pending',
      created_at: nowIso(),
      paid_at: null,
    })
    .execute();
  return {
    paymentId,
    clientSecret,
    provider: ctx.payments.kind,
    amountCents,
    currency: course.currency,
    publishableKey: ctx.payments.publishableKey,
  };
};

const statusOf = async (ctx: ServiceContext, row: { course_id: string; email: string; status: string }) => {
  const course = await ctx.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .select(['courses.id', 'courses.name', 'institutions.name as institution_name'])
    .where('courses.id', '=', row.course_id)
    .executeTakeFirstOrThrow();
  return {
    // An abandoned checkout is, to its buyer, a payment that did not go through.
    status: (row.status === 'abandoned' ? 'failed' : row.status) as
      | 'paid'
      | 'pending'
      | 'failed'
      | 'refunded',
    courseId: course.id,
    courseName: course.name,
    courseProviderName: course.institution_name,
    email: row.email,
  };
};

/** A checkout still pending after the window is abandoned: not an enrolment, shown apart from one. */
const isStale = (createdAt: string, now: number) =>
  Date.parse(createdAt) < now - ENROLMENT_CHECKOUT_WINDOW_MS;

/**
 * Asks the provider (never the browser) how the payment went and settles the row once: paid (the enrolment
 * exists, the learner and institution are emailed), failed (no enrolment), or, still unpaid after the checkout
 * window, abandoned (no enrolment; a later successful payment still settles it as paid). Safe to call any number
 * of times.
 */
const settle = async (ctx: ServiceContext, paymentId: string, now = Date.now()) => {
  const row = await ctx.db
    .selectFrom('enrolments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!row) throw notFound('Payment not found');
  // An abandoned checkout is asked about again: a buyer who pays late is still enrolled.
  if (row.status !== 'pending' && row.status !== 'abandoned') return statusOf(ctx, row);
  const payment = await ctx.payments.retrieve(paymentId);
  if (!payment) throw notFound('Payment not found');
  if (payment.state === 'pending') {
    if (row.status === 'pending' && isStale(row.created_at, now))
      await ctx.db
        .updateTable('enrolments')
        .set({ status: 'abandoned' })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
    return statusOf(ctx, { ...row, status: isStale(row.created_at, now) ? 'abandoned' : row.status });
  }
  if (payment.state === 'succeeded' && payment.amountCents !== Number(row.amount_cents))
    throw new AppError(409, ERROR_CODES.conflict, 'The amount paid does not match the course price');
  const status = payment.state === 'succeeded' ? 'paid' : 'failed';
  const claimed = await ctx.db
    .updateTable('enrolments')
    .set({ status, paid_at: status === 'paid' ? nowIso() : null })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  const settled = { ...row, status };
  // The course is delivered (account, tasks and videos, and a mail with the link to start) once, by the
  // request that settled the payment. A declined payment delivers nothing.
  if (Number(claimed.numUpdatedRows) === 1 && status === 'paid') await deliverEnrolment(ctx, row.id);
  return statusOf(ctx, settled);
};

export const checkStatus = (ctx: ServiceContext, { paymentId }: { paymentId: string }) =>
  settle(ctx, paymentId);

/** enroll-course: finishes a paid enrolment, or enrols in a free course at once (paymentId 'free'). */
export const enrol = async (ctx: ServiceContext, input: ParsedRequestOf<typeof marketplace.enrollCourse>) => {
  if (input.paymentId !== 'free') {
    const row = await ctx.db
      .selectFrom('enrolments')
      .select(['course_id', 'email'])
      .where('payment_id', '=', input.paymentId)
      .executeTakeFirst();
    if (!row || row.course_id !== input.courseId || row.email !== input.email)
      throw validation('paymentId', 'This payment is not for this enrolment');
    const result = await settle(ctx, input.paymentId);
    if (result.status === 'failed')
      throw new AppError(402, ERROR_CODES.paymentFailed, 'The payment was declined');
    ctx.setMessage(result.status === 'paid' ? 'You are enrolled' : 'Your payment is being processed');
    return result;
  }
  const keys = throttleKeys('enrol', input.email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const course = await findCourse(ctx, input.courseId);
  if (Number(course.price_cents) !== 0) throw validation('paymentId', 'This course needs a payment');
  // A second enrolment under the same address is told so, as a paid course's is: "You are enrolled" again, with
  // no mail sent, left the learner waiting for one.
  if (await alreadyPaid(ctx, course.id, input.email))
    throw conflict('You are already enrolled in this course');
  const enrolmentId = crypto.randomUUID();
  await ctx.db
    .insertInto('enrolments')
    .values({
      id: enrolmentId,
      course_id: course.id,
      enterprise_id: course.enterprise_id,
      name: input.name,
      email: input.email,
      amount_cents: 0,
      currency: course.currency,
      provider: 'free',
      payment_id: `free_${crypto.randomUUID()}`,
      status: 'paid',
      created_at: nowIso(),
      paid_at: nowIso(),
    })
    .execute();
  await deliverEnrolment(ctx, enrolmentId);
  ctx.setMessage('You are enrolled');
  return {
    status: 'paid' as const,
    courseId: course.id,
    courseName: course.name,
    courseProviderName: course.institution_name,
    email: input.email,
  };
};

/** The embedded test mode's confirm step (only when no live provider is configured). */
export const confirmTestPayment = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof marketplace.confirmTestPayment>,
) => {
  if (!ctx.testPayments) throw notFound('Test payments are off: a live payment provider is configured');
  const [month = '0', year = '0'] = input.expiry.split('/');
  const expiresAt = new Date(Date.UTC(2000 + Number(year), Number(month), 1));
  if (expiresAt.getTime() < Date.now()) throw validation('expiry', 'This card has expired');
  const result = await ctx.testPayments.confirm(input.clientSecret, input.cardNumber);
  if ('error' in result) {
    if (result.error === 'card')
      throw validation(
        'cardNumber',
        'Test mode: use 4242 4242 4242 4242 (success) or 4000 0000 0000 0002 (declined)',
      );
    if (result.error === 'done') throw conflict('This payment was already confirmed');
    throw notFound('Payment not found');
  }
  ctx.setMessage(result.status === 'succeeded' ? 'Payment succeeded' : 'Your card was declined');
  return result;
};

/** Checkouts settled per sweep, so a sweep stays short; the rest go next time. */
const CHECKOUTS_PER_SWEEP = 200;

/**
 * The housekeeping sweep of checkouts left pending past the window (the buyer closed the page before or after
 * paying): each is settled as the provider says, so one paid and never confirmed by its browser is enrolled and
 * mailed, and one never paid becomes abandoned. A checkout the provider cannot answer for stays for the next sweep.
 * Answers how many were looked at.
 */
export const settleStaleCheckouts = async (deps: Deps, now = Date.now()) => {
  const ctx: ServiceContext = {
    ...deps,
    ip: '',
    clientPlatform: 'web',
    userAgent: '',
    requestLanguage: null,
    session: null,
    setMessage: () => {},
  };
  const stale = await deps.db
    .selectFrom('enrolments')
    .select('payment_id')
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(now - ENROLMENT_CHECKOUT_WINDOW_MS).toISOString())
    .orderBy('created_at')
    .limit(CHECKOUTS_PER_SWEEP)
    .execute();
  const failures: unknown[] = [];
  for (const { payment_id: paymentId } of stale) {
    try {
      await settle(ctx, paymentId, now);
    } catch (error) {
      failures.push(error);
    }
  }
  const [first] = failures;
  if (first !== undefined)
    throw new AggregateError(failures, `${failures.length} stale checkout(s) could not be settled`);
  return stale.length;
};
