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
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) }),
      }),
      kind: 'postgres',
    };
  }
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'coach.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite' };
};
