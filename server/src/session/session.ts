import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import Bowser from 'bowser';
import type { CompiledQuery } from 'kysely';
import type { Audience, TokenClaims, Tokens } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { unauthenticated } from '../errors.ts';
import { nowIso } from '../services/common/clock.ts';
import { KeptUnderSignal, parsedOnce, verifyToken } from './cache.ts';

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
  claims: Readonly<TokenClaims>;
  user: EnterpriseUserRow;
  enterpriseId: string;
  permissions: readonly string[];
  /**
   * Set when an API key calls (issue 20): the session then acts as the key's creator, with `permissions` the key's
   * keys that the creator still holds (auth/api-keys.ts).
   */
  apiKey?: { id: string; name: string; access: string };
};
export type AdminSession = { audience: 'admin'; claims: Readonly<TokenClaims>; admin: AdminRow };
export type Session = EnterpriseSession | AdminSession;

/** A session ends this long after sign-in, whatever refreshes it had (issue 15). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A signed-in password step waits this long for its second factor. */
const UNVERIFIED_LIFETIME_MS = 15 * 60 * 1000;
/** last_used_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

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

/*
 * The per-call lookup (issue 19): the session row, its parent (log-in-as), and the account behind it, with its
 * role, its enterprise and (log-in-as) the platform admin, in one query instead of three to five. Its row is kept
 * per session until the session signal moves (lookupRow), so a logout, a deactivation, a role edit or a flag switch
 * made by any server process applies to the next request. The query is built and compiled once per database; each
 * call only binds its values.
 */
const LID = '\u0000lid';
const ENT = '\u0000ent';
const ACT = '\u0000act';
const SUB = '\u0000sub';

const sessionColumns = [
  's.subject_id as s_subject_id',
  's.audience as s_audience',
  's.parent_id as s_parent_id',
  's.last_used_at as s_last_used_at',
  's.expires_at as s_expires_at',
  's.ended_at as s_ended_at',
  'p.id as p_id',
  'p.expires_at as p_expires_at',
  'p.ended_at as p_ended_at',
] as const;

const enterpriseLookup = (db: Db) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('sessions as p', 'p.id', 's.parent_id')
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 's.subject_id').on('users.enterprise_id', '=', ENT),
    )
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .leftJoin('admins as act', (join) => join.on('act.id', '=', ACT))
    .select([...sessionColumns, 'act.id as act_id', ...memberColumns])
    .where('s.id', '=', LID);

const adminLookup = (db: Db) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('sessions as p', 'p.id', 's.parent_id')
    .leftJoin('admins', (join) => join.on('admins.id', '=', SUB))
    .select([
      ...sessionColumns,
      'admins.id',
      'admins.name',
      'admins.email',
      'admins.password_hash',
      'admins.role',
      'admins.mobile',
      'admins.avatar_url',
      'admins.language',
    ])
    .where('s.id', '=', LID);

type Compiled<Q extends (db: Db) => { compile: () => CompiledQuery<unknown> }> = ReturnType<
  ReturnType<Q>['compile']
>;
type Lookups = { enterprise: Compiled<typeof enterpriseLookup>; admin: Compiled<typeof adminLookup> };
const compiledLookups = new WeakMap<Db, Lookups>();

/** The compiled query with each placeholder replaced by its value (the dialect decides where each one goes). */
const bind = <R>(query: CompiledQuery<R>, values: Record<string, string | null>): CompiledQuery<R> => {
  const parameters = query.parameters.map((p) => {
    if (typeof p !== 'string' || !(p in values))
      throw new Error(`Unexpected parameter in the session lookup`);
    return values[p];
  });
  return { ...query, parameters };
};

const lookupsOf = (db: Db) => {
  let lookups = compiledLookups.get(db);
  if (!lookups) {
    lookups = { enterprise: enterpriseLookup(db).compile(), admin: adminLookup(db).compile() };
    compiledLookups.set(db, lookups);
  }
  return lookups;
};

/** Whether the session part of a lookup is live for these claims (the revocation check of issue 15). */
const isLive = (
  row: {
    s_subject_id: string;
    s_audience: string;
    s_parent_id: string | null;
    s_expires_at: string;
    s_ended_at: string | null;
    p_id: string | null;
    p_expires_at: string | null;
    p_ended_at: string | null;
  },
  claims: Readonly<TokenClaims>,
  audience: Audience,
  now: string,
) => {
  if (row.s_ended_at || row.s_expires_at <= now) return false;
  if (row.s_parent_id && (!row.p_id || row.p_ended_at || !row.p_expires_at || row.p_expires_at <= now))
    return false;
  return row.s_subject_id === claims.sub && row.s_audience === audience;
};

