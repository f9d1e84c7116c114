import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type DeliveryStatus,
  type integrations,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type XapiSettings,
} from '@coach/shared/contract/integrations';
import type { Db } from '../../db/connect.ts';
import type { IntegrationsConfig } from '../../deps.ts';
import { notFound, validation } from '../../errors.ts';
import { refusalOf } from '../../providers/outbound-http.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { queueDelivery, webhookBody } from './integration-events.ts';
import { newWebhookSecret, sealSecret } from './integration-secrets.ts';

/**
 * Settings → Integrations: an enterprise admin's webhook endpoints, their delivery log
 * and test event, and the xAPI LRS. The adapter has checked the role (named admin, as every Settings call); every
 * query here filters on the caller's enterprise.
 */

const PAGE_SIZE = 20;

const configOf = (ctx: ServiceContext): IntegrationsConfig => {
  const config = ctx.config.integrations;
  if (!config) throw new Error('Integrations are not configured on this server');
  return config;
};

/** The SSRF rule at registration (422 naming the field); it is checked again at every try. */
const assertAllowedAddress = async (ctx: ServiceContext, field: string, url: string) => {
  const refusal = await refusalOf(url, configOf(ctx));
  if (refusal) throw validation(field, refusal);
};

const eventsOf = (stored: string) =>
  (JSON.parse(stored) as string[]).filter((event): event is WebhookEventType =>
    (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event),
  );

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  created_at: string;
};

const toEndpoints = async (db: Db, rows: EndpointRow[]): Promise<WebhookEndpoint[]> => {
  const latest = new Map<string, WebhookEndpoint['lastDelivery']>();
  for (const row of rows) {
    const delivery = await db
      .selectFrom('webhook_deliveries')
      .select(['status', 'last_status_code', 'event_type', 'updated_at', 'attempts'])
      .where('endpoint_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    latest.set(
      row.id,
      delivery
        ? {
            status: delivery.status as DeliveryStatus,
            statusCode: delivery.last_status_code,
            eventType: delivery.event_type,
            at: delivery.updated_at,
            attempts: Number(delivery.attempts),
          }
        : null,
    );
  }
  return rows.map((row) => ({
    _id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    lastDelivery: latest.get(row.id) ?? null,
  }));
};

const endpointColumns = ['id', 'url', 'description', 'events', 'enabled', 'created_at'] as const;

const loadEndpoint = async (db: Db, enterpriseId: string, endpointId: string) => {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('id', '=', endpointId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
};

export const listWebhooks = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return toEndpoints(ctx.db, rows);
};

export const addWebhook = async (
  ctx: ServiceContext,
  { url, description, events }: ParsedRequestOf<typeof integrations.addWebhook>,
) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  await assertAllowedAddress(ctx, 'url', url);
  const secret = newWebhookSecret();
  const at = nowIso();
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      enterprise_id: enterpriseId,
      url,
      description: description ?? '',
      events: JSON.stringify(events),
      secret: sealSecret(configOf(ctx).secret, secret),
      enabled: 1,
      created_by: user.id,
      created_at: at,
      updated_at: at,
    })
    .execute();
  ctx.setMessage('Webhook endpoint added: copy its signing secret now, it is not shown again');
  const [endpoint] = await toEndpoints(ctx.db, [await loadEndpoint(ctx.db, enterpriseId, id)]);
  if (!endpoint) throw notFound('Webhook endpoint not found');
  return { endpoint, secret };
};

export const updateWebhook = async (
  ctx: ServiceContext,
  { endpointId, enabled, events, description }: ParsedRequestOf<typeof integrations.updateWebhook>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadEndpoint(ctx.db, enterpriseId, endpointId);
  await ctx.db
    .updateTable('webhook_endpoints')
    .set({
      updated_at: nowIso(),
      ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }),
      ...(events === undefined ? {} : { events: JSON.stringify(events) }),
      ...(description === undefined ? {} : { description }),
    })
    .where('id', '=', endpointId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Webhook endpoint saved');
  const [endpoint] = await toEndpoints(ctx.db, [await loadEndpoint(ctx.db, enterpriseId, endpointId)]);
  if (!endpoint) throw notFound('Webhook endpoint not found');
  return endpoint;
};

export const deleteWebhook = async (
  ctx: ServiceContext,
  { endpointId }: ParsedRequestOf<typeof integrations.deleteWebhook>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadEndpoint(ctx.db, enterpriseId, endpointId);
  await ctx.db.transaction().execute(async (trx) => {
    // Attempts and deliveries go with it (foreign keys cascade); their queued jobs find nothing and end.
    await trx
      .deleteFrom('webhook_attempts')
      .where('enterprise_id', '=', enterpriseId)
      .where('delivery_id', 'in', (eb) =>
        eb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId),
      )
      .execute();
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    await trx
      .deleteFrom('webhook_endpoints')
      .where('id', '=', endpointId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  });
  ctx.setMessage('Webhook endpoint deleted');
  return { _id: endpointId };
};

