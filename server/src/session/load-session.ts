import type { CompiledQuery } from 'kysely';
import type { Audience, TokenClaims, Tokens } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { unauthenticated } from '../errors.ts';
import { nowIso } from '../services/common/clock.ts';
import { KeptUnderSignal, verifyToken } from './cache.ts';
import {
  type AdminRow,
  type EnterpriseUserRow,
  memberColumns,
  permissionsOf,
  type Session,
  sessionEnded,
} from './session.ts';

/** last_used_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

/*
 * The per-call lookup, made by every call and so kept cheap: the session row, its parent (log-in-as), and the
 * account behind it, with its role, its enterprise and (log-in-as) the platform admin, in one query instead of
 * three to five. Its row is kept
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

/** Whether the session part of a lookup is live for these claims (a session ended or run out on the server refuses its token at once). */
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

/** Lookup rows kept per session: a busy server's signed-in people, each read again after 30 s at most. */
const keptRows = new KeptUnderSignal<Record<string, unknown> | undefined>(20_000, 30_000);

/**
 * The lookup's row for these values: kept from an earlier call while the session signal says nothing it is made of
 * has changed (session/signal.ts), else read. Only a live session's row is kept, and every check below it runs
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
    if (!row || !live(row)) throw sessionEnded();
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
  if (!row || !live(row)) throw sessionEnded();
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
