import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect, postgresPool } from './db/connect.ts';
import { PG_ADMIN_URL } from './testing/seed-template.ts';

describe('PostgreSQL connection settings (DATABASE_URL)', () => {
  it("keeps a URL's own options and adds the app's, so neither replaces the other", () => {
    expect(postgresPool('postgres://app@db.example:5432/coach')).toEqual({
      connectionString: 'postgres://app@db.example:5432/coach',
      options: '-c synchronize_seqscans=off',
    });
    const withOptions = postgresPool(
      'postgres://app:p%40ss@db.example/coach?sslmode=require&options=-c%20search_path%3Dcoach',
    );
    expect(withOptions.options).toBe('-c search_path=coach -c synchronize_seqscans=off');
    expect(withOptions.connectionString).toBe('postgres://app:p%40ss@db.example/coach?sslmode=require');
  });

  it('a live connection runs with both the URL options and the app setting', async () => {
    const url = new URL(PG_ADMIN_URL);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const { db } = connect({ dataDir: '', databaseUrl: url.toString() });
    try {
      const timeout = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
      const scans = await sql<{ synchronize_seqscans: string }>`show synchronize_seqscans`.execute(db);
      expect(timeout.rows[0]?.statement_timeout).toBe('4321ms');
      expect(scans.rows[0]?.synchronize_seqscans).toBe('off');
    } finally {
      await db.destroy();
    }
  });
});