/** Lookup rows kept per session (issue 19): a busy server's signed-in people, each read again after 30 s at most. */
const keptRows = new KeptUnderSignal<Record<string, unknown> | undefined>(20_000, 30_000);

/**
 * The lookup's row for these values: kept from an earlier call while the session signal says nothing it is made of
 * has changed (db/session-signal.ts), else read. Only a live session's row is kept, and every check below it runs
 * on every call, kept or not.
 */
const lookupRow = async <R extends { s_last_used_at: string }>(
  db: Db,
  query: CompiledQuery<R>,
  values: Record<string, string | null>,
  keep: (row: R) => boolean,
): Promise<R | undefined> => {
  const key = `${values[LID]}\u0000${values[ENT] ?? ''}\u0000${values[ACT] ?? ''}\u0000${values[SUB] ?? ''}`;
  const row = await keptRows.get(
    db,
    key,
    async () => (await db.executeQuery(bind(query, values))).rows[0],
    (row) => row !== undefined && keep(row as R),
  );
  return row as R | undefined;
};

/**
 * Builds the session of a call from its token: the signature and expiry, then the server-side session row
 * (revocation), then the account fresh from the database (or kept while nothing it is made of has changed), so
 * deactivation and role changes apply at once.
 */
export const loadSession = async (
  { db, tokens }: { db: Db; tokens: Tokens },
  { token, audience }: { token: string | undefined; audience: Audience },
): Promise<Session> => {
  if (!token) throw unauthenticated('Please log in');
  const claims = await verifyToken(tokens, token, audience);
  if (!claims) throw unauthenticated('Your session has expired. Please log in again.');
  const lookups = lookupsOf(db);
  const now = nowIso();
  const live = (row: Parameters<typeof isLive>[0]) => isLive(row, claims, audience, now);
  if (audience === 'admin') {
    const row = await lookupRow(db, lookups.admin, { [LID]: claims.lid, [SUB]: claims.sub }, live);
    if (!row || !live(row)) throw ended();
    await touch(db, claims.lid, row);
    if (row.id === null) throw unauthenticated();
    const admin: AdminRow = {
      id: row.id,
      name: row.name as string,
      email: row.email as string,
      password_hash: row.password_hash as string,
      role: row.role as string,
      mobile: row.mobile,
      avatar_url: row.avatar_url,
      language: row.language,
    };
    return { audience, claims, admin };
  }
  const row = await lookupRow(
    db,
    lookups.enterprise,
    { [LID]: claims.lid, [ENT]: claims.ent ?? '', [ACT]: claims.act ?? null },
    live,
  );
  if (!row || !live(row)) throw ended();
  await touch(db, claims.lid, row);
  if (!claims.ent) throw unauthenticated();
  // A log-in-as token lives only as long as the platform admin behind it.
  if (claims.act && row.act_id === null) throw unauthenticated();
  // The member exists with its role and enterprise (the inner joins of loadEnterpriseUser) and is active.
  if (row.id === null || row.role_name === null || row.ent_name === null || row.status !== 'active')
    throw unauthenticated('Your account is not active');
  const {
    s_subject_id: _s,
    s_audience: _a,
    s_parent_id: _p,
    s_last_used_at: _l,
    s_expires_at: _e,
    s_ended_at: _n,
    p_id: _pi,
    p_expires_at: _pe,
    p_ended_at: _pn,
    act_id: _act,
    ...account
  } = row;
  // A fresh object per call (the kept row is shared): a service that changes its session changes only its own.
  const user = account as EnterpriseUserRow;
  return {
    audience,
    claims,
    user,
    enterpriseId: user.enterprise_id,
    permissions: permissionsOf(user.role_permissions),
  };
};

/**
 * last_used_at is written at most once a minute per session, so reads do not each cost a write. The row read (kept
 * or not) takes the new time too: this write alone does not move the session signal, so a kept row must carry it.
 */
const touch = async (db: Db, id: string, row: { s_last_used_at: string }) => {
  if (Date.now() - new Date(row.s_last_used_at).getTime() <= TOUCH_EVERY_MS) return;
  const now = nowIso();
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
  row.s_last_used_at = now;
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
