import { z } from 'zod';
import { accessTokenResponse, emailField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, text } from './envelope.ts';

/**
 * Single sign-on per enterprise with OpenID Connect.
 *
 * The default admin enters the identity provider (issuer, client id and secret) and the email domains the company
 * owns in Settings, and proves each domain with a DNS TXT record (`verify-domain`). From /login an address of those domains is sent to the provider: `sso/discover` says whether it
 * is one, `sso/start` answers the provider's address (authorization code flow with PKCE, state and nonce) and a
 * key the tab keeps, and `sso/complete` takes the provider's answer back from /sso/callback with that key and gives
 * a full session. The first sign-in of an address with no member creates one with the chosen role (just in time);
 * deactivated members stay out. With "require single sign-on" the company's members cannot sign in with a password,
 * except the default admin, who keeps the password as the way back in when the provider is down or misconfigured.
 */

const E = API_BASE.enterprise;
const G = `${E}/general`;

/** The page of the dashboard the provider sends members back to; registered with the provider as the redirect URI. */
export const SSO_CALLBACK_PATH = '/sso/callback';
export const SSO_MAX_DOMAINS = 20;

/** An email domain: lower-case labels of letters, digits and hyphens, at least two of them. */
export const ssoDomainField = text()
  .trim()
  .toLowerCase()
  .max(253, 'A domain is at most 253 characters')
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain like example.com, without @ or https://',
  );

/** The key `sso/start` gives the tab that started a sign-in; `sso/complete` wants it back (43 base64url chars). */
const browserKeyField = text().regex(/^[A-Za-z0-9_-]{43}$/, 'The sign-in key is not valid');

/** Where a domain's proof of ownership lives: a TXT record at `_coach-verification.<domain>`. */
export const SSO_TXT_PREFIX = '_coach-verification';

export const ssoConnectionSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /**
   * The email domains named, each with when its TXT record was found (null: not yet proved). Only proved domains
   * send addresses to the provider.
   */
  domains: z.array(z.object({ domain: z.string(), verifiedAt: z.string().nullable() })),
  /** The TXT record each domain must hold: at `_coach-verification.<domain>`, this value. */
  txtValue: z.string(),
  requireSso: z.boolean(),
  defaultRoleId: z.string(),
  updatedAt: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const ssoSettingsResponse = z.object({
  connection: ssoConnectionSchema.nullable(),
  /** The address to register with the provider as the redirect URI. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsResponse>;

export const saveSsoSettingsRequest = z.strictObject({
  issuer: text()
    .trim()
    .min(1, "Enter your identity provider's issuer URL")
    .max(500, 'At most 500 characters')
    .url('Enter the issuer as a URL, like https://login.example.com'),
  clientId: text().trim().min(1, 'Enter the client id').max(255, 'At most 255 characters'),
  /** Required the first time; left out (or empty) later to keep the saved one. */
  clientSecret: text().max(500, 'At most 500 characters').optional(),
  domains: z
    .array(ssoDomainField)
    .min(1, 'Enter at least one email domain')
    .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains`)
    .refine((list) => new Set(list).size === list.length, 'Each domain once'),
  requireSso: z.boolean(),
  defaultRoleId: id(),
});

export const enterpriseSso = {
  /** Whether an address's domain signs in with single sign-on (asked by /login as the email is typed). */
  discover: defineCall({
    method: 'POST',
    path: `${E}/sso/discover`,
    auth: 'none',
    permission: null,
    reads: true,
    request: z.strictObject({ email: emailField }),
    response: z.object({ singleSignOn: z.boolean(), required: z.boolean() }),
  }),
  start: defineCall({
    method: 'POST',
    path: `${E}/sso/start`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ email: emailField }),
    response: z.object({ authorizationUrl: z.string(), browserKey: z.string() }),
  }),
  /** `query`: the search part of /sso/callback as the provider sent it (`?code=…&state=…`, or `?error=…`). */
  complete: defineCall({
    method: 'POST',
    path: `${E}/sso/complete`,
    auth: 'none',
    permission: null,
    request: z.strictObject({
      query: text().min(1, 'The answer from your identity provider is missing').max(4000),
      browserKey: browserKeyField,
    }),
    response: accessTokenResponse,
  }),
  /** Settings › Single sign-on: the default admin's alone, since it decides who may sign in as whom. */
  settings: defineCall({
    method: 'GET',
    path: `${G}/sso-settings`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: empty(),
    response: ssoSettingsResponse,
  }),
  save: defineCall({
    method: 'POST',
    path: `${G}/sso-settings/save`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: saveSsoSettingsRequest,
    response: ssoSettingsResponse,
  }),
  /** Looks for the domain's TXT record now: found, the domain is proved and its addresses go to the provider. */
  verifyDomain: defineCall({
    method: 'POST',
    path: `${G}/sso-settings/verify-domain`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: z.strictObject({ domain: ssoDomainField }),
    response: ssoSettingsResponse,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${G}/sso-settings/remove`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: empty(),
    response: ssoSettingsResponse,
  }),
};
