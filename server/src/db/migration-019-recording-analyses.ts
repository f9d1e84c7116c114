import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * The speech analysis of each recording of a task attempt, keyed like the report's recordings. A new
 * take of a recording replaces its row (and its queued job finds the row gone and stops).
 */
export const m019: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('recording_analyses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('assignment_id', 'varchar(64)', (c) =>
        c.notNull().references('task_assignments.id').onDelete('cascade'),
      )
      .addColumn('recording_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('file_url', 'text', (c) => c.notNull())
      .addColumn('target_text', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('analysis', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('recording_analyses_recording')
      .on('recording_analyses')
      .columns(['assignment_id', 'recording_key'])
      .unique()
      .execute();
  },
};
