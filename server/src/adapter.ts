import {
  DEFAULT_FEATURE_FLAGS,
  type FeatureFlagKey,
  featureLabel,
  isFeatureOn,
} from '@coach/shared/constants/features';
import type { ClientPlatform } from '@coach/shared/contract/admin-reports';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import type { CallDef, ParsedRequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { hasPermission, isAdminRoleName } from '@coach/shared/permissions';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Audience, TokenClaims } from './auth/tokens.ts';
import type { Deps } from './deps.ts';
import { AppError, featureDisabled, forbidden, unauthenticated } from './errors.ts';

export type EnterpriseUserRow = {
  id: string;
  enterprise_id: string;
  role_id: string;
  name: string;
  email: string;
  password_hash: string;
  mobile: string | null;
  avatar_url: string | null;
  is_default_admin: number;
  status: string;
  email_verified_at: string | null;
  role_name: string;
  role_permissions: string;
  ent_name: string;
  ent_logo: string | null;
  ent_address: string | null;
  ent_features: string;
  ent_theme: string;
};
/** The enterprise's flags as stored, over the defaults (a flag added later reads as its default). */
export const enterpriseFlags = (user: EnterpriseUserRow): FeatureFlags => ({
  ...DEFAULT_FEATURE_FLAGS,
  ...(JSON.parse(user.ent_features) as Partial<FeatureFlags>),
});

const statusOfError = (error: unknown) => (error instanceof AppError ? error.status : 500);

export type AdminRow = {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  mobile: string | null;
  avatar_url: string | null;
};

export type Session =
  | {
      audience: 'enterprise';
      claims: TokenClaims;
      user: EnterpriseUserRow;
      enterpriseId: string;
      permissions: string[];
    }
  | { audience: 'admin'; claims: TokenClaims; admin: AdminRow };

export type CallContext = Deps & {
  ip: string;
  /** The client's platform from X-Client-Platform (web, ios, android; anything else is web). */
  clientPlatform: ClientPlatform;
  session: Session | null;
  /** The envelope message of a success (default 'OK'). */
  setMessage: (message: string) => void;
};

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

export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
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

/** Loads the session's user fresh from the DB on each call, so deactivation and role changes apply at once. */
const loadSession = async (deps: Deps, c: Context, audience: Audience): Promise<Session> => {
  const token = c.req.header(TOKEN_HEADER[audience]);
  if (!token) throw unauthenticated('Please log in');
  const claims = await deps.tokens.verify(token, audience);
  if (!claims) throw unauthenticated('Your session has expired. Please log in again.');
  if (audience === 'admin') {
    const admin = await deps.db
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'password_hash', 'role', 'mobile', 'avatar_url'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!admin) throw unauthenticated();
    return { audience, claims, admin };
  }
  if (!claims.ent) throw unauthenticated();
  if (claims.act) {
    // A log-in-as token lives only as long as the platform admin behind it.
    const admin = await deps.db
      .selectFrom('admins')
      .select('id')
      .where('id', '=', claims.act)
      .executeTakeFirst();
    if (!admin) throw unauthenticated();
  }
  const user = await loadEnterpriseUser(deps, claims.sub, claims.ent);
  if (user?.status !== 'active') throw unauthenticated('Your account is not active');
  return {
    audience,
    claims,
    user,
    enterpriseId: user.enterprise_id,
    permissions: JSON.parse(user.role_permissions) as string[],
  };
};

export const loadEnterpriseUser = (deps: Deps, userId: string, enterpriseId: string) =>
  deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select([
      'users.id',
      'users.enterprise_id',
      'users.role_id',
      'users.name',
      'users.email',
      'users.password_hash',
      'users.mobile',
      'users.avatar_url',
      'users.is_default_admin',
      'users.status',
      'users.email_verified_at',
      'roles.name as role_name',
      'roles.permissions as role_permissions',
      'enterprises.name as ent_name',
      'enterprises.logo as ent_logo',
      'enterprises.address as ent_address',
      'enterprises.features as ent_features',
      'enterprises.theme as ent_theme',
    ])
    .where('users.id', '=', userId)
    .where('users.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();

/** Order of checks: auth kind → second factor → verified email → admin role → permission → feature → input → handler. */
const checkAccess = (entry: CallDef, session: Session | null) => {
  if (!session) return;
  if (!session.claims.mfa && !entry.beforeSecondFactor) {
    throw new AppError(403, ERROR_CODES.mfaRequired, 'Please complete the second verification step');
  }
  if (session.audience !== 'enterprise') return;
  // A log-in-as token stands for a verified platform admin, so a default admin still holding an
  // unaccepted invitation does not lock the admin out of a new enterprise.
  if (
    !session.user.email_verified_at &&
    !session.claims.act &&
    !entry.beforeEmailVerified &&
    !entry.beforeSecondFactor
  ) {
    throw new AppError(403, ERROR_CODES.emailNotVerified, 'Please verify your email address first');
  }
  const isDefaultAdmin = session.user.is_default_admin === 1;
  if (entry.adminRoleOnly && !isDefaultAdmin && !isAdminRoleName(session.user.role_name)) throw forbidden();
  if (!hasPermission({ permissions: session.permissions, isDefaultAdmin, key: entry.permission }))
    throw forbidden();
  // Every contract entry's feature is a flag key (a test in @coach/shared checks the table).
  const feature = entry.feature as FeatureFlagKey | undefined;
  if (feature && !isFeatureOn(enterpriseFlags(session.user), feature))
    throw featureDisabled(featureLabel(feature));
};

/**
 * Every write tried through a log-in-as token is recorded with the platform admin's identity (issue 7),
 * refused ones too, with the status they got.
 */
const auditLoginAs = (deps: Deps, adminId: string, enterpriseId: string, path: string, status: number) =>
  deps.db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_kind: 'admin',
      actor_id: adminId,
      enterprise_id: enterpriseId,
      action: 'login-as.write',
      details: JSON.stringify({ call: path, status }),
      created_at: new Date().toISOString(),
    })
    .execute();

const clientPlatformOf = (header: string | undefined): ClientPlatform => {
  const value = header?.trim().toLowerCase();
  return value === 'ios' || value === 'android' ? value : 'web';
};

/** Registers one route per contract entry; entries without a handler answer 501 after the auth check. */
export const mountCall = (app: Hono, deps: Deps, entry: CallDef, handler: AnyHandler | undefined) => {
  app.on(entry.method, entry.path, async (c) => {
    const session = entry.auth === 'none' ? null : await loadSession(deps, c, entry.auth);
    checkAccess(entry, session);
    if (!handler) {
      throw new AppError(501, ERROR_CODES.notImplemented, 'This call is not implemented yet');
    }
    const raw = await readInput(c, entry);
    const parsed = entry.request.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    let message = 'OK';
    const ctx: CallContext = {
      ...deps,
      ip: clientIp(c, deps.config.trustProxy),
      clientPlatform: clientPlatformOf(c.req.header('x-client-platform')),
      session,
      setMessage: (m) => {
        message = m;
      },
    };
    const actor =
      session?.audience === 'enterprise' && entry.method !== 'GET' ? session.claims.act : undefined;
    let response: unknown;
    try {
      response = await handler({ ctx, input: parsed.data });
    } catch (error) {
      if (actor && session?.audience === 'enterprise')
        await auditLoginAs(deps, actor, session.enterpriseId, entry.path, statusOfError(error));
      throw error;
    }
    if (actor && session?.audience === 'enterprise')
      await auditLoginAs(deps, actor, session.enterpriseId, entry.path, 200);
    return c.json({ success: 1, message, response: response ?? {} });
  });
};
