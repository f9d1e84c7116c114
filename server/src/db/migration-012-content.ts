import type { ColumnDefinitionBuilder as ColumnBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** The platform's video library, which enterprises have each video, assignment, actions, journaling. */
export const m012: Migration = {
  up: async (db) => {
    const enterpriseRef = (c: ColumnBuilder) => c.notNull().references('enterprises.id').onDelete('cascade');
    const contentRef = (c: ColumnBuilder) => c.notNull().references('content.id').onDelete('cascade');
    const userRef = (c: ColumnBuilder) => c.notNull().references('users.id').onDelete('cascade');
    await db.schema
      .createTable('content')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('coach', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      /** Storage key of an uploaded video, null for an outside address. */
      .addColumn('video_key', 'text')
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('hls', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('thumbnail_url', 'text')
      .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      /** [{ label, srcLang, url }] as JSON. */
      .addColumn('subtitles', 'text', (c) => c.notNull())
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('content_category')
      .on('content')
      .columns(['category', 'created_at'])
      .execute();
    await db.schema
      .createTable('content_enterprises')
      .addColumn('content_id', 'varchar(64)', contentRef)
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('content_enterprises_pk', ['enterprise_id', 'content_id'])
      .execute();
    await db.schema
      .createTable('content_group_assignments')
      .addColumn('content_id', 'varchar(64)', contentRef)
      .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('content_group_assignments_pk', ['content_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('content_group_assignments_group')
      .on('content_group_assignments')
      .columns(['group_id'])
      .execute();
    await db.schema
      .createTable('content_assignments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('content_id', 'varchar(64)', contentRef)
      .addColumn('user_id', 'varchar(64)', userRef)
      /** 'direct' (assign-content-users) or 'group' (assign-content-group-users, also for later joiners). */
      .addColumn('source', 'varchar(8)', (c) => c.notNull())
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addUniqueConstraint('content_assignments_content_user', ['content_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('content_assignments_user')
      .on('content_assignments')
      .columns(['user_id'])
      .execute();
    await db.schema
      .createTable('content_actions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('user_id', 'varchar(64)', userRef)
      .addColumn('content_id', 'varchar(64)', contentRef)
      /** 'viewed' or 'liked'; once per viewer and video ('unliked' deletes the like). */
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('content_actions_once', ['user_id', 'content_id', 'action'])
      .execute();
    await db.schema
      .createIndex('content_actions_content')
      .on('content_actions')
      .columns(['content_id', 'action'])
      .execute();
    await db.schema
      .createTable('content_reviews')
      .addColumn('user_id', 'varchar(64)', userRef)
      .addColumn('content_id', 'varchar(64)', contentRef)
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('learned_from_video', 'text', (c) => c.notNull())
      .addColumn('good_outcome', 'text', (c) => c.notNull())
      .addColumn('steps_for_achievement', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('content_reviews_pk', ['user_id', 'content_id'])
      .execute();
  },
};
