import { SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Course search without a full scan. SQLite gets an FTS5 trigram index (substring matches like the
 * site's search box) kept in step by triggers; PostgreSQL gets pg_trgm GIN indexes when it may create them.
 */
export const m009: Migration = {
  up: async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`create virtual table course_search using fts5(course_id unindexed, body, tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into course_search (course_id, body) select id, name || ' ' || category from courses`.execute(
        db,
      );
      await sql`create trigger course_search_insert after insert on courses begin
        insert into course_search (course_id, body) values (new.id, new.name || ' ' || new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_update after update of name, category on courses begin
        delete from course_search where course_id = old.id;
        insert into course_search (course_id, body) values (new.id, new.name || ' ' || new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_delete after delete on courses begin
        delete from course_search where course_id = old.id; end`.execute(db);
      return;
    }
    const allowed = await sql<{
      ok: boolean;
    }>`select has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index courses_name_trgm on courses using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index courses_category_trgm on courses using gin (lower(category) gin_trgm_ops)`.execute(
      db,
    );
  },
};