const deliveryColumns = [
  'id',
  'event_type',
  'status',
  'attempts',
  'last_status_code',
  'last_error',
  'next_attempt_at',
  'created_at',
  'delivered_at',
] as const;

type DeliveryRow = {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
};

const toDeliveries = async (db: Db, rows: DeliveryRow[]): Promise<WebhookDelivery[]> => {
  const attempts = rows.length
    ? await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('attempt')
        .orderBy('started_at')
        .execute()
    : [];
  return rows.map((row) => ({
    _id: row.id,
    eventType: row.event_type,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' && row.attempts > 0 ? row.next_attempt_at : null,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    attemptLog: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempt: Number(attempt.attempt),
        startedAt: attempt.started_at,
        durationMs: attempt.duration_ms === null ? null : Number(attempt.duration_ms),
        statusCode: attempt.status_code,
        error: attempt.error,
      })),
  }));
};

export const webhookDeliveries = async (
  ctx: ServiceContext,
  { endpointId, currentPage }: ParsedRequestOf<typeof integrations.webhookDeliveries>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadEndpoint(ctx.db, enterpriseId, endpointId);
  const scoped = ctx.db
    .selectFrom('webhook_deliveries')
    .where('endpoint_id', '=', endpointId)
    .where('enterprise_id', '=', enterpriseId);
  const { count } = await scoped
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await scoped
    .select(deliveryColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((currentPage - 1) * PAGE_SIZE)
    .execute();
  const total = Number(count);
  return {
    currentPage,
    totalPages: Math.ceil(total / PAGE_SIZE),
    totalCount: total,
    listdata: await toDeliveries(ctx.db, rows),
  };
};

/** "Send test event": a `webhook.test` delivery through the queue, like any event, so the log shows it. */
export const sendTestWebhook = async (
  ctx: ServiceContext,
  { endpointId }: ParsedRequestOf<typeof integrations.sendTestWebhook>,
) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  const endpoint = await loadEndpoint(ctx.db, enterpriseId, endpointId);
  const at = nowIso();
  const id = await queueDelivery(ctx.db, {
    enterpriseId,
    endpointId: endpoint.id,
    type: WEBHOOK_TEST_EVENT,
    body: webhookBody({
      type: WEBHOOK_TEST_EVENT,
      timestamp: at,
      data: { enterpriseId, endpointId: endpoint.id, sentBy: user.id },
    }),
    at,
  });
  ctx.jobs.poke();
  ctx.setMessage('Test event queued');
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('id', '=', id)
    .execute();
  const [delivery] = await toDeliveries(ctx.db, rows);
  if (!delivery) throw notFound('Delivery not found');
  return delivery;
};

const xapiSettings = async (db: Db, enterpriseId: string): Promise<XapiSettings> => {
  const row = await db
    .selectFrom('xapi_settings')
    .select(['endpoint', 'username', 'enabled', 'updated_at'])
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  const recent = await db
    .selectFrom('xapi_statements')
    .select([
      'id',
      'event_type',
      'status',
      'attempts',
      'last_status_code',
      'last_error',
      'created_at',
      'delivered_at',
    ])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return {
    endpoint: row?.endpoint ?? '',
    username: row?.username ?? '',
    hasKey: Boolean(row),
    enabled: row?.enabled === 1,
    updatedAt: row?.updated_at ?? null,
    recent: recent.map((statement) => ({
      _id: statement.id,
      eventType: statement.event_type,
      status: statement.status as DeliveryStatus,
      attempts: Number(statement.attempts),
      lastStatusCode: statement.last_status_code,
      lastError: statement.last_error,
      createdAt: statement.created_at,
      deliveredAt: statement.delivered_at,
    })),
  };
};

export const getXapi = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  return xapiSettings(ctx.db, enterpriseId);
};

export const saveXapi = async (
  ctx: ServiceContext,
  { endpoint, username, key, enabled }: ParsedRequestOf<typeof integrations.saveXapi>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await assertAllowedAddress(ctx, 'endpoint', endpoint);
  const existing = await ctx.db
    .selectFrom('xapi_settings')
    .select('key')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!existing && key === undefined) throw validation('key', 'Please enter the key');
  const sealed = key === undefined ? existing?.key : sealSecret(configOf(ctx).secret, key);
  if (!sealed) throw validation('key', 'Please enter the key');
  const values = { endpoint, username, key: sealed, enabled: enabled ? 1 : 0, updated_at: nowIso() };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('xapi_settings').where('enterprise_id', '=', enterpriseId).execute();
    await trx
      .insertInto('xapi_settings')
      .values({ enterprise_id: enterpriseId, ...values })
      .execute();
  });
  ctx.setMessage(
    enabled ? 'xAPI settings saved: statements are sent to your LRS' : 'xAPI settings saved: sending is off',
  );
  return xapiSettings(ctx.db, enterpriseId);
};
