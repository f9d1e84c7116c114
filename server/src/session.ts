import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import Bowser from 'bowser';
import type { Audience, TokenClaims, Tokens } from './auth/tokens.ts';
import type { Db } from './db/connect.ts';
import { unauthenticated } from './errors.ts';

/**
 * Who calls (issue 15): the session the adapter builds for every call from its token, checked against the
 * server-side session row, and handed to services as `ctx.session`. Sign-in flows live in services/auth.ts;
 * this module knows sessions only: what one is, how it starts, is checked, refreshed, listed and ended.
 */

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
  timezone: string | null;
  /** Issue 18: the member's language (one of the nine codes), null until chosen. */
  language: string | null;
  role_name: string;
  role_permissions: string;
  ent_name: string;
  ent_logo: string | null;
  ent_address: string | null;
  ent_features: string;
  ent_theme: string;
  ent_timezone: string | null;
};

export type AdminRow = {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  mobile: string | null;
  avatar_url: string | null;
  language: string | null;
};

export type EnterpriseSession = {
  audience: 'enterprise';
  claims: TokenClaims;
  user: EnterpriseUserRow;
  enterpriseId: string;
  permissions: string[];
};
export type AdminSession = { audience: 'admin'; claims: TokenClaims; admin: AdminRow };
export type Session = EnterpriseSession | AdminSession;

/** A session ends this long after sign-in, whatever refreshes it had (issue 15). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A signed-in password step waits this long for its second factor. */
const UNVERIFIED_LIFETIME_MS = 15 * 60 * 1000;
/** last_used_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

const nowIso = () => new Date().toISOString();

/** The enterprise's flags as stored, over the defaults (a flag added later reads as its default). */
export const enterpriseFlags = (user: EnterpriseUserRow): FeatureFlags => ({
  ...DEFAULT_FEATURE_FLAGS,
  ...(JSON.parse(user.ent_features) as Partial<FeatureFlags>),
});

/** The caller as an enterprise member, or 401 (for services behind enterprise calls). */
export const enterpriseSession = (ctx: { session: Session | null }): EnterpriseSession => {
  if (ctx.session?.audience !== 'enterprise') throw unauthenticated();
  return ctx.session;
};

/** The caller as a platform admin, or 401. */
export const adminSession = (ctx: { session: Session | null }): AdminSession => {
  if (ctx.session?.audience !== 'admin') throw unauthenticated();
  return ctx.session;
};

export const loadEnterpriseUser = (db: Db, userId: string, enterpriseId: string) =>
  db
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
      'users.timezone',
      'users.language',
      'roles.name as role_name',
      'roles.permissions as role_permissions',
      'enterprises.name as ent_name',
      'enterprises.logo as ent_logo',
      'enterprises.address as ent_address',
      'enterprises.features as ent_features',
      'enterprises.theme as ent_theme',
      'enterprises.timezone as ent_timezone',
    ])
    .where('users.id', '=', userId)
    .where('users.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();

const ended = () => unauthenticated('Your session has ended. Please log in again.');

/** A live session row: not ended, not past its lifetime, and (log-in-as) its admin's session live too. */
const liveSession = async (db: Db, id: string) => {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.ended_at || row.expires_at <= nowIso()) return null;
  if (row.parent_id) {
    const parent = await db
      .selectFrom('sessions')
      .select(['ended_at', 'expires_at'])
      .where('id', '=', row.parent_id)
      .executeTakeFirst();
    if (!parent || parent.ended_at || parent.expires_at <= nowIso()) return null;
  }
  return row;
};

/**
 * Builds the session of a call from its token: the signature and expiry, then the server-side session row
 * (revocation), then the account fresh from the database, so deactivation and role changes apply at once.
 */
export const loadSession = async (
  { db, tokens }: { db: Db; tokens: Tokens },
  { token, audience }: { token: string | undefined; audience: Audience },
): Promise<Session> => {
  if (!token) throw unauthenticated('Please log in');
  const claims = await tokens.verify(token, audience);
  if (!claims) throw unauthenticated('Your session has expired. Please log in again.');
  const row = await liveSession(db, claims.lid);
  if (!row || row.subject_id !== claims.sub || row.audience !== audience) throw ended();
  if (Date.now() - new Date(row.last_used_at).getTime() > TOUCH_EVERY_MS)
    await db.updateTable('sessions').set({ last_used_at: nowIso() }).where('id', '=', row.id).execute();
  if (audience === 'admin') {
    const admin = await db
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'password_hash', 'role', 'mobile', 'avatar_url', 'language'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!admin) throw unauthenticated();
    return { audience, claims, admin };
  }
  if (!claims.ent) throw unauthenticated();
  if (claims.act) {
    // A log-in-as token lives only as long as the platform admin behind it.
    const admin = await db.selectFrom('admins').select('id').where('id', '=', claims.act).executeTakeFirst();
    if (!admin) throw unauthenticated();
  }
  const user = await loadEnterpriseUser(db, claims.sub, claims.ent);
  if (user?.status !== 'active') throw unauthenticated('Your account is not active');
  return {
    audience,
    claims,
    user,
    enterpriseId: user.enterprise_id,
    permissions: JSON.parse(user.role_permissions) as string[],
  };
};

