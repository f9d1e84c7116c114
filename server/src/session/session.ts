import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import Bowser from 'bowser';
import type { Audience, TokenClaims } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { unauthenticated } from '../errors.ts';
import { nowIso } from '../services/common/clock.ts';
import { parsedOnce } from './cache.ts';

/**
 * Who calls: the session the adapter builds for every call from its token (session/load-session.ts), checked
 * against the server-side session row, and handed to services as `ctx.session`, so a logout, a password change or a
 * deactivation ends it on the server and not only in the browser. Sign-in flows live in services/identity/; this
 * module knows sessions only: what one is, how it starts, is refreshed, listed and ended.
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
  /** The member's language (one of the nine codes) for their screens and mails, null until chosen. */
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
  claims: Readonly<TokenClaims>;
  user: EnterpriseUserRow;
  enterpriseId: string;
  permissions: readonly string[];
  /**
   * Set when an API key calls: the session then acts as the key's creator, with `permissions` the key's
   * keys that the creator still holds (session/api-keys.ts).
   */
  apiKey?: { id: string; name: string; access: string };
};
export type AdminSession = { audience: 'admin'; claims: Readonly<TokenClaims>; admin: AdminRow };
export type Session = EnterpriseSession | AdminSession;

/** A session ends this long after sign-in, whatever refreshes it had. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A signed-in password step waits this long for its second factor. */
const UNVERIFIED_LIFETIME_MS = 15 * 60 * 1000;

/** The enterprise's flags as stored, over the defaults (a flag added later reads as its default). */
export const enterpriseFlags = (user: EnterpriseUserRow): Readonly<FeatureFlags> =>
  parsedOnce('features', user.ent_features, (json) => ({
    ...DEFAULT_FEATURE_FLAGS,
    ...(json as Partial<FeatureFlags>),
  }));

/** A role's permission keys as stored (parsed once per distinct list, shared read-only). */
export const permissionsOf = (text: string): readonly string[] =>
  parsedOnce('permissions', text, (json) => json as string[]);

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

/** A member with their role and enterprise: what a call's session carries (both lookups read the same). */
export const memberColumns = [
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
] as const;

export const loadEnterpriseUser = (db: Db, userId: string, enterpriseId: string) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(memberColumns)
    .where('users.id', '=', userId)
    .where('users.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();

/** The refusal of a call whose session has ended or run out. */
export const sessionEnded = () => unauthenticated('Your session has ended. Please log in again.');

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
  if (!row) throw sessionEnded();
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
  if (!row) throw sessionEnded();
  const left = Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000);
  if (left <= 0) throw sessionEnded();
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

/** The browser ("Chrome 131") and operating system ("Linux") a User-Agent header names (bowser), null where none. */
export const deviceParts = (userAgent: string) => {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [os.name, os.versionName ?? ''].filter(Boolean).join(' ');
  return { browser: name || null, system: system || null };
};

/** "Chrome 131 on Linux" from a User-Agent header; the header itself when it names nothing known. */
export const describeDevice = (userAgent: string) => {
  if (!userAgent) return 'Unknown device';
  const { browser, system } = deviceParts(userAgent);
  if (!browser && !system) return userAgent.slice(0, 80);
  return system ? `${browser ?? 'A browser'} on ${system}` : (browser ?? '');
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
    ...deviceParts(r.user_agent),
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
