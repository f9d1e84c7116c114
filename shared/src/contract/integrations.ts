import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, paged, queryInt, text } from './envelope.ts';

/**
 * Integrations: outgoing webhooks signed the Standard Webhooks way and xAPI 1.0.3
 * statements sent to a Learning Record Store. Both are Settings of the enterprise (role named admin).
 */

/** The events an endpoint may subscribe to; each is also sent as an xAPI statement when the LRS is on. */
export const WEBHOOK_EVENT_TYPES = [
  'task.completed',
  'task.reviewed',
  'recording.analysed',
  'video.viewed',
  'survey.submitted',
  'member.joined',
  'member.deactivated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send test event" sends, to whichever events the endpoint subscribes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How many times a delivery or a statement is tried before it is failed for good (about 4 hours in all). */
export const INTEGRATION_MAX_ATTEMPTS = 8;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const urlField = () =>
  text()
    .trim()
    .min(1, 'Please enter the address')
    .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'Must be an http(s) address',
    });

const eventsField = () =>
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event' }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, { message: 'Each event once' });

export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'failed', 'cancelled']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** One try of a delivery: the answer's status code, or the error when none came (refused, timeout). */
export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  /** Null while the try is under way, or when the process sending it stopped (a restart): it is tried again. */
  durationMs: z.number().int().nullable(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every try, so a receiver can ignore a repeat. */
  _id: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When the next try is due (pending deliveries that have failed a try), else null. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attemptLog: z.array(deliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  lastDelivery: z
    .object({
      status: deliveryStatusSchema,
      statusCode: z.number().int().nullable(),
      eventType: z.string(),
      at: z.string(),
      /** The tries made so far: a pending delivery with tries behind it is being retried (its receiver failing). */
      attempts: z.number().int().optional(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const xapiStatementLogSchema = z.object({
  /** The statement's id (a UUID kept across retries). */
  _id: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type XapiStatementLog = z.infer<typeof xapiStatementLogSchema>;

export const xapiSettingsSchema = z.object({
  /** The LRS's xAPI base (statements go to `<endpoint>/statements`), or '' before it is set. */
  endpoint: z.string(),
  username: z.string(),
  /** Whether a key is stored (it is never sent back). */
  hasKey: z.boolean(),
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The latest statements, newest first. */
  recent: z.array(xapiStatementLogSchema),
});
export type XapiSettings = z.infer<typeof xapiSettingsSchema>;

const endpointIdRequest = () => z.strictObject({ endpointId: id() });

export const integrations = {
  listWebhooks: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/integrations/webhooks`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({}),
    response: z.array(webhookEndpointSchema),
  }),
  /** Registers an endpoint; the answer carries its signing secret, which is never shown again. */
  addWebhook: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/integrations/add-webhook`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({
      url: urlField(),
      description: text()
        .trim()
        .max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters`)
        .optional(),
      events: eventsField(),
    }),
    response: z.object({
      endpoint: webhookEndpointSchema,
      /** `whsec_<base64>`: shown once, here. */
      secret: z.string(),
    }),
  }),
  /** Switches an endpoint on or off, or changes its events or description. */
  updateWebhook: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/integrations/update-webhook`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({
      endpointId: id(),
      enabled: z.boolean().optional(),
      events: eventsField().optional(),
      description: text()
        .trim()
        .max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters`)
        .optional(),
    }),
    response: webhookEndpointSchema,
  }),
  /** Deletes an endpoint and its log; deliveries still queued for it are dropped. */
  deleteWebhook: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/integrations/delete-webhook`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: endpointIdRequest(),
    response: z.object({ _id: z.string() }),
  }),
  /** Queues a `webhook.test` delivery to the endpoint (enabled or not) and answers it. */
  sendTestWebhook: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/integrations/send-test-webhook`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: endpointIdRequest(),
    response: webhookDeliverySchema,
  }),
  /** An endpoint's deliveries, newest first, 20 a page, each with its tries. */
  webhookDeliveries: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/integrations/webhook-deliveries`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ endpointId: id(), currentPage: queryInt({ min: 1, max: 10_000 }).default(1) }),
    response: paged(webhookDeliverySchema),
  }),
  getXapi: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/integrations/xapi`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({}),
    response: xapiSettingsSchema,
  }),
  /** Saves the LRS; `key` left out keeps the stored one. */
  saveXapi: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/integrations/save-xapi`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({
      endpoint: urlField(),
      username: text().trim().min(1, 'Please enter the username').max(200, 'At most 200 characters'),
      key: text().min(1, 'Please enter the key').max(200, 'At most 200 characters').optional(),
      enabled: z.boolean(),
    }),
    response: xapiSettingsSchema,
  }),
};
