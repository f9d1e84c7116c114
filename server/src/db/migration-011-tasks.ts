import type { ColumnDefinitionBuilder as ColumnBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** The task library, folders, assignments (direct and by group), reading topics, pronunciation settings. */
export const m011: Migration = {
  up: async (db) => {
    const enterpriseRef = (c: ColumnBuilder) => c.notNull().references('enterprises.id').onDelete('cascade');
    await db.schema
      .createTable('reading_topics')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('passage', 'text', (c) => c.notNull())
      .addColumn('level', 'integer')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('reading_topics_enterprise')
      .on('reading_topics')
      .columns(['enterprise_id', 'title'])
      .execute();
    await db.schema
      .createTable('pronunciation_settings')
      .addColumn('group_id', 'varchar(64)', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('accent', 'varchar(16)', (c) => c.notNull())
      .addColumn('passing_score', 'integer', (c) => c.notNull())
      .addColumn('strictness', 'varchar(16)', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tasks')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('time_minutes', 'integer', (c) => c.notNull())
      .addColumn('expiry_seconds', 'integer', (c) => c.notNull())
      /** The type's own fields (passage, items, questions, interview details) as JSON. */
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('reading_topic_id', 'varchar(64)', (c) =>
        c.references('reading_topics.id').onDelete('set null'),
      )
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tasks_enterprise_list')
      .on('tasks')
      .columns(['enterprise_id', 'archived', 'type', 'created_at'])
      .execute();
    await db.schema
      .createTable('task_folders')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('task_folders_enterprise')
      .on('task_folders')
      .columns(['enterprise_id'])
      .execute();
    await db.schema
      .createTable('task_folder_items')
      .addColumn('folder_id', 'varchar(64)', (c) =>
        c.notNull().references('task_folders.id').onDelete('cascade'),
      )
      .addColumn('task_id', 'varchar(64)', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('added_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('task_folder_items_pk', ['folder_id', 'task_id'])
      .execute();
    await db.schema
      .createTable('task_group_assignments')
      .addColumn('task_id', 'varchar(64)', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('task_group_assignments_pk', ['task_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('task_group_assignments_group')
      .on('task_group_assignments')
      .columns(['group_id'])
      .execute();
    await db.schema
      .createTable('task_assignments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('task_id', 'varchar(64)', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** 'direct' (assign-task-users) or 'group' (assign-task-group-users, also for later joiners). */
      .addColumn('source', 'varchar(8)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('report', 'text')
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addColumn('due_at', ts, (c) => c.notNull())
      .addColumn('started_at', ts)
      .addColumn('completed_at', ts)
      .addColumn('reviewed_at', ts)
      .addColumn('reviewed_by', 'varchar(64)')
      .addColumn('feedback', 'text')
      .addColumn('feedback_at', ts)
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('task_assignments_task_user', ['task_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('task_assignments_user')
      .on('task_assignments')
      // (user, status, reviewed) also lets the pending-review list walk members by name (see pendingReview).
      .columns(['user_id', 'status', 'reviewed_at'])
      .execute();
    await db.schema
      .createIndex('task_assignments_review')
      .on('task_assignments')
      .columns(['enterprise_id', 'status', 'reviewed_at'])
      .execute();
  },
};
