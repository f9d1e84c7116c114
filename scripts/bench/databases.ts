/**
 * The databases a search bench runs on, side by side: SQLite (a file in the data folder) and PostgreSQL (a fresh
 * database on BENCH_PG_URL's server, default the local cluster, dropped afterwards). BENCH_DB=sqlite or
 * BENCH_DB=postgres runs one; PostgreSQL is skipped with a note when no server answers.
 */
import { connect } from '@coach/server/db';
import { sql } from 'kysely';

export type BenchDb = {
  kind: 'sqlite' | 'postgres';
  label: string;
  databaseUrl?: string;
  drop: () => Promise<void>;
};

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = async <T>(run: (db: ReturnType<typeof connect>['db']) => Promise<T>) => {
  const { db } = connect({ dataDir: '', databaseUrl: PG_ADMIN_URL });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
};

const postgres = async (): Promise<BenchDb | null> => {
  const name = `coach_bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  try {
    await admin((db) => sql`create database ${sql.id(name)}`.execute(db));
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
    return null;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    label: 'PostgreSQL',
    databaseUrl: url.toString(),
    drop: () =>
      admin((db) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(db)).then(() => {}),
  };
};

/**
 * PostgreSQL after the bulk seed as autovacuum leaves it a minute later on a real server: statistics gathered
 * (without them the planner guesses and may read every row behind a LIMIT) and the new rows vacuumed, which
 * autovacuum does after this many inserts and which marks their pages all-visible (without it, every index-only
 * scan, such as pending review's count, reads each row's page as well).
 */
export const analyze = async (database: BenchDb) => {
  if (!database.databaseUrl) return;
  const { db } = connect({ dataDir: '', databaseUrl: database.databaseUrl });
  try {
    await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
};

/** Runs `bench` once per database asked for (default both), each on its own fresh database. */
export const eachDatabase = async <T>(bench: (db: BenchDb) => Promise<T>) => {
  const kinds = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',').map((k) => k.trim());
  const results: T[] = [];
  for (const kind of kinds) {
    const db: BenchDb | null =
      kind === 'postgres'
        ? await postgres()
        : { kind: 'sqlite', label: 'SQLite', drop: () => Promise.resolve() };
    if (!db) continue;
    try {
      results.push(await bench(db));
    } finally {
      await db.drop();
    }
  }
  return results;
};

/** A target column for a bench table: "<= 15 ms p99 at 500 req/s" beside the measured figures. */
export const withTarget = <R extends Record<string, string | number>>(row: R, target: string) => ({
  ...row,
  target,
});
