import type { Migration } from 'kysely/migration';

/**
 * Indexes for the platform-wide dashboard: completed tasks and video views by time (with 100,000
 * assignments its p50 went from about 250 to about 50 ms). The per-member report keeps the per-user indexes
 * (see usageRows in services/reports/admin-members-usage.ts).
 */
export const m015: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('task_assignments_completed')
      .on('task_assignments')
      .columns(['status', 'completed_at'])
      .execute();
    await db.schema
      .createIndex('content_actions_action_time')
      .on('content_actions')
      .columns(['action', 'created_at'])
      .execute();
  },
};
