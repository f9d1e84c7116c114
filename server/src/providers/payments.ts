import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../services/common/clock.ts';

/** The states the marketplace cares about; a provider maps its own onto these. */
export type PaymentState = 'succeeded' | 'pending' | 'failed';

export type PaymentProvider = {
  kind: 'test' | 'stripe';
  /** Stripe's publishable key for the browser (null in test mode). */
  publishableKey: string | null;
  create: (input: {
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
  }) => Promise<{ paymentId: string; clientSecret: string }>;
  /** The provider's word on a payment (never the browser's). */
  retrieve: (
    paymentId: string,
  ) => Promise<{ state: PaymentState; amountCents: number; currency: string } | null>;
  /** Pays a succeeded payment back in full (the institution refunds an enrolment). */
  refund: (paymentId: string) => Promise<void>;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Test card numbers of the embedded test mode (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The embedded default: a clearly marked test-mode provider that keeps its payments in the database. The
 * browser confirms with a test card through confirmTestPayment, the way Stripe.js confirms against Stripe.
 */
export const testPayments = (db: Db) => {
  const provider: PaymentProvider = {
    kind: 'test',
    publishableKey: null,
    create: async ({ amountCents, currency }) => {
      const paymentId = `tp_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${paymentId}_secret_${randomBytes(18).toString('base64url')}`;
      await db
        .insertInto('test_payments')
        .values({
          id: paymentId,
          secret_hash: sha256(clientSecret),
          amount_cents: amountCents,
          currency,
          status: 'requires_payment_method',
          card_last4: null,
          created_at: nowIso(),
        })
        .execute();
      return { paymentId, clientSecret };
    },
    retrieve: async (paymentId) => {
      const row = await db
        .selectFrom('test_payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (!row) return null;
      const state: PaymentState =
        row.status === 'succeeded' ? 'succeeded' : row.status === 'declined' ? 'failed' : 'pending';
      return { state, amountCents: Number(row.amount_cents), currency: row.currency };
    },
    refund: async (paymentId) => {
      await db
        .updateTable('test_payments')
        .set({ status: 'refunded' })
        .where('id', '=', paymentId)
        .where('status', '=', 'succeeded')
        .execute();
    },
  };
  /** Confirms with a card: only the test cards are accepted; a declined card fails the payment for good. */
  const confirm = async (clientSecret: string, cardNumber: string) => {
    const row = await db
      .selectFrom('test_payments')
      .selectAll()
      .where('secret_hash', '=', sha256(clientSecret))
      .executeTakeFirst();
    if (!row) return { error: 'unknown' as const };
    if (row.status !== 'requires_payment_method') return { error: 'done' as const, paymentId: row.id };
    if (cardNumber !== TEST_CARDS.success && cardNumber !== TEST_CARDS.declined)
      return { error: 'card' as const };
    const status = cardNumber === TEST_CARDS.success ? 'succeeded' : 'declined';
    const claimed = await db
      .updateTable('test_payments')
      .set({ status, card_last4: cardNumber.slice(-4) })
      .where('id', '=', row.id)
      .where('status', '=', 'requires_payment_method')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { error: 'done' as const, paymentId: row.id };
    return { paymentId: row.id, status: status as 'succeeded' | 'declined' };
  };
  return { provider, confirm };
};

/** Stripe when STRIPE_SECRET_KEY is set; host and port let tests point it at a local fake of Stripe's API. */
export const stripePayments = ({
  secretKey,
  publishableKey,
  host,
  port,
  protocol,
}: {
  secretKey: string;
  publishableKey: string | null;
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}): PaymentProvider => {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
  });
  return {
    kind: 'stripe',
    publishableKey,
    create: async ({ amountCents, currency, description, metadata }) => {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency: currency.toLowerCase(),
        description,
        metadata,
        automatic_payment_methods: { enabled: true },
      });
      if (!intent.client_secret) throw new Error('Stripe gave no client secret');
      return { paymentId: intent.id, clientSecret: intent.client_secret };
    },
    retrieve: async (paymentId) => {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentId);
        const state: PaymentState =
          intent.status === 'succeeded'
            ? 'succeeded'
            : intent.status === 'canceled' || intent.status === 'requires_payment_method'
              ? intent.last_payment_error
                ? 'failed'
                : intent.status === 'canceled'
                  ? 'failed'
                  : 'pending'
              : 'pending';
        return { state, amountCents: intent.amount, currency: intent.currency.toUpperCase() };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    refund: async (paymentId) => {
      await stripe.refunds.create({ payment_intent: paymentId });
    },
  };
};

/** Stripe when its secret key is configured, else the clearly marked embedded test mode. */
export const paymentsFor = (db: Db, env: Record<string, string | undefined>) => {
  if (env.STRIPE_SECRET_KEY)
    return {
      payments: stripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      }),
      testPayments: null,
    };
  const test = testPayments(db);
  return { payments: test.provider, testPayments: test };
};
