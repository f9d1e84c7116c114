import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { courses } from '@coach/shared/contract/courses';
import { marketplace } from '@coach/shared/contract/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LIMIT } from '../auth/throttle.ts';
import { stripePayments } from '../providers/payments.ts';
import { createTestApp } from '../testing/test-app.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.9.9.1';
const call = (t: App, path: string, body: unknown) => t.request('POST', path, { ip, body });
const paidCourse = async (t: App) => {
  const ids = (await call(t, marketplace.getCourseIds.path, {})).json.response as { _id: string }[];
  for (const { _id } of ids) {
    const detail = (await call(t, marketplace.getCourseDetails.path, { courseId: _id })).json.response as {
      priceCents: number;
    };
    if (detail.priceCents > 0) return { _id, ...detail };
  }
  throw new Error('no paid course');
};

describe('enrolment with the embedded test-mode provider', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a test card that succeeds enrols the learner once, emails them, and the institution sees it', async () => {
    const course = await paidCourse(t);
    const learner = { courseId: course._id, name: 'Priya', email: 'priya@example.com' };
    const start = await call(t, marketplace.generateSecret.path, learner);
    expect(start.status).toBe(200);
    const payment = start.json.response as {
      paymentId: string;
      clientSecret: string;
      provider: string;
      amountCents: number;
    };
    expect(payment).toMatchObject({ provider: 'test', amountCents: course.priceCents });

    // Before paying: pending, and no enrolment.
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: payment.paymentId })).json.response,
    ).toMatchObject({
      status: 'pending',
    });
    const confirm = await call(t, marketplace.confirmTestPayment.path, {
      clientSecret: payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(confirm.json.response).toMatchObject({ status: 'succeeded' });

    const enrolled = await call(t, marketplace.enrollCourse.path, {
      ...learner,
      paymentId: payment.paymentId,
    });
    expect(enrolled.json.response).toMatchObject({ status: 'paid', email: 'priya@example.com' });
    const again = await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: payment.paymentId });
    expect(again.json.response).toMatchObject({ status: 'paid' });
    expect(t.lastMail('priya@example.com')).toContain('Subject: You are enrolled in');

    const lookup = await call(t, marketplace.getUserDetails.path, {
      email: 'priya@example.com',
      courseId: course._id,
    });
    expect(lookup.json.response).toEqual({ alreadyEnrolled: true });
    const twice = await call(t, marketplace.generateSecret.path, learner);
    expect(twice.status).toBe(409);

    const paid = await t.deps.db
      .selectFrom('enrolments')
      .selectAll()
      .where('email', '=', 'priya@example.com')
      .execute();
    expect(paid.filter((r) => r.status === 'paid')).toHaveLength(1);

    const enterprise = await t.deps.db
      .selectFrom('courses')
      .select('enterprise_id')
      .where('id', '=', course._id)
      .executeTakeFirstOrThrow();
    const admin = await t.deps.db
      .selectFrom('users')
      .select('email')
      .where('enterprise_id', '=', enterprise.enterprise_id)
      // The institution's default admin: the delivery has just made Priya a member too, with no known password, and
      // an unordered first row may be hers on PostgreSQL.
      .where('is_default_admin', '=', 1)
      .executeTakeFirstOrThrow();
    const token = await t.fullLogin(admin.email, 'enterprise', ip);
    const list = await t.request('GET', `${courses.enrolments.path}?courseId=${course._id}`, { token, ip });
    // One enrolment more than the seeded demo members' (seed-course-reviews.ts), and it is Priya's, paid.
    const seeded = await t.deps.db
      .selectFrom('enrolments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('course_id', '=', course._id)
      .where('email', '<>', 'priya@example.com')
      .executeTakeFirstOrThrow();
    expect(list.json.response.totalCount).toBe(Number(seeded.n) + 1);
    expect(list.json.response.listdata).toContainEqual(
      expect.objectContaining({ email: 'priya@example.com', paymentStatus: 'paid' }),
    );
  });

  it('the payment status says nothing of whether the address has an account, before or after paying', async () => {
    const course = await paidCourse(t);
    const pay = async (email: string) => {
      const start = (
        await call(t, marketplace.generateSecret.path, { courseId: course._id, name: 'Someone Else', email })
      ).json.response as { paymentId: string; clientSecret: string };
      const before = await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: start.paymentId });
      // Before payment nothing is said of the address.
      expect(before.json.response).toMatchObject({ status: 'pending' });
      expect(before.json.response).not.toHaveProperty('access');
      await call(t, marketplace.confirmTestPayment.path, {
        clientSecret: start.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      });
      return (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: start.paymentId })).json
        .response;
    };
    // An address with another organisation's account and a new one get answers alike: the same keys, paid.
    const elsewhere = await pay('owner@globex.example');
    const fresh = await pay('new.buyer.access@example.com');
    expect(elsewhere).toMatchObject({ status: 'paid' });
    expect(fresh).toMatchObject({ status: 'paid' });
    expect(Object.keys(elsewhere).sort()).toEqual(Object.keys(fresh).sort());
    expect(elsewhere).not.toHaveProperty('access');
    // An account's holder is greeted by their own name, not the one typed in the form; a new buyer by theirs.
    expect(t.lastMail('owner@globex.example')).toContain('Hello Gina Globex,');
    expect(t.lastMail('new.buyer.access@example.com')).toContain('Hello Someone Else,');
  });

  it('a declined card fails the payment and creates no enrolment; an abandoned one stays pending', async () => {
    const course = await paidCourse(t);
    const learner = { courseId: course._id, name: 'Dee', email: 'dee@example.com' };
    const payment = (await call(t, marketplace.generateSecret.path, learner)).json.response as {
      paymentId: string;
      clientSecret: string;
    };
    const declined = await call(t, marketplace.confirmTestPayment.path, {
      clientSecret: payment.clientSecret,
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(declined.json.response).toMatchObject({ status: 'declined' });
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: payment.paymentId })).json.response,
    ).toMatchObject({
      status: 'failed',
    });
    const enrol = await call(t, marketplace.enrollCourse.path, { ...learner, paymentId: payment.paymentId });
    expect(enrol.status).toBe(402);
    const lookup = await call(t, marketplace.getUserDetails.path, {
      email: 'dee@example.com',
      courseId: course._id,
    });
    expect(lookup.json.response).toEqual({ alreadyEnrolled: false });

    const abandoned = (
      await call(t, marketplace.generateSecret.path, { ...learner, email: 'abby@example.com' })
    ).json.response as { paymentId: string };
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: abandoned.paymentId })).json
        .response,
    ).toMatchObject({
      status: 'pending',
    });
  });

  it('refuses cards that are not test cards, expired cards, a second confirm, and a payment for someone else', async () => {
    const course = await paidCourse(t);
    const learner = { courseId: course._id, name: 'Eve', email: 'eve@example.com' };
    const payment = (await call(t, marketplace.generateSecret.path, learner)).json.response as {
      paymentId: string;
      clientSecret: string;
    };
    const card = {
      clientSecret: payment.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    };
    const real = await call(t, marketplace.confirmTestPayment.path, {
      ...card,
      cardNumber: '5555555555554444',
    });
    expect(real.json.field).toBe('cardNumber');
    const expired = await call(t, marketplace.confirmTestPayment.path, { ...card, expiry: '01/20' });
    expect(expired.json.field).toBe('expiry');
    expect((await call(t, marketplace.confirmTestPayment.path, card)).status).toBe(200);
    expect((await call(t, marketplace.confirmTestPayment.path, card)).status).toBe(409);
    const stolen = await call(t, marketplace.enrollCourse.path, {
      ...learner,
      email: 'mallory@example.com',
      paymentId: payment.paymentId,
    });
    expect(stolen.json.field).toBe('paymentId');
  });

  it('answers the enrolled check for a classroom behind one address, and refuses a sweep of emails', async () => {
    const course = await paidCourse(t);
    const lookup = (n: number) =>
      t.request('POST', marketplace.getUserDetails.path, {
        ip: '10.9.9.77',
        body: { email: `pupil${n}@example.com`, courseId: course._id },
      });
    for (let n = 0; n < IP_LIMIT; n++) expect((await lookup(n)).status).toBe(200);
    const sweep = await lookup(IP_LIMIT);
    expect(sweep.status).toBe(429);
    expect(sweep.json.message).toBe('Too many attempts. Please try again later.');
  });

  it('enrols in a free course without a payment', async () => {
    const free = await t.deps.db
      .selectFrom('courses')
      .select('id')
      .where('price_cents', '=', 0)
      .executeTakeFirstOrThrow();
    const learner = { courseId: free.id, name: 'Fay', email: 'fay@example.com' };
    expect((await call(t, marketplace.generateSecret.path, learner)).status).toBe(409);
    const enrolled = await call(t, marketplace.enrollCourse.path, { ...learner, paymentId: 'free' });
    expect(enrolled.json.response).toMatchObject({ status: 'paid' });
    // Again under the same address (in capitals too): told so, not "You are enrolled" a second time.
    const again = await call(t, marketplace.enrollCourse.path, {
      ...learner,
      email: 'FAY@example.com',
      paymentId: 'free',
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You are already enrolled in this course');
    const rows = await t.deps.db
      .selectFrom('enrolments')
      .select('id')
      .where('course_id', '=', free.id)
      .where('email', '=', 'fay@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the Stripe adapter, against a local fake of its API', () => {
  let t: App;
  let fake: Server;
  const seen: { method: string; url: string; auth: string; body: string }[] = [];
  const intents = new Map<string, { id: string; amount: number; currency: string; status: string }>();

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          auth: req.headers.authorization ?? '',
          body,
        });
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/payment_intents') {
          const form = new URLSearchParams(body);
          const id = `pi_${intents.size + 1}`;
          const intent = {
            id,
            amount: Number(form.get('amount')),
            currency: form.get('currency') ?? '',
            status: 'requires_payment_method',
          };
          intents.set(id, intent);
          res.end(
            JSON.stringify({
              object: 'payment_intent',
              ...intent,
              client_secret: `${id}_secret_abc`,
              last_payment_error: null,
            }),
          );
          return;
        }
        const match = /^\/v1\/payment_intents\/(pi_\d+)$/.exec(req.url ?? '');
        const intent = match?.[1] ? intents.get(match[1]) : undefined;
        if (req.method === 'GET' && intent) {
          res.end(
            JSON.stringify({
              object: 'payment_intent',
              ...intent,
              client_secret: 'x',
              last_payment_error: null,
            }),
          );
          return;
        }
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }),
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp({
      payments: stripePayments({
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        host: '127.0.0.1',
        port,
        protocol: 'http',
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('creates a payment intent for the course price and enrols only once Stripe says it succeeded', async () => {
    const course = await paidCourse(t);
    const learner = { courseId: course._id, name: 'Sia', email: 'sia@example.com' };
    const start = await call(t, marketplace.generateSecret.path, learner);
    expect(start.json.response).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      paymentId: 'pi_1',
      clientSecret: 'pi_1_secret_abc',
    });
    const created = seen.find((r) => r.method === 'POST');
    expect(created?.auth).toBe('Bearer sk_test_fake');
    expect(new URLSearchParams(created?.body).get('amount')).toBe(String(course.priceCents));
    expect(new URLSearchParams(created?.body).get('currency')).toBe('aud');

    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: 'pi_1' })).json.response,
    ).toMatchObject({
      status: 'pending',
    });
    const intent = intents.get('pi_1');
    if (intent) intent.status = 'succeeded';
    expect(
      (await call(t, marketplace.checkEnrollmentStatus.path, { paymentId: 'pi_1' })).json.response,
    ).toMatchObject({
      status: 'paid',
    });
    // The test-mode confirm step does not exist with a live provider.
    const testConfirm = await call(t, marketplace.confirmTestPayment.path, {
      clientSecret: 'pi_1_secret_abc',
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(testConfirm.status).toBe(404);
  });
});
