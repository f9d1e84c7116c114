import { featureLabel } from '@coach/shared/constants/features';
import { languageOfAcceptHeader } from '@coach/shared/constants/languages';
import type { ClientPlatform } from '@coach/shared/contract/admin-reports';
import type { CallDef, ParsedRequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { parseRequest } from '@coach/shared/contract/request-errors';
import { type AccessSubject, canCall } from '@coach/shared/permissions';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Deps } from './deps.ts';
import { AppError, featureDisabled, forbidden, fromDatabaseError, unauthenticated } from './errors.ts';
import { jsonAnswer } from './middleware/api-answers.ts';
import { checkResponse } from './response-check.ts';
import { audit } from './services/common/audit.ts';
import type { ServiceContext } from './services/context.ts';
import {
  apiKeySession,
  assertKeyMayCall,
  assertKeyNotThrottled,
  auditKeyUse,
  bearerOf,
  DEFAULT_API_KEY_RATE_LIMIT,
  findApiKey,
  touchKey,
} from './session/api-keys.ts';
import { loadSession } from './session/load-session.ts';
import { enterpriseFlags, type Session } from './session/session.ts';

/** The status a failure answers with, as app.onError decides it (a mapped database error is a 409 or 422). */
const statusOfError = (error: unknown) =>
  error instanceof AppError ? error.status : (fromDatabaseError(error)?.status ?? 500);

/** What a handler gets: the services' context, built here from the request (services/context.ts). */
export type CallContext = ServiceContext;

export type Handler<C extends CallDef> = (args: {
  ctx: CallContext;
  input: ParsedRequestOf<C>;
}) => Promise<ResponseOf<C>>;

type AnyHandler = (args: { ctx: CallContext; input: unknown }) => Promise<unknown>;
export type Registration = { entry: CallDef; handler: AnyHandler };

/** Pairs a contract entry with its handler (types flow from the entry). */
export const serve = <C extends CallDef>(entry: C, handler: Handler<C>): Registration => ({
  entry,
  handler: handler as unknown as AnyHandler,
});

export const envelopeError = (c: Context, err: AppError) => {
  if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
  return c.json(
    { success: 0, message: err.message, code: err.code, ...(err.field ? { field: err.field } : {}) },
    err.status,
  );
};

/**
 * The caller's address: behind a trusted proxy (TRUST_PROXY), the last address of X-Forwarded-For, the one that proxy
 * saw (a proxy that appends, as nginx's $proxy_add_x_forwarded_for and cloud load balancers do, keeps whatever the
 * client sent in front, so the first address is the client's to choose, and a fresh one each request would escape
 * every per-address limit); else the socket's.
 */
export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    // An IPv4 client on a dual-stack socket reads as ::ffff:a.b.c.d; people know it as a.b.c.d.
    return (getConnInfo(c).remote.address ?? 'unknown').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  } catch {
    return 'unknown';
  }
};

