import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type OperationNode,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';

/**
 * When a call's session row may have changed, so session.ts can keep the row per token between requests
 * and still refuse a token on the very next request after a logout, a deactivation, a role edit or a flag switch.
 *
 * The signal is a generation number. A reader notes it before reading the row and keeps the row under it; the row
 * is good while the number has not moved. It moves:
 * - in this process, after every write to a table the row is made of commits (the driver below sees every query
 *   Kysely runs: a statement outside a transaction once it has run, one inside at the commit). A reader that started
 *   before the commit holds the old number, one that starts after reads the committed row;
 * - for writes by other processes sharing the database: on SQLite, when `PRAGMA data_version` (read before each
 *   lookup) says another connection committed anything; on PostgreSQL, when a trigger's NOTIFY arrives (migration
 *   032). While the PostgreSQL listener is not connected, nothing is kept.
 *
 * What is not kept, and why: nothing is kept for a database without a signal (a Kysely made elsewhere), and on
 * PostgreSQL another process's change reaches this one as fast as the notification travels (well under a
 * millisecond on one host), not within the same instant: the one window, named in the note.
 */
export class SessionSignal {
  #generation = 0;
  #enabled: boolean;
  /** Reads the other processes' mark before a lookup (SQLite), bumping the generation when it moved. */
  poll: (() => Promise<void>) | undefined;

  constructor({ enabled }: { enabled: boolean }) {
    this.#enabled = enabled;
  }

  /** The generation to keep a row under, or null when nothing may be kept now. */
  async current(): Promise<number | null> {
    if (!this.#enabled) return null;
    await this.poll?.();
    return this.#enabled ? this.#generation : null;
  }

  /** Whether a row kept under `generation` still holds. */
  holds(generation: number) {
    return this.#enabled && generation === this.#generation;
  }

  bump() {
    this.#generation++;
  }

  /** Keeping starts (the listener is connected) or stops (it is not); either way, what was kept is dropped. */
  setEnabled(enabled: boolean) {
    this.#generation++;
    this.#enabled = enabled;
  }
}

/**
 * The tables kept answers are read from: the session lookup (session.ts) and the top bar's group list
 * (services/identity/user-groups.ts `userGroups`). A write to any of them may change a kept answer.
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'roles',
  'enterprises',
  'admins',
  'groups',
  'group_members',
]);

/** The statements of raw SQL that write nothing themselves (a commit is seen by the driver, not here). */
const NOT_A_WRITE = /^\s*(select|pragma|begin|commit|rollback|savepoint|release|explain|show|listen)\b/i;
/**
 * A raw `with ... select` reads too, unless one of its parts writes (`with gone as (delete from sessions ...)`).
 * The pending-review search is one: counted as a write, each search would drop every kept session row.
 */
const WITH = /^\s*with\b/i;
// Any of these words counts as a write (a column such as updated_at does not match): when unsure, drop the rows.
const WRITES = /\b(insert|update|delete|merge)\b/i;
const readsOnly = (text: string) => NOT_A_WRITE.test(text) || (WITH.test(text) && !WRITES.test(text));
const NAMES_A_SESSION_TABLE = new RegExp(`\\b(${[...SESSION_TABLES].join('|')})\\b`, 'i');

/** Every table a query's tree names (a subquery's too: a write that only reads a session table is rare and harmless). */
const tablesOf = (node: unknown, into: Set<string>) => {
  if (!node || typeof node !== 'object') return into;
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, into);
    return into;
  }
  const op = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (op.kind === 'TableNode' && typeof op.table?.identifier?.name === 'string')
    into.add(op.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === 'object') tablesOf(value, into);
  return into;
};

type UpdateNode = {
  kind: 'UpdateQueryNode';
  updates?: readonly { column?: { column?: { name?: string } } }[];
};
type InsertNode = { kind: 'InsertQueryNode'; onConflict?: unknown; onDuplicateKey?: unknown };

/**
 * Whether a query may change what a session lookup reads. Reads never do; nor do two writes that cannot change a
 * kept row: a new session (a kept row is an existing session's) and the once-a-minute `last_used_at` touch, which
 * session.ts applies to its kept row itself. Raw SQL that is not a plain read counts when it names a session table.
 */
export const changesSessions = (query: CompiledQuery): boolean => {
  const node = query.query as OperationNode | undefined;
  if (!node || node.kind === 'RawNode') return !readsOnly(query.sql) && NAMES_A_SESSION_TABLE.test(query.sql);
  if (node.kind === 'SelectQueryNode') return false;
  const tables = tablesOf(node, new Set());
  if (![...tables].some((table) => SESSION_TABLES.has(table))) return false;
  if (tables.size === 1 && tables.has('sessions')) {
    if (node.kind === 'InsertQueryNode') {
      const insert = node as unknown as InsertNode;
      if (!insert.onConflict && !insert.onDuplicateKey) return false;
    }
    if (node.kind === 'UpdateQueryNode') {
      const updates = (node as unknown as UpdateNode).updates ?? [];
      if (updates.length > 0 && updates.every((u) => u.column?.column?.name === 'last_used_at')) return false;
    }
  }
  return true;
};

type Watched = DatabaseConnection & { inner: DatabaseConnection; inTransaction: boolean; wrote: boolean };

/** What the watched driver knows of its connections: how many hold an open transaction now. */
export type DriverState = { openTransactions: number };

