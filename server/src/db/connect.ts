import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import {
  type DriverState,
  listenForSessionChanges,
  pollDataVersion,
  registerSessionSignal,
  SessionSignal,
  watchSessionWrites,
} from '../session/signal.ts';
import { prepareMarked } from './prepared.ts';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

/**
 * SQLite transactions that take the write lock as they begin (BEGIN IMMEDIATE), waiting their turn behind another
 * process's for up to the busy timeout. Kysely's plain BEGIN takes it at the first write: a transaction that read
 * first then finds another process wrote meanwhile, and SQLite refuses the upgrade at once ("database is locked":
 * of twenty throttled asks from two connections on one file, five failed so). Within one process nothing changes:
 * its one connection runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

/** Distinct SQL texts whose prepared statements are kept (the app issues a few hundred shapes of query). */
const STATEMENT_CACHE = 1000;

/**
 * The SQLite handle Kysely gets: every query's statement is prepared once per SQL text and reused.
 * Kysely prepares afresh on every query, and planning a join costs more than running it; the values are bound per
 * call. A statement still being iterated (a streamed query) is busy: that call gets a fresh one.
 */
const withStatementCache = (sqlite: SQLite.Database) => {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
};
export type Db = Kysely<Database>;

/**
 * Settings of every PostgreSQL connection of the app, after any `?options=` of DATABASE_URL (postgresPool).
 *
 * synchronize_seqscans off: a sequential scan starts at the table's first block, not where another scan of it has
 * got to. The app's scans stop early (a capped search takes the first SEARCH_CAP + 1 matches, a short text's scan its
 * first rows), and a scan joining another mid-table made the same search read 23 pages or 1,400 by chance: 1.3 ms or
 * 34 ms for "member 4" over 100,000 members. It also kept a capped search's first matches the same from
 * one page to the next; synchronized scans may return other rows each time (PostgreSQL's documentation says so).
 */
const SESSION_OPTIONS = '-c synchronize_seqscans=off';

/**
 * The pool's settings for DATABASE_URL: the URL's own `options` (say `-c search_path=coach`) and the app's, in one
 * string. node-postgres lets the URL's `options` replace the one given beside it, so it is taken out of the URL.
 */
export const postgresPool = (databaseUrl: string): { connectionString: string; options: string } => {
  const url = new URL(databaseUrl);
  const own = url.searchParams.get('options')?.trim();
  if (own === undefined) return { connectionString: databaseUrl, options: SESSION_OPTIONS };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: own ? `${own} ${SESSION_OPTIONS}` : SESSION_OPTIONS };
};

/** PostgreSQL when DATABASE_URL is postgres://, else a SQLite file in DATA_DIR. */
export const connect = ({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): { db: Db; kind: DbKind } => {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ ...postgresPool(databaseUrl), max: 10 });
    // An idle connection the server closes (a restart, a failover, a dropped test database) must not take the
    // process down: the pool replaces it on the next query.
    pool.on('connect', prepareMarked);
    pool.on('error', (error) => {
      if (process.env.TEST_DB !== 'postgres') console.error('PostgreSQL connection lost:', error.message);
    });
    // The session lookups keep rows only while this listener hears the other processes' changes.
    const signal = new SessionSignal({ enabled: false });
    const stop = listenForSessionChanges(signal, databaseUrl);
    const dialect = watchSessionWrites(new PostgresDialect({ pool }), () => signal.bump(), stop);
    const db = new Kysely<Database>({ dialect });
    registerSessionSignal(db, signal);
    return { db, kind: 'postgres' };
  }
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'coach.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const signal = new SessionSignal({ enabled: true });
  const driverState: DriverState = { openTransactions: 0 };
  const dialect = watchSessionWrites(
    new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    () => signal.bump(),
    async () => {},
    driverState,
  );
  const db = new Kysely<Database>({ dialect });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  pollDataVersion(signal, db, () =>
    driverState.openTransactions === 0 ? (dataVersion.get() as number) : undefined,
  );
  registerSessionSignal(db, signal);
  return { db, kind: 'sqlite' };
};
