import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The top bar's group list is kept under the session signal too (services/identity/user-groups.ts `userGroups`),
 * so on PostgreSQL a statement that writes `groups` or `group_members` notifies every server process at its commit,
 * with the function migration 032 made. SQLite needs nothing here: each process reads `PRAGMA data_version`.
 */
export const m036: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    for (const table of ['groups', 'group_members']) {
      await sql`create trigger ${sql.id(`${table}_session_changed`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function coach_session_changed()`.execute(db);
    }
  },
};