/**
 * The dialect with its driver watched: `onChange` runs once a write to a session table has committed; `onDestroy`
 * when the database is closed (the listener's own connection closes with it); `state` follows the open transactions.
 */
export const watchSessionWrites = (
  dialect: Dialect,
  onChange: () => void,
  onDestroy: () => Promise<void> = async () => {},
  state: DriverState = { openTransactions: 0 },
): Dialect => ({
  createAdapter: () => dialect.createAdapter(),
  createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createDriver: () => watchedDriver(dialect.createDriver(), onChange, onDestroy, state),
});

const watchedDriver = (
  driver: Driver,
  onChange: () => void,
  onDestroy: () => Promise<void>,
  state: DriverState,
): Driver => {
  const wrappers = new WeakMap<DatabaseConnection, Watched>();
  const wrap = (inner: DatabaseConnection): Watched => {
    const known = wrappers.get(inner);
    if (known) return known;
    const watched: Watched = {
      inner,
      inTransaction: false,
      wrote: false,
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const changes = changesSessions(query);
        if (!changes) return inner.executeQuery<R>(query);
        if (watched.inTransaction) {
          watched.wrote = true;
          return inner.executeQuery<R>(query);
        }
        try {
          return await inner.executeQuery<R>(query);
        } finally {
          onChange();
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) => inner.streamQuery<R>(query, chunkSize),
    };
    wrappers.set(inner, watched);
    return watched;
  };
  const innerOf = (connection: DatabaseConnection) => (connection as Watched).inner ?? connection;
  const ended = (connection: DatabaseConnection) => {
    const watched = connection as Watched;
    if (watched.inTransaction) state.openTransactions--;
    watched.inTransaction = false;
    if (watched.wrote) {
      watched.wrote = false;
      onChange();
    }
  };
  return {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
    beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
      (connection as Watched).inTransaction = true;
      (connection as Watched).wrote = false;
      state.openTransactions++;
      try {
        await driver.beginTransaction(innerOf(connection), settings);
      } catch (error) {
        ended(connection);
        throw error;
      }
    },
    commitTransaction: async (connection) => {
      try {
        await driver.commitTransaction(innerOf(connection));
      } finally {
        ended(connection);
      }
    },
    rollbackTransaction: async (connection) => {
      try {
        await driver.rollbackTransaction(innerOf(connection));
      } finally {
        ended(connection);
      }
    },
    ...(driver.savepoint && {
      savepoint: (connection, name, compile) =>
        driver.savepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
    }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) =>
        driver.rollbackToSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) =>
        driver.releaseSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
    }),
    releaseConnection: (connection, options) => driver.releaseConnection(innerOf(connection), options),
    destroy: async (options) => {
      await onDestroy();
      await driver.destroy(options);
    },
  };
};

const DATA_VERSION = CompiledQuery.raw('pragma data_version');

/**
 * SQLite: another connection's commit (another process, or a tool writing the file) shows as a new
 * `PRAGMA data_version` on this one. It is never read inside another call's open transaction: in one, the number
 * stays at the transaction's snapshot, so a change committed since would go unseen. `readNow` reads it at once and
 * gives undefined while a transaction is open; then it is read through Kysely, which waits its turn on the one
 * connection like any query. Outside a transaction nothing else can be under way on the connection (each query runs
 * whole, synchronously), and the direct read costs a microsecond instead of a query's 10.
 */
export const pollDataVersion = <DB>(
  signal: SessionSignal,
  db: Kysely<DB>,
  readNow: () => number | undefined = () => undefined,
) => {
  let seen: unknown;
  signal.poll = async () => {
    const version =
      readNow() ?? (await db.executeQuery<{ data_version: number }>(DATA_VERSION)).rows[0]?.data_version;
    if (version !== seen) {
      seen = version;
      signal.bump();
    }
  };
};

/** The channel migration 032's triggers notify on. */
export const SESSION_CHANNEL = 'coach_session_changed';
const RECONNECT_MS = 1000;

/**
 * PostgreSQL: a connection of its own LISTENs on the triggers' channel; each notification moves the generation.
 * Until it listens (at start, and after a lost connection until it is back) the signal keeps nothing. Returns the
 * function that stops it.
 */
export const listenForSessionChanges = (signal: SessionSignal, connectionString: string) => {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const start = () => {
    if (stopped) return;
    const current = new pg.Client({ connectionString });
    client = current;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      signal.setEnabled(false);
      current.removeAllListeners('notification');
      current.end().catch(() => {});
      if (stopped) return;
      if (error && process.env.TEST_DB !== 'postgres')
        console.error('Session change listener lost its connection:', error.message);
      retry = setTimeout(start, RECONNECT_MS);
    };
    current.on('error', lose);
    current.on('end', () => lose());
    current.on('notification', () => signal.bump());
    current
      .connect()
      .then(() => current.query(`LISTEN ${SESSION_CHANNEL}`))
      .then(() => {
        if (!lost && !stopped) signal.setEnabled(true);
      })
      .catch(lose);
  };
  start();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    signal.setEnabled(false);
    await client?.end().catch(() => {});
  };
};

const signals = new WeakMap<object, SessionSignal>();

/** The signal of a database made by connect(), or undefined (then nothing is kept). */
export const sessionSignalOf = (db: object) => signals.get(db);
export const registerSessionSignal = (db: object, signal: SessionSignal) => signals.set(db, signal);
