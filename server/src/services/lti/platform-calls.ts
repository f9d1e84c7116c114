import { SignJWT } from 'jose';
import { outboundFetch } from '../../providers/outbound-http.ts';
import type { PlatformRow } from './platforms.ts';
import { signingKey, type ToolKeyDeps } from './tool-keys.ts';

/**
 * Calls from the tool to a platform's LTI Advantage services (grades, rosters), as the 1EdTech Security Framework
 * (§4.1) has them: an OAuth 2 client-credentials grant at the platform's token URL, the tool proving itself with a
 * JWT signed by its own key (`client_assertion`), then the service call with the bearer token. Tokens are kept
 * until a minute before they expire. Every request goes through the outbound policy the keysets use (public
 * addresses only unless SSO_ALLOW_PRIVATE), answers at most 1 MB, 10 s.
 */

export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

/** A platform's answer that is not what the service promised: the status and the start of the body, for the log. */
export class PlatformCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type PlatformCallDeps = ToolKeyDeps;

const fetcherOf = (deps: PlatformCallDeps) =>
  outboundFetch({ allowPrivateAddresses: deps.config.ssoAllowPrivate ?? false });

const tokens = new Map<string, { token: string; until: number }>();

/** The signed statement the tool sends instead of a client secret: who it is, for this token URL, once. */
const clientAssertion = async (deps: PlatformCallDeps, platform: PlatformRow) => {
  const { kid, key } = await signingKey(deps);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.token_url)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(crypto.randomUUID())
    .sign(key);
};

/** An access token for these scopes at the platform (kept while it lasts). */
export const platformToken = async (deps: PlatformCallDeps, platform: PlatformRow, scopes: string[]) => {
  const scope = [...scopes].sort().join(' ');
  const cacheKey = `${platform.id}|${platform.token_url}|${scope}`;
  const kept = tokens.get(cacheKey);
  if (kept && kept.until > Date.now()) return kept.token;
  const res = await fetcherOf(deps)(platform.token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await clientAssertion(deps, platform),
      scope,
    }),
  });
  const text = await res.text();
  if (!res.ok)
    throw new PlatformCallError(
      res.status,
      `The platform refused a token (${res.status}): ${text.slice(0, 300)}`,
    );
  let answer: { access_token?: unknown; expires_in?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new PlatformCallError(
      res.status,
      'The platform answered the token request with something not JSON',
    );
  }
  if (typeof answer.access_token !== 'string' || !answer.access_token)
    throw new PlatformCallError(
      res.status,
      'The platform answered the token request without an access_token',
    );
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
  tokens.set(cacheKey, { token: answer.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return answer.access_token;
};

/** One service call with the platform's token; answers the response (the caller reads its status). */
export const platformCall = async (
  deps: PlatformCallDeps,
  platform: PlatformRow,
  scopes: string[],
  url: string,
  {
    method = 'GET',
    accept,
    contentType,
    body,
  }: { method?: 'GET' | 'POST'; accept: string; contentType?: string; body?: unknown },
) => {
  const token = await platformToken(deps, platform, scopes);
  const res = await fetcherOf(deps)(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // A token the platform no longer honours (revoked, keys changed): the next try asks for a new one.
  if (res.status === 401)
    for (const key of tokens.keys()) if (key.startsWith(`${platform.id}|`)) tokens.delete(key);
  return res;
};

/** The URL of a sub-resource of a service URL that may carry a query (`…/lineitem/7?type=x` → `…/lineitem/7/scores?type=x`). */
export const beneath = (serviceUrl: string, segment: string) => {
  const url = new URL(serviceUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${segment}`;
  return url.toString();
};
