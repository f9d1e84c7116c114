import { INTEGRATION_MAX_ATTEMPTS, WEBHOOK_TEST_EVENT } from '@coach/shared/contract/integrations';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/connect.ts';
import type { IntegrationsConfig } from '../../deps.ts';
import type { Job, RetryPolicy } from '../../jobs/queue.ts';
import { postOutbound } from '../../providers/outbound-http.ts';
import { nowIso } from '../common/clock.ts';
import type { StoredEvent } from './integration-events.ts';
import { openSecret } from './integration-secrets.ts';
import { buildStatement } from './xapi-statements.ts';

/**
 * The jobs that send events out (webhook deliveries and xAPI statements). Each try is one POST with a timeout; a 2xx answer
 * delivers, anything else (another status, a timeout, a refused address) is logged and tried again with
 * exponential backoff and jitter until INTEGRATION_MAX_ATTEMPTS, then the delivery is failed. A process killed
 * mid-try leaves its job leased; the next worker takes it when the lease runs out and sends the same bytes under
 * the same webhook-id (or statement id), so receivers can drop the repeat.
 */

/** 30 s, 1 min, 2 min, … (at most 1 h) after each failed try, ±20 % so a receiver coming back is not stampeded. */
export const integrationRetry = (random: () => number = Math.random): RetryPolicy => ({
  maxAttempts: INTEGRATION_MAX_ATTEMPTS,
  delayMs: (attempts) => {
    const base = Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
    return Math.round(base * (0.8 + 0.4 * random()));
  },
});

/**
 * A failed try's error as the log keeps it: Node's error code first when it gave one (the dashboard names the common
 * failures from it), then its message without the dangling ": " Node's TLS messages end with.
 */
export const errorText = (error: unknown) => {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.trim().replace(/[\s:]+$/, '');
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
};

export type DeliveryDeps = { db: Db; integrations: IntegrationsConfig; publicUrl: string };

export const deliveryIdOf = (job: Job) => (job.payload as { deliveryId: string }).deliveryId;
export const statementIdOf = (job: Job) => (job.payload as { statementId: string }).statementId;

/** One try of a webhook delivery (see above); throws to have the queue try again. */
export const deliverWebhook = async ({ db, integrations }: DeliveryDeps, job: Job) => {
  const deliveryId = deliveryIdOf(job);
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.enterprise_id',
      'd.event_type',
      'd.body',
      'd.status',
      'e.url',
      'e.secret',
      'e.enabled',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  // Deleted with its endpoint, or settled by an earlier try whose answer arrived just before a crash.
  if (row?.status !== 'pending') return;
  // A switched-off endpoint gets nothing more, except the test its admin asks for.
  if (!row.enabled && row.event_type !== WEBHOOK_TEST_EVENT) {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', next_attempt_at: null, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  const startedAt = new Date();
  const attemptId = crypto.randomUUID();
  // Logged before the POST: a try cut by a crash shows as one without an answer.
  await db
    .insertInto('webhook_attempts')
    .values({
      id: attemptId,
      delivery_id: row.id,
      enterprise_id: row.enterprise_id,
      attempt: job.attempts,
      started_at: startedAt.toISOString(),
      duration_ms: null,
      status_code: null,
      error: null,
    })
    .execute();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    // Signed per try: the timestamp is the try's, so a retry hours later still passes a receiver's 5-minute window.
    const signature = new Webhook(openSecret(integrations.secret, row.secret)).sign(
      row.id,
      startedAt,
      row.body,
    );
    const answer = await postOutbound({
      url: row.url,
      headers: {
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: row.body,
      timeoutMs: integrations.timeoutMs,
      policy: integrations,
    });
    statusCode = answer.statusCode;
    if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
  } catch (caught) {
    // A refused address, a timeout, a network error, or a secret that no longer opens (the server's changed).
    error = errorText(caught);
  }
  const delivered = error === null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_attempts')
      .set({ duration_ms: Date.now() - startedAt.getTime(), status_code: statusCode, error })
      .where('id', '=', attemptId)
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: job.attempts,
        last_status_code: statusCode,
        last_error: error,
        updated_at: nowIso(),
        ...(delivered ? { status: 'delivered', delivered_at: nowIso(), next_attempt_at: null } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  });
  if (!delivered) throw new Error(error ?? 'Not delivered');
};

/** One try of an xAPI statement: POST <endpoint>/statements with Basic auth and the xAPI version header. */
export const sendStatement = async ({ db, integrations, publicUrl }: DeliveryDeps, job: Job) => {
  const statementId = statementIdOf(job);
  const row = await db
    .selectFrom('xapi_statements')
    .selectAll()
    .where('id', '=', statementId)
    .executeTakeFirst();
  if (row?.status !== 'pending') return;
  const lrs = await db
    .selectFrom('xapi_settings')
    .selectAll()
    .where('enterprise_id', '=', row.enterprise_id)
    .executeTakeFirst();
  const cancel = async (reason: string) => {
    await db
      .updateTable('xapi_statements')
      .set({ status: 'cancelled', last_error: reason, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
  };
  if (!lrs?.enabled) return cancel('The LRS was switched off');
  let statement = row.statement;
  if (!statement) {
    const built = await buildStatement({
      db,
      publicUrl,
      statementId: row.id,
      event: JSON.parse(row.event) as StoredEvent,
    });
    if (!built) return cancel('The member is no longer there');
    statement = JSON.stringify(built);
    await db.updateTable('xapi_statements').set({ statement }).where('id', '=', row.id).execute();
  }
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const answer = await postOutbound({
      url: `${lrs.endpoint.replace(/\/+$/, '')}/statements`,
      headers: {
        authorization: `Basic ${Buffer.from(`${lrs.username}:${openSecret(integrations.secret, lrs.key)}`).toString('base64')}`,
        'x-experience-api-version': '1.0.3',
      },
      body: statement,
      timeoutMs: integrations.timeoutMs,
      policy: integrations,
    });
    statusCode = answer.statusCode;
    if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
  } catch (caught) {
    error = errorText(caught);
  }
  const delivered = error === null;
  await db
    .updateTable('xapi_statements')
    .set({
      attempts: job.attempts,
      last_status_code: statusCode,
      last_error: error,
      updated_at: nowIso(),
      ...(delivered ? { status: 'delivered', delivered_at: nowIso() } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (!delivered) throw new Error(error ?? 'Not sent');
};

/** The queue will try again at `runAfter`: the log shows when. */
export const noteRetry = async (db: Db, job: Job, runAfter: string) => {
  if (job.kind === 'webhook-delivery')
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: runAfter })
      .where('id', '=', deliveryIdOf(job))
      .where('status', '=', 'pending')
      .execute();
};

/** The queue gave up after the last attempt (or could not run the job): failed for good. */
export const markGivenUp = async (db: Db, job: Job) => {
  if (job.kind === 'webhook-delivery')
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, updated_at: nowIso() })
      .where('id', '=', deliveryIdOf(job))
      .where('status', '=', 'pending')
      .execute();
  if (job.kind === 'xapi-statement')
    await db
      .updateTable('xapi_statements')
      .set({ status: 'failed', updated_at: nowIso() })
      .where('id', '=', statementIdOf(job))
      .where('status', '=', 'pending')
      .execute();
};
