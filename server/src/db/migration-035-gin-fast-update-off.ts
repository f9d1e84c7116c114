import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The pg_trgm indexes the searches read (009 for courses, 033 for members). */
const TRIGRAM_INDEXES = ['courses_name_trgm', 'courses_category_trgm', 'users_search_trgm'];

/**
 * The trigram indexes take each new entry at once (fastupdate off) instead of into a pending list.
 * PostgreSQL adds a GIN index's new entries to an unsorted pending list that every search of the index reads whole
 * until a vacuum sorts it in. After 100,000 courses were added, the list held 7,343 courses' entries on 490 pages,
 * and a search for text never asked before cost PostgreSQL 3.5 ms instead of 0.8. The documentation's advice where
 * steady response time matters more than update speed is this setting; what the lists already hold is moved in now.
 * Where pg_trgm could not be installed, there are no such indexes and nothing changes.
 */
export const m035: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    const { rows } = await sql<{ name: string }>`select relname as name from pg_class
      where relkind = 'i' and relname in (${sql.join(TRIGRAM_INDEXES)}) and pg_table_is_visible(oid)`.execute(
      db,
    );
    for (const { name } of rows) {
      await sql`alter index ${sql.ref(name)} set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
    }
  },
};
