import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * The platform task library (templates the admin offers to enterprises, copied into an enterprise's
 * library while offered, the copy pointing back), coaches for the content editor, and the platform (web, ios,
 * android) of each active day for the app-user-counts report.
 */
export const m014: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('platform_tasks')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('time_minutes', 'integer', (c) => c.notNull())
      .addColumn('expiry_seconds', 'integer', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('platform_tasks_list')
      .on('platform_tasks')
      .columns(['archived', 'type', 'created_at'])
      .execute();
    await db.schema
      .alterTable('tasks')
      .addColumn('platform_task_id', 'varchar(64)', (c) =>
        c.references('platform_tasks.id').onDelete('set null'),
      )
      .execute();
    await db.schema
      .createIndex('tasks_platform_copy')
      .on('tasks')
      .columns(['platform_task_id', 'enterprise_id'])
      .execute();
    await db.schema
      .createTable('coaches')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coaches_name').on('coaches').columns(['name']).unique().execute();
    await db.schema
      .alterTable('content')
      .addColumn('coach_id', 'varchar(64)', (c) => c.references('coaches.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('activity_days')
      .addColumn('platform', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
      .execute();
  },
};
