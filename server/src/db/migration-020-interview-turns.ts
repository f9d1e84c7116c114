import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

export const m020: Migration = {
  up: async (db) => {
    // The mock interview as a conversation: one row per heard answer (its request, the interviewer's
    // reply and what the answer said) and one for the coach's summing up (stage FEEDBACK).
    await db.schema
      .createTable('interview_turns')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('assignment_id', 'varchar(64)', (c) =>
        c.notNull().references('task_assignments.id').onDelete('cascade'),
      )
      .addColumn('stage', 'varchar(16)', (c) => c.notNull())
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('response', 'text')
      .addColumn('content', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('interview_turns_stage')
      .on('interview_turns')
      .columns(['assignment_id', 'stage'])
      .unique()
      .execute();
  },
};