const readInput = async (c: Context, entry: CallDef): Promise<unknown> => {
  if (entry.method === 'GET' || entry.method === 'DELETE') {
    const out: Record<string, string | string[]> = {};
    for (const [key, values] of Object.entries(c.req.queries()))
      out[key] = values.length === 1 ? (values[0] ?? '') : values;
    return out;
  }
  if (entry.multipart) {
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      throw new AppError(400, ERROR_CODES.validation, 'The form data could not be read');
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError(400, ERROR_CODES.validation, 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(400, ERROR_CODES.validation, 'The request body must be a JSON object');
  }
  return body;
};

const validationError = (error: z.ZodError) => {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  let message = issue?.message ?? 'Invalid input';
  if (issue?.code === 'unrecognized_keys') message = `Unknown field(s): ${issue.keys.join(', ')}`;
  return new AppError(
    422,
    ERROR_CODES.validation,
    field ? `${field}: ${message}` : message,
    field || undefined,
  );
};

/** What the access rule reads of a session (shared/permissions.ts `canCall`). */
const accessSubject = (session: Session | null): AccessSubject => {
  if (!session) return { audience: null };
  const secondFactorDone = !!session.claims.mfa;
  if (session.audience === 'admin') return { audience: 'admin', secondFactorDone };
  const { user } = session;
  return {
    audience: 'enterprise',
    secondFactorDone,
    emailVerified: !!user.email_verified_at,
    actingAs: !!session.claims.act,
    roleName: user.role_name,
    isDefaultAdmin: user.is_default_admin === 1,
    permissions: session.permissions,
    features: enterpriseFlags(user),
  };
};

/**
 * Order of checks: auth kind → second factor → verified email → admin role → default admin → permission →
 * feature (the one rule, `canCall`, which the dashboard shows its screens by) → input → handler.
 */
const checkAccess = (entry: CallDef, session: Session | null) => {
  // No session is an open call's (loadSession has answered 401 to a private call without a live one).
  if (!session) return;
  const verdict = canCall(entry, accessSubject(session));
  if (verdict.allowed) return;
  switch (verdict.reason) {
    case 'unauthenticated':
      throw unauthenticated();
    case 'second-factor':
      throw new AppError(403, ERROR_CODES.mfaRequired, 'Please complete the second verification step');
    case 'email-not-verified':
      throw new AppError(403, ERROR_CODES.emailNotVerified, 'Please verify your email address first');
    case 'admin-role':
    case 'permission':
      throw forbidden();
    case 'default-admin':
      throw forbidden(verdict.message);
    case 'feature':
      throw featureDisabled(featureLabel(verdict.feature));
  }
};

/**
 * Every write tried through a log-in-as token is recorded with the platform admin's identity,
 * refused ones too, with the status they got. Written on `deps.db` after the handler, never in its transaction:
 * a refused or failed write rolls its own work back but must still leave this row.
 */
const auditLoginAs = (deps: Deps, adminId: string, enterpriseId: string, path: string, status: number) =>
  audit(deps.db, {
    actorKind: 'admin',
    actorId: adminId,
    enterpriseId,
    action: 'login-as.write',
    details: { call: path, status },
  });

const clientPlatformOf = (header: string | undefined): ClientPlatform => {
  const value = header?.trim().toLowerCase();
  return value === 'ios' || value === 'android' ? value : 'web';
};

/**
 * The handler's part of a call, once the caller is known and allowed: reads and checks the input, runs the handler
 * and wraps its answer in the envelope.
 */
const runCall = async (
  c: Context,
  deps: Deps,
  entry: CallDef,
  handler: AnyHandler,
  session: Session | null,
): Promise<Response> => {
  const raw = await readInput(c, entry);
  // A missing or wrong-typed field in plain words ("email: This field is required"), the schema's own first.
  const parsed = parseRequest(entry, raw);
  if (!parsed.success) throw validationError(parsed.error);
  let message = 'OK';
  const ctx: CallContext = {
    ...deps,
    ip: clientIp(c, deps.config.trustProxy),
    clientPlatform: clientPlatformOf(c.req.header('x-client-platform')),
    userAgent: c.req.header('user-agent') ?? '',
    requestLanguage: languageOfAcceptHeader(c.req.header('accept-language')),
    session,
    setMessage: (m) => {
      message = m;
    },
  };
  const response = await handler({ ctx, input: parsed.data });
  if (deps.config.validateResponses) checkResponse(entry, response ?? {});
  return jsonAnswer({ success: 1, message, response: response ?? {} });
};

/**
 * An enterprise call made with an API key: the key is found and checked, limited per key, and
 * the call runs as the key's creator within the key's permissions; every use, refused or not, is one audit row.
 */
const callWithKey = async (
  c: Context,
  deps: Deps,
  entry: CallDef,
  handler: AnyHandler | undefined,
  bearer: string,
): Promise<Response> => {
  const key = await findApiKey(deps.db, bearer);
  let status = 200;
  try {
    // A revoked key, or one whose creator is gone, answers 401 whatever its rate.
    const session = apiKeySession(key);
    await assertKeyNotThrottled(deps.db, key.k_id, deps.config.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT);
    await touchKey(deps.db, key);
    assertKeyMayCall(entry, session);
    checkAccess(entry, session);
    if (!handler) throw new AppError(501, ERROR_CODES.notImplemented, 'This call is not implemented yet');
    return await runCall(c, deps, entry, handler, session);
  } catch (error) {
    status = statusOfError(error);
    throw error;
  } finally {
    await auditKeyUse(deps.db, key, entry.path, status);
  }
};

/** Registers one route per contract entry; entries without a handler answer 501 after the auth check. */
export const mountCall = (app: Hono, deps: Deps, entry: CallDef, handler: AnyHandler | undefined) => {
  app.on(entry.method, entry.path, async (c) => {
    // An enterprise call with `Authorization: Bearer` and no session token is an API key's.
    const bearer =
      entry.auth === 'enterprise' && !c.req.header(TOKEN_HEADER.enterprise)
        ? bearerOf(c.req.header('authorization'))
        : undefined;
    if (bearer !== undefined) return callWithKey(c, deps, entry, handler, bearer);
    const session =
      entry.auth === 'none'
        ? null
        : await loadSession(deps, { token: c.req.header(TOKEN_HEADER[entry.auth]), audience: entry.auth });
    checkAccess(entry, session);
    if (!handler) {
      throw new AppError(501, ERROR_CODES.notImplemented, 'This call is not implemented yet');
    }
    const actor =
      session?.audience === 'enterprise' && entry.method !== 'GET' ? session.claims.act : undefined;
    if (!actor || session?.audience !== 'enterprise') return runCall(c, deps, entry, handler, session);
    try {
      const answer = await runCall(c, deps, entry, handler, session);
      await auditLoginAs(deps, actor, session.enterpriseId, entry.path, 200);
      return answer;
    } catch (error) {
      await auditLoginAs(deps, actor, session.enterpriseId, entry.path, statusOfError(error));
      throw error;
    }
  });
};