/** Starts a session at the password step (or a verified one for a password change or log-in-as). */
export const startSession = async (
  db: Db,
  input: {
    audience: Audience;
    subjectId: string;
    enterpriseId: string | null;
    userAgent: string;
    ip: string;
    verified: boolean;
    /** Log in as an enterprise: the platform admin's session it hangs on. */
    parentId?: string;
  },
) => {
  const now = new Date();
  const id = crypto.randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      audience: input.audience,
      subject_id: input.subjectId,
      enterprise_id: input.enterpriseId,
      parent_id: input.parentId ?? null,
      user_agent: input.userAgent.slice(0, 512),
      ip: input.ip.slice(0, 64),
      created_at: now.toISOString(),
      verified_at: input.verified ? now.toISOString() : null,
      last_used_at: now.toISOString(),
      expires_at: new Date(
        now.getTime() + (input.verified ? SESSION_LIFETIME_MS : UNVERIFIED_LIFETIME_MS),
      ).toISOString(),
      ended_at: null,
      ended_reason: null,
    })
    .execute();
  return id;
};

/** The second factor passed: the session now lasts its full lifetime, counted from sign-in. */
export const markVerified = async (db: Db, id: string) => {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', id).executeTakeFirst();
  if (!row) throw ended();
  await db
    .updateTable('sessions')
    .set({
      verified_at: nowIso(),
      expires_at: new Date(new Date(row.created_at).getTime() + SESSION_LIFETIME_MS).toISOString(),
    })
    .where('id', '=', id)
    .execute();
};

/** Seconds a fresh token may live: its usual span, never past the session's end. */
export const tokenLifetime = async (db: Db, id: string, ttlSeconds: number) => {
  const row = await liveSession(db, id);
  if (!row) throw ended();
  const left = Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000);
  if (left <= 0) throw ended();
  return Math.min(ttlSeconds, left);
};

export type EndReason =
  | 'logout'
  | 'ended-by-user'
  | 'password-changed'
  | 'password-reset'
  | 'deactivated'
  | 'deleted';

/** Ends sessions (and the log-in-as sessions hanging on them) matching `where`; already ended ones stay as they were. */
const endWhere = async (
  db: Db,
  reason: EndReason,
  where: { ids: string[] } | { audience: Audience; subjectId: string },
) => {
  const now = nowIso();
  let query = db.selectFrom('sessions').select('id').where('ended_at', 'is', null);
  query =
    'ids' in where
      ? query.where('id', 'in', where.ids.length ? where.ids : [''])
      : query.where('audience', '=', where.audience).where('subject_id', '=', where.subjectId);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db
    .updateTable('sessions')
    .set({ ended_at: now, ended_reason: reason })
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
    .execute();
  return ids.length;
};

/** Ends one session (logout, or the member ending it from their profile). */
export const endSession = (db: Db, id: string, reason: EndReason) => endWhere(db, reason, { ids: [id] });

/** Ends every session of an account (password change or reset, deactivation, deletion). */
export const endSessionsOf = (db: Db, audience: Audience, subjectId: string, reason: EndReason) =>
  endWhere(db, reason, { audience, subjectId });

/** "Chrome 131 on Linux" from a User-Agent header (bowser); the header itself when it names nothing known. */
export const describeDevice = (userAgent: string) => {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [os.name, os.versionName ?? ''].filter(Boolean).join(' ');
  if (!name && !system) return userAgent.slice(0, 80);
  return system ? `${name || 'A browser'} on ${system}` : name;
};

/** The account's signed-in sessions, newest use first (the profile's list). */
export const listSessions = async (db: Db, audience: Audience, subjectId: string, currentId: string) => {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('audience', '=', audience)
    .where('subject_id', '=', subjectId)
    .where('ended_at', 'is', null)
    .where('verified_at', 'is not', null)
    // Log-in-as sessions are the platform admin's, not the member's.
    .where('parent_id', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('last_used_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    current: r.id === currentId,
  }));
};

/** Whether `id` is a live session of this account (ending one answers 404 otherwise). */
export const ownsSession = async (db: Db, audience: Audience, subjectId: string, id: string) =>
  Boolean(
    await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', id)
      .where('audience', '=', audience)
      .where('subject_id', '=', subjectId)
      .where('parent_id', 'is', null)
      .where('ended_at', 'is', null)
      .executeTakeFirst(),
  );
