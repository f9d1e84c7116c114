import { SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Member search without a full scan (the same approach as course search). */
export const m010: Migration = {
  up: async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`create virtual table member_search using fts5(user_id unindexed, body, tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into member_search (user_id, body) select id, name || ' ' || email from users`.execute(
        db,
      );
      await sql`create trigger member_search_insert after insert on users begin
        insert into member_search (user_id, body) values (new.id, new.name || ' ' || new.email); end`.execute(
        db,
      );
      await sql`create trigger member_search_update after update of name, email on users begin
        delete from member_search where user_id = old.id;
        insert into member_search (user_id, body) values (new.id, new.name || ' ' || new.email); end`.execute(
        db,
      );
      await sql`create trigger member_search_delete after delete on users begin
        delete from member_search where user_id = old.id; end`.execute(db);
      return;
    }
    const allowed = await sql<{
      ok: boolean;
    }>`select has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_name_trgm on users using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index users_email_trgm on users using gin (lower(email) gin_trgm_ops)`.execute(db);
  },
};
