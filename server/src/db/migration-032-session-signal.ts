import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PostgreSQL tells every server process when a session may have changed, so each can keep session
 * rows between requests (session/signal.ts). A statement that writes a table the session lookup reads notifies
 * `coach_session_changed` at its commit (several in one transaction arrive as one). On `sessions`, a new row and the
 * once-a-minute `last_used_at` touch change no kept row and notify nothing. SQLite needs nothing here: each process
 * reads `PRAGMA data_version`.
 */
export const m032: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    await sql`create or replace function coach_session_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('coach_session_changed', '');
        return null;
      end $$`.execute(db);
    for (const table of ['users', 'roles', 'enterprises', 'admins']) {
      await sql`create trigger ${sql.id(`${table}_session_changed`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function coach_session_changed()`.execute(db);
    }
    await sql`create trigger sessions_session_changed
      after update of id, audience, subject_id, enterprise_id, parent_id, expires_at, ended_at or delete or truncate
      on sessions for each statement execute function coach_session_changed()`.execute(db);
  },
};
