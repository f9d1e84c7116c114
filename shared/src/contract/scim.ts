import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, text } from './envelope.ts';

/**
 * SCIM 2.0 provisioning tokens. The default admin's Settings make a bearer token for the enterprise's directory
 * (Entra ID, Okta, Google...), which then sends it to `/scim/v2/Users` and `/scim/v2/Groups` (RFC 7644, not envelope
 * calls: see docs/integrations.md). The secret is shown once and kept only as a SHA-256 hash; a token reaches only its
 * own enterprise's members and groups, and never any other call.
 */
const S = `${API_BASE.enterprise}/scim`;

/** The start of every token: `coach_scim_<12 hex: the token's public id>_<64 hex: the secret>`. */
export const SCIM_TOKEN_PREFIX = 'coach_scim_';
export const SCIM_TOKEN_PATTERN = /^coach_scim_([0-9a-f]{12})_([0-9a-f]{64})$/;
/** Live tokens an enterprise may have at once (two let a directory move to a new one without a gap). */
export const MAX_ACTIVE_SCIM_TOKENS = 5;
/** SCIM requests listed in Settings (the newest of any token). */
export const SCIM_RECENT_REQUESTS = 25;
/** The SCIM base path the directory is given, after the server's public origin. */
export const SCIM_BASE_PATH = '/scim/v2';

export const scimTokenSchema = z.object({
  _id: id(),
  name: z.string(),
  /** The public start (`coach_scim_<id>`), to tell tokens apart; the secret is never shown again. */
  prefix: z.string(),
  createdBy: z.object({ _id: id(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** ISO time of the last use (kept to the minute), or null if never used. */
  lastUsedAt: z.string().nullable(),
  /** ISO time of revocation, or null while the token works. */
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.output<typeof scimTokenSchema>;

/** One request the directory made, from the audit log. */
export const scimRequestSchema = z.object({
  tokenId: id(),
  tokenName: z.string(),
  /** The method and path, e.g. `PATCH /scim/v2/Users/…`. */
  call: z.string(),
  status: z.number().int(),
  at: z.string(),
  /** Why a refused request was refused (the SCIM error's detail, in English as the directory read it). */
  detail: z.string().nullable().optional(),
});
export type ScimRequest = z.output<typeof scimRequestSchema>;

const tokenName = () =>
  text({ error: 'Please enter a name for the token' })
    .trim()
    .min(1, 'Please enter a name for the token')
    .max(60, 'At most 60 characters');

export const scimProvisioning = {
  /** The SCIM base URL to paste into the directory, every token (revoked ones too, newest first) and the latest requests. */
  list: defineCall({
    method: 'GET',
    path: `${S}/list-scim-tokens`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({}),
    response: z.object({
      baseUrl: z.string(),
      tokens: z.array(scimTokenSchema),
      recentRequests: z.array(scimRequestSchema),
    }),
  }),
  /** Makes a token; the answer holds its secret, the only time it is shown. */
  create: defineCall({
    method: 'POST',
    path: `${S}/create-scim-token`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ name: tokenName() }),
    response: z.object({
      token: scimTokenSchema,
      /** The whole token, for the directory's "Secret token" field: shown once, stored only as a hash. */
      secret: z.string().regex(SCIM_TOKEN_PATTERN),
    }),
  }),
  /** Revokes a token: the directory's very next request with it answers 401. Revoking again changes nothing. */
  revoke: defineCall({
    method: 'POST',
    path: `${S}/revoke-scim-token`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ tokenId: id() }),
    response: scimTokenSchema,
  }),
};
