import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions.ts';
import { API_BASE, type CallDef, defineCall, isReadCall } from './define-call.ts';
import { id, text } from './envelope.ts';

/**
 * API keys for integrators. An enterprise admin (the role named admin, like Settings) creates
 * named keys holding some of their own permission keys, read-only or read-write. The secret is shown once and kept
 * only as a SHA-256 hash. A key is sent as `Authorization: Bearer <key>` to enterprise calls and reaches only those
 * whose permission it holds (reads only, for a read-only key); it never reaches these management calls.
 */
const K = `${API_BASE.enterprise}/api-keys`;

/** What a key may do within its permission keys: only the calls that read, or every call. */
export const API_KEY_ACCESS = ['read', 'read-write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** The start of every key: `coach_live_<12 hex: the key's public id>_<64 hex: the secret>`. */
export const API_KEY_PREFIX = 'coach_live_';
/** A whole key as sent in `Authorization: Bearer`; anything else is refused with 401 before a lookup. */
export const API_KEY_PATTERN = /^coach_live_([0-9a-f]{12})_([0-9a-f]{64})$/;

/** Keys an enterprise may have at once (revoked ones do not count). */
export const MAX_ACTIVE_API_KEYS = 50;
/** Uses listed on the management screen (the newest across the enterprise's keys). */
export const API_KEY_RECENT_USES = 25;

/**
 * The calls a key may reach at all: enterprise calls guarded by a permission key. Not the login-only calls
 * (permission null: profile, sessions, my tasks), not the role-named-admin ones (Settings, these key calls), not
 * the sign-in and second-factor steps. Which of them a given key reaches depends on its keys and its access.
 */
export const isApiKeyCall = (entry: CallDef): boolean =>
  entry.auth === 'enterprise' &&
  entry.permission !== null &&
  !entry.adminRoleOnly &&
  !entry.beforeSecondFactor &&
  !entry.beforeEmailVerified;

/** Whether a key with these permission keys and this access may make the call (the server's rule). */
export const apiKeyMayCall = (
  entry: CallDef,
  key: { permissions: readonly string[]; access: ApiKeyAccess },
): boolean =>
  isApiKeyCall(entry) &&
  entry.permission !== null &&
  key.permissions.includes(entry.permission) &&
  (key.access === 'read-write' || isReadCall(entry));

export const apiKeySchema = z.object({
  _id: id(),
  name: z.string(),
  /** The key's public start (`coach_live_<id>`), shown to tell keys apart; the secret is never shown again. */
  prefix: z.string(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  access: z.enum(API_KEY_ACCESS),
  /** Who created it: the key acts as them, within its own permissions. Null once that member is deleted. */
  createdBy: z.object({ _id: id(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** ISO time of the last use (kept to the minute), or null if never used. */
  lastUsedAt: z.string().nullable(),
  /** ISO time of revocation, or null while the key works. */
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** One call made with a key, from the audit log. */
export const apiKeyUseSchema = z.object({
  keyId: id(),
  keyName: z.string(),
  /** The call's path (its method is the contract entry's). */
  call: z.string(),
  /** The HTTP status it was answered with. */
  status: z.number().int(),
  at: z.string(),
});
export type ApiKeyUse = z.output<typeof apiKeyUseSchema>;

const keyName = () =>
  text({ error: 'Please enter a name for the key' })
    .trim()
    .min(1, 'Please enter a name for the key')
    .max(60, 'At most 60 characters');

export const apiKeys = {
  /** Every key of the enterprise (revoked ones too, newest first) and the latest uses. */
  list: defineCall({
    method: 'GET',
    path: `${K}/list-api-keys`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({}),
    response: z.object({ keys: z.array(apiKeySchema), recentUses: z.array(apiKeyUseSchema) }),
  }),
  /** Creates a key; the answer holds its secret, the only time it is shown. */
  create: defineCall({
    method: 'POST',
    path: `${K}/create-api-key`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({
      name: keyName(),
      permissions: z
        .array(z.enum(PERMISSION_KEYS, { error: 'Unknown permission key' }), {
          error: 'Choose the permissions',
        })
        .min(1, 'Choose at least one permission')
        .max(PERMISSION_KEYS.length)
        .transform((keys) => PERMISSION_KEYS.filter((key) => keys.includes(key))),
      access: z.enum(API_KEY_ACCESS, { error: 'access is read or read-write' }),
    }),
    response: z.object({
      key: apiKeySchema,
      /** The whole key, to send as `Authorization: Bearer <secret>`: shown once, stored only as a hash. */
      secret: z.string().regex(API_KEY_PATTERN),
    }),
  }),
  /** Revokes a key: the very next request made with it answers 401. Revoking again changes nothing. */
  revoke: defineCall({
    method: 'POST',
    path: `${K}/revoke-api-key`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ keyId: id() }),
    response: apiKeySchema,
  }),
};
