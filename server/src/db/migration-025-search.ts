import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Search in milliseconds. The course search asks for name matches apart from category matches
 * (so it can take a capped handful of each and rank only those), and walks an index in name order for names
 * that start with the text. SQLite: course_search is rebuilt with name and category as separate columns (same
 * trigram tokenizer, same triggers keeping it in step; its rows are derived, so no data is lost). PostgreSQL:
 * the trigram indexes of 009 stay; a C-collation index on lower(name) serves the prefix walk.
 */
export const m025: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`drop trigger if exists course_search_insert`.execute(db);
      await sql`drop trigger if exists course_search_update`.execute(db);
      await sql`drop trigger if exists course_search_delete`.execute(db);
      await sql`drop table if exists course_search`.execute(db);
      await sql`create virtual table course_search using fts5(course_id unindexed, name, category, tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into course_search (course_id, name, category) select id, name, category from courses`.execute(
        db,
      );
      await sql`create trigger course_search_insert after insert on courses begin
        insert into course_search (course_id, name, category) values (new.id, new.name, new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_update after update of name, category on courses begin
        delete from course_search where course_id = old.id;
        insert into course_search (course_id, name, category) values (new.id, new.name, new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_delete after delete on courses begin
        delete from course_search where course_id = old.id; end`.execute(db);
      await sql`create index courses_lower_name on courses (lower(name))`.execute(db);
      return;
    }
    await sql`create index courses_lower_name on courses ((lower(name) collate "C"))`.execute(db);
  },
};

/**
 * Member searches take the first matches of one enterprise and stop: member_search is rebuilt with the
 * enterprise beside each member (unindexed, so never matched as text), kept in step by the same triggers. Its own
 * migration, so a database that ran 025_search before this part existed still gets it. PostgreSQL: 010's pg_trgm
 * indexes serve it as they are.
 */
export const m025Members: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    await sql`drop trigger if exists member_search_insert`.execute(db);
    await sql`drop trigger if exists member_search_update`.execute(db);
    await sql`drop trigger if exists member_search_delete`.execute(db);
    await sql`drop table if exists member_search`.execute(db);
    await sql`create virtual table member_search using fts5(user_id unindexed, enterprise_id unindexed, body, tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into member_search (user_id, enterprise_id, body) select id, enterprise_id, name || ' ' || email from users`.execute(
      db,
    );
    await sql`create trigger member_search_insert after insert on users begin
      insert into member_search (user_id, enterprise_id, body) values (new.id, new.enterprise_id, new.name || ' ' || new.email); end`.execute(
      db,
    );
    await sql`create trigger member_search_update after update of name, email, enterprise_id on users begin
      delete from member_search where user_id = old.id;
      insert into member_search (user_id, enterprise_id, body) values (new.id, new.enterprise_id, new.name || ' ' || new.email); end`.execute(
      db,
    );
    await sql`create trigger member_search_delete after delete on users begin
      delete from member_search where user_id = old.id; end`.execute(db);
  },
};
