import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** PostgreSQL when DATABASE_URL is postgres://, else a SQLite file in DATA_DIR. */
export const connect = ({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): { db: Db; kind: DbKind } => {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover, a dropped test database) must not take the
    // process down: the pool replaces it on the next query.
    pool.on('error', (error) => {
      if (process.env.TEST_DB !== 'postgres') console.error('PostgreSQL connection lost:', error.message);
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'coach.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite' };
};
