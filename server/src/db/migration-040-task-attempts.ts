import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * A failed scored task can be tried again, and every try is kept.
 * - task_attempts: the earlier tries of an assignment (the current one stays on task_assignments), each with its
 *   report (recordings and score), its dates and the reviewer's word on it, numbered from 1.
 * - recording_analyses.attempt_id: a kept try's analyses stay (the speaking trend and the reports still count
 *   them) but leave the current attempt's keys free; only the current attempt's keys are unique now.
 * - task_assignments.counting_result: the score that counts (best or latest, the group's rule) as JSON, so the
 *   reports read it without walking the tries.
 * - pronunciation_settings.attempt_counts: the group's rule ('best' or 'latest'); null is 'best'.
 */
export const m040TaskAttempts: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('task_attempts')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('assignment_id', 'varchar(64)', (c) =>
        c.notNull().references('task_assignments.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('report', 'text', (c) => c.notNull())
      .addColumn('score', 'real')
      .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', ts)
      .addColumn('completed_at', ts)
      .addColumn('reviewed_at', ts)
      .addColumn('feedback', 'text')
      .addColumn('feedback_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('task_attempts_assignment')
      .on('task_attempts')
      .columns(['assignment_id', 'number'])
      .unique()
      .execute();
    await db.schema.alterTable('task_assignments').addColumn('counting_result', 'text').execute();
    await db.schema.alterTable('pronunciation_settings').addColumn('attempt_counts', 'varchar(16)').execute();
    await db.schema
      .alterTable('recording_analyses')
      .addColumn('attempt_id', 'varchar(64)', (c) => c.references('task_attempts.id').onDelete('cascade'))
      .execute();
    await db.schema.dropIndex('recording_analyses_recording').execute();
    await db.schema
      .createIndex('recording_analyses_recording')
      .on('recording_analyses')
      .columns(['assignment_id', 'recording_key'])
      .unique()
      .where(sql.ref('attempt_id'), 'is', null)
      .execute();
  },
};
