import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * SQLite: 034's index of a task's attempts awaiting review, built here too. The pending-review
 * search by task title used to name `+status` and walk a task's attempts by 011's (task, member) key, reading all
 * 5,000 attempts of "reflection 7" to keep the 501 awaiting review (3.5 ms of the search's 8 on the bench's data);
 * from this index it reads those 501 alone. The search now writes the status as a literal on both databases, so
 * each sees the index's terms. 2 is TASK_STATUS.completed.
 */
export const m038: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    await sql`create index task_assignments_pending_task on task_assignments (task_id) where status = 2 and reviewed_at is null`.execute(
      db,
    );
  },
};
