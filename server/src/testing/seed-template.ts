import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { localStorage } from '../providers/storage.ts';
import { seedDemo } from '../seed/seed.ts';

/**
 * Vitest's global setup: the migrated, seeded demo is made once per run (and database kind), and every test app starts
 * from a copy of it (test-app.ts): a copy of the SQLite data folder, or a PostgreSQL database created from a
 * template. Migrating and seeding took 1.0 s on SQLite and 1.7 s on PostgreSQL for each of the suites' 100-odd apps;
 * a copy takes a few milliseconds (SQLite) or about 100 (PostgreSQL).
 */

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded SQLite data folder (coach.sqlite and uploads/) to copy. */
    seedDir: string;
    /** The uploads/ folder of the PostgreSQL seed (its stored files have their own random names). */
    seedPgDir: string;
    /** The seeded PostgreSQL database to create test databases from ('' on the SQLite project). */
    seedDatabase: string;
  }
}

const withAdmin = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
};

export const databaseUrl = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Migrates and seeds one database: a SQLite file in `dataDir`, or the PostgreSQL database at `databaseUrl`. */
const seedInto = async (dataDir: string, url?: string) => {
  const { db } = connect({ dataDir, databaseUrl: url });
  try {
    await migrateToLatest(db as never);
    // The uploads the seed stores (course covers, recordings) live in the data folder, copied with it.
    await seedDemo(db, { storage: localStorage({ dataDir, secret: 'test-upload-secret' }) });
  } finally {
    // A template database must have no connection open while it is copied.
    await db.destroy();
  }
};

export default async function setup(project: TestProject) {
  // It runs once for the root, before the projects: the PostgreSQL template only when that project runs.
  const postgres = project.vitest.projects.some((p) => p.config.env?.TEST_DB === 'postgres');
  const seedDir = mkdtempSync(path.join(tmpdir(), 'coach-test-seed-'));
  await seedInto(seedDir);
  const seedDatabase = postgres ? `coach_seed_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}` : '';
  const seedPgDir = postgres ? mkdtempSync(path.join(tmpdir(), 'coach-test-seed-pg-')) : '';
  if (postgres) {
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${seedDatabase}`));
    await seedInto(seedPgDir, databaseUrl(seedDatabase));
  }
  project.provide('seedDir', seedDir);
  project.provide('seedPgDir', seedPgDir);
  project.provide('seedDatabase', seedDatabase);

  return async () => {
    rmSync(seedDir, { recursive: true, force: true });
    if (seedPgDir) rmSync(seedPgDir, { recursive: true, force: true });
    if (postgres)
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${seedDatabase} WITH (FORCE)`));
  };
}
