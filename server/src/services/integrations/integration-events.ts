import type { WebhookEventType } from '@coach/shared/contract/integrations';
import type { Db } from '../../db/connect.ts';
import { enqueue } from '../../jobs/queue.ts';
import { nowIso } from '../common/clock.ts';

/**
 * Emitting an event to the enterprise's webhooks and LRS. A service calls `emitEvent(trx, …)` in the transaction of the write
 * the event reports: one delivery row and one job per subscribed endpoint, and one statement row and job when
 * the enterprise's LRS is on, are written with it or not at all, so a crash loses nothing and a rolled-back write
 * sends nothing. The job queue then works them (integration-delivery.ts). An enterprise with no receivers pays
 * two indexed reads.
 */

/** JSON the payload's `data` carries: ids and figures, never a secret or free text a member wrote. */
export type EventData = { [key: string]: string | number | boolean | null | EventData | EventData[] };

export type IntegrationEvent = {
  enterpriseId: string;
  type: WebhookEventType;
  /** The member the event is about: the xAPI statement's actor, `memberId` in the webhook's data. */
  memberId: string;
  data: EventData;
};

/** What the xapi-statement job reads to build its statement (stored as xapi_statements.event). */
export type StoredEvent = {
  type: WebhookEventType;
  timestamp: string;
  enterpriseId: string;
  memberId: string;
  data: EventData;
};

/**
 * The events that are learning records. A review and a deactivation are the organisation's bookkeeping, which
 * no ADL verb states truthfully (the reviewer did nothing the learner learnt from): webhooks only.
 */
export const XAPI_EVENTS: ReadonlySet<string> = new Set<WebhookEventType>([
  'task.completed',
  'recording.analysed',
  'video.viewed',
  'survey.submitted',
  'member.joined',
]);

/** Standard Webhooks message ids: `msg_` and a random part, unique per event and endpoint. */
const messageId = () => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/** The webhook body: `{ type, timestamp, data }` (Standard Webhooks' recommended shape). */
export const webhookBody = ({
  type,
  timestamp,
  data,
}: {
  type: string;
  timestamp: string;
  data: EventData;
}) => JSON.stringify({ type, timestamp, data });

/** Writes one delivery and its job. db may be a transaction. Answers the delivery's id (the webhook-id). */
export const queueDelivery = async (
  db: Db,
  {
    enterpriseId,
    endpointId,
    type,
    body,
    at,
  }: { enterpriseId: string; endpointId: string; type: string; body: string; at: string },
) => {
  const id = messageId();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      enterprise_id: enterpriseId,
      endpoint_id: endpointId,
      event_type: type,
      body,
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
      delivered_at: null,
    })
    .execute();
  await enqueue(db, 'webhook-delivery', { deliveryId: id });
  return id;
};

/** Queues the event for every receiver of the enterprise (see above). db is the caller's transaction. */
export const emitEvent = async (db: Db, { enterpriseId, type, memberId, data }: IntegrationEvent) => {
  const timestamp = nowIso();
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enterprise_id', '=', enterpriseId)
    .where('enabled', '=', 1)
    .execute();
  const body = webhookBody({ type, timestamp, data: { enterpriseId, memberId, ...data } });
  for (const endpoint of endpoints) {
    if (!(JSON.parse(endpoint.events) as string[]).includes(type)) continue;
    await queueDelivery(db, { enterpriseId, endpointId: endpoint.id, type, body, at: timestamp });
  }
  const lrs = await db
    .selectFrom('xapi_settings')
    .select('enabled')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!lrs?.enabled || !XAPI_EVENTS.has(type)) return;
  const statementId = crypto.randomUUID();
  const event: StoredEvent = { type, timestamp, enterpriseId, memberId, data };
  await db
    .insertInto('xapi_statements')
    .values({
      id: statementId,
      enterprise_id: enterpriseId,
      event_type: type,
      event: JSON.stringify(event),
      statement: null,
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      created_at: timestamp,
      updated_at: timestamp,
      delivered_at: null,
    })
    .execute();
  await enqueue(db, 'xapi-statement', { statementId });
};
