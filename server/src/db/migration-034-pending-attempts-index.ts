import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A task's attempts awaiting review, for PostgreSQL's pending-review search by task title
 * (`searchPending` in services/tasks/task-review.ts). From 011's (task, member) key it read every attempt of the
 * matching task (5,000 rows over 1,113 pages for "reflection 7") to keep the 501 that await review; this index holds
 * only those, so the capped read stops at them: 4.5 ms down to 2.0 ms. SQLite's query keeps its own plan (it names
 * `+status`, which a partial index cannot serve), so nothing was built there (038 builds it there since). 2 is
 * TASK_STATUS.completed.
 */
export const m034: Migration = {
  up: async (db: Kysely<unknown>) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    await sql`create index task_assignments_pending_task on task_assignments (task_id) where status = 2 and reviewed_at is null`.execute(
      db,
    );
  },
};
