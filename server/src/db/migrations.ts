import type { ColumnDefinitionBuilder as ColumnBuilder, Kysely } from 'kysely';
import { SqliteAdapter, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { m025, m025Members } from './migration-025-search.ts';
import { m026 } from './migration-026-image-variants.ts';
import { m027 } from './migration-027-webhooks.ts';

const ts = 'varchar(40)';

const m001: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('enterprises')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('address', 'text')
      .addColumn('features', 'text', (c) => c.notNull())
      .addColumn('theme', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('roles')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('roles_enterprise').on('roles').columns(['enterprise_id', 'name']).execute();
    await db.schema
      .createTable('users')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'varchar(64)', (c) => c.notNull().references('roles.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('is_default_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
      .addColumn('email_verified_at', ts)
      .addColumn('last_active_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('users_enterprise_name')
      .on('users')
      .columns(['enterprise_id', 'name'])
      .execute();
    await db.schema
      .createTable('groups')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('groups_enterprise_name')
      .on('groups')
      .columns(['enterprise_id', 'name'])
      .execute();
    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();
    await db.schema
      .createTable('admins')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('email_verified_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mfa_challenges')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('login_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', ts)
      .execute();
    await db.schema.createIndex('mfa_login').on('mfa_challenges').columns(['login_id']).execute();
    await db.schema
      .createTable('one_time_tokens')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createTable('throttle_events')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('key', 'varchar(400)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('throttle_key_time')
      .on('throttle_events')
      .columns(['key', 'created_at'])
      .execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('enterprise_id', 'varchar(64)')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};

/** Issue 3: lists of people: members by email and by last activity. */
const m002: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('users_enterprise_email')
      .on('users')
      .columns(['enterprise_id', 'email'])
      .execute();
    await db.schema
      .createIndex('users_enterprise_last_active')
      .on('users')
      .columns(['enterprise_id', 'last_active_at'])
      .execute();
  },
};

/**
 * Member lists sort case-insensitively with the id as tie-breaker: expression indexes let SQLite and
 * PostgreSQL walk the order instead of sorting 100k rows per request.
 */
const m003: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('users_enterprise_lower_name')
      .on('users')
      .expression(sql`enterprise_id, lower(name), id`)
      .execute();
    await db.schema
      .createIndex('users_enterprise_lower_email')
      .on('users')
      .expression(sql`enterprise_id, lower(email), id`)
      .execute();
  },
};

/** Issue 3: invitations and the activity history behind member detail and the dashboard chart. */
const m004: Migration = {
  up: async (db) => {
    await db.schema.alterTable('users').addColumn('invited_at', ts).execute();
    await db.schema
      .createTable('activity_days')
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_days_pk', ['user_id', 'day'])
      .execute();
    await db.schema
      .createIndex('activity_days_enterprise_day')
      .on('activity_days')
      .columns(['enterprise_id', 'day'])
      .execute();
  },
};

/** Issue 3: every signed upload, so a file is only used by whoever asked for it and for its purpose. */
const m005: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('uploads')
      .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
      .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('max_bytes', 'bigint', (c) => c.notNull())
      .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('enterprise_id', 'varchar(64)')
      .addColumn('size', 'bigint')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('received_at', ts)
      .execute();
  },
};

/** Issue 4: the marketplace: institutions (one per enterprise that sells), their courses and enquiries. */
const m006: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('institutions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().unique().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tagline', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('courses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('duration', 'varchar(64)', (c) => c.notNull())
      .addColumn('level', 'varchar(32)', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('courses_published_created')
      .on('courses')
      .columns(['published', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('courses_enterprise').on('courses').columns(['enterprise_id']).execute();
    await db.schema
      .createTable('enquiries')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.references('enterprises.id').onDelete('set null'))
      .addColumn('course_id', 'varchar(64)', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('mobile_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};

/** Issue 4: enrolments and their payments (a row is an enrolment once its payment is paid). */
const m007: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('enrolments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(64)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('payment_id', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('paid_at', ts)
      .execute();
    await db.schema
      .createIndex('enrolments_course_status')
      .on('enrolments')
      .columns(['course_id', 'status', 'created_at'])
      .execute();
  },
};

/** Issue 4: the embedded test-mode payment provider's payments. */
const m008: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('test_payments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};

/**
 * Issue 4: course search without a full scan. SQLite gets an FTS5 trigram index (substring matches like the
 * site's search box) kept in step by triggers; PostgreSQL gets pg_trgm GIN indexes when it may create them.
 */
const m009: Migration = {
  up: async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`create virtual table course_search using fts5(course_id unindexed, body, tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into course_search (course_id, body) select id, name || ' ' || category from courses`.execute(
        db,
      );
      await sql`create trigger course_search_insert after insert on courses begin
        insert into course_search (course_id, body) values (new.id, new.name || ' ' || new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_update after update of name, category on courses begin
        delete from course_search where course_id = old.id;
        insert into course_search (course_id, body) values (new.id, new.name || ' ' || new.category); end`.execute(
        db,
      );
      await sql`create trigger course_search_delete after delete on courses begin
        delete from course_search where course_id = old.id; end`.execute(db);
      return;
    }
    const allowed = await sql<{
      ok: boolean;
    }>`select has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index courses_name_trgm on courses using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index courses_category_trgm on courses using gin (lower(category) gin_trgm_ops)`.execute(
      db,
    );
  },
};

/** Issue 3: member search without a full scan (the same approach as course search). */
const m010: Migration = {
  up: async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`create virtual table member_search using fts5(user_id unindexed, body, tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into member_search (user_id, body) select id, name || ' ' || email from users`.execute(
        db,
      );
      await sql`create trigger member_search_insert after insert on users begin
        insert into member_search (user_id, body) values (new.id, new.name || ' ' || new.email); end`.execute(
        db,
      );
      await sql`create trigger member_search_update after update of name, email on users begin
        delete from member_search where user_id = old.id;
        insert into member_search (user_id, body) values (new.id, new.name || ' ' || new.email); end`.execute(
        db,
      );
      await sql`create trigger member_search_delete after delete on users begin
        delete from member_search where user_id = old.id; end`.execute(db);
      return;
    }
    const allowed = await sql<{
      ok: boolean;
    }>`select has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_name_trgm on users using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index users_email_trgm on users using gin (lower(email) gin_trgm_ops)`.execute(db);
  },
};

/** Issue 5: the task library, folders, assignments (direct and by group), reading topics, pronunciation settings. */
const m011: Migration = {
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

/** Issue 6: the platform's video library, which enterprises have each video, assignment, actions, journaling. */
const m012: Migration = {
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

/** Issue 7: the platform's vocabulary list (words for vocabulary practice). */
const m013: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('vocabulary')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('word', 'varchar(200)', (c) => c.notNull())
      .addColumn('meaning', 'text', (c) => c.notNull())
      .addColumn('example', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vocabulary_word').on('vocabulary').columns(['word']).unique().execute();
    await db.schema
      .createIndex('vocabulary_category')
      .on('vocabulary')
      .columns(['category', 'word'])
      .execute();
  },
};

/**
 * Issue 7: the platform task library (templates the admin offers to enterprises, copied into an enterprise's
 * library while offered, the copy pointing back), coaches for the content editor, and the platform (web, ios,
 * android) of each active day for the app-user-counts report.
 */
const m014: Migration = {
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

/**
 * Issue 7: indexes for the platform-wide dashboard: completed tasks and video views by time (with 100,000
 * assignments its p50 went from about 250 to about 50 ms). The per-member report keeps the per-user indexes
 * (see usageRows in services/admin-reports.ts).
 */
const m015: Migration = {
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

/**
 * Issue 15: server-side sessions. A token names its session (`lid`); every call checks the row, so logout, a
 * password change or reset, and deactivation end tokens at once, and a session ends 30 days after sign-in
 * whatever refreshes it had. A log-in-as session hangs on the platform admin's own (`parent_id`).
 */
const m016: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('enterprise_id', 'varchar(64)')
      .addColumn('parent_id', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('verified_at', ts)
      .addColumn('last_used_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('ended_at', ts)
      .addColumn('ended_reason', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('sessions_subject')
      .on('sessions')
      .columns(['audience', 'subject_id', 'ended_at'])
      .execute();
    await db.schema.createIndex('sessions_parent').on('sessions').columns(['parent_id']).execute();
  },
};

/**
 * Issue 15: an enterprise's own storage quota in MB (null: STORAGE_QUOTA_MB, default 10 GB), and an index for
 * summing an enterprise's uploads against it on every signed upload.
 */
const m017: Migration = {
  up: async (db) => {
    await db.schema.alterTable('enterprises').addColumn('storage_quota_mb', 'integer').execute();
    await db.schema
      .createIndex('uploads_enterprise')
      .on('uploads')
      .columns(['enterprise_id', 'received_at'])
      .execute();
  },
};

/**
 * Issue 16: a durable job table worked in the background (speech analysis first; webhooks and xAPI later). A job
 * is claimed with a lease: a process killed mid-job leaves the lease to run out, and the next worker takes it again.
 */
const m018: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', ts, (c) => c.notNull())
      .addColumn('locked_until', ts)
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after']).execute();
  },
};

/**
 * Issue 16: the speech analysis of each recording of a task attempt, keyed like the report's recordings. A new
 * take of a recording replaces its row (and its queued job finds the row gone and stops).
 */
const m019: Migration = {
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

const m020: Migration = {
  up: async (db) => {
    // The mock interview as a conversation (issue 16): one row per heard answer (its request, the interviewer's
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

/**
 * Issue 17: surveys. Questions are the question templates of spec §3 as JSON; a survey reaches members directly
 * and through groups (whoever is in an assigned group has it, later joiners too); each member's answers are one
 * row, changed in place while the survey is open.
 */
const m021: Migration = {
  up: async (db) => {
    const enterpriseRef = (c: ColumnBuilder) => c.notNull().references('enterprises.id').onDelete('cascade');
    const surveyRef = (c: ColumnBuilder) => c.notNull().references('surveys.id').onDelete('cascade');
    await db.schema
      .createTable('surveys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('questions', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('expiry_seconds', 'integer')
      .addColumn('due_at', ts)
      .addColumn('published_at', ts)
      .addColumn('closed_at', ts)
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('surveys_enterprise_list')
      .on('surveys')
      .columns(['enterprise_id', 'status', 'created_at'])
      .execute();
    await db.schema
      .createTable('survey_group_assignments')
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_group_assignments_pk', ['survey_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('survey_group_assignments_group')
      .on('survey_group_assignments')
      .columns(['group_id'])
      .execute();
    await db.schema
      .createTable('survey_member_assignments')
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_member_assignments_pk', ['survey_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('survey_member_assignments_user')
      .on('survey_member_assignments')
      .columns(['user_id'])
      .execute();
    await db.schema
      .createTable('survey_responses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** JSON: the answers per question id ({ values, other }). */
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('submitted_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('survey_responses_survey_user', ['survey_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('survey_responses_user')
      .on('survey_responses')
      .columns(['user_id'])
      .execute();
  },
};

/**
 * Issue 17: the privacy policy and terms (spec §2), each a Markdown text: the platform's default (enterprise_id
 * null) or an enterprise's own. The id is `<kind>:<enterprise id or platform>`, one row per owner and kind. And
 * the timezones of spec §9: a member's own and the enterprise's default (null: the next one down, then UTC).
 */
const m022: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('legal_texts')
      .addColumn('id', 'varchar(160)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.references('enterprises.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.alterTable('enterprises').addColumn('timezone', 'varchar(64)').execute();
    await db.schema.alterTable('users').addColumn('timezone', 'varchar(64)').execute();
  },
};

/**
 * Issue 17 item 7: what a buyer decides on. A course gets what its learners will learn (a JSON list), its
 * syllabus (JSON modules, each with its lessons) and its instructor; enrolled learners review it, once each.
 */
const m023: Migration = {
  up: async (db) => {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema
      .alterTable('courses')
      .addColumn('outcomes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('courses')
      .addColumn('syllabus', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('courses').addColumn('instructor_name', 'text').execute();
    await db.schema.alterTable('courses').addColumn('instructor_bio', 'text').execute();
    await db.schema
      .createTable('course_reviews')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(64)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('course_reviews_course_user', ['course_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('course_reviews_course')
      .on('course_reviews')
      .columns(['course_id', 'updated_at'])
      .execute();
  },
};

/** Issue 18: each member's and platform admin's language (spec §9's nine codes), for the screens and their mails. */
const m024: Migration = {
  up: async (db) => {
    await db.schema.alterTable('users').addColumn('language', 'varchar(16)').execute();
    await db.schema.alterTable('admins').addColumn('language', 'varchar(16)').execute();
  },
};

export const migrateToLatest = async (db: Kysely<unknown>) => {
  const migrator = new Migrator({
    db,
    // Migrations are numbered as they are planned and may land out of number (issue 17's 022 before 021): a
    // database that ran a later one first still runs the earlier one when it arrives.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () => ({
        '001_auth': m001,
        '002_people_lists': m002,
        '003_member_order': m003,
        '004_invites_activity': m004,
        '005_uploads': m005,
        '006_marketplace': m006,
        '007_enrolments': m007,
        '008_test_payments': m008,
        '009_course_search': m009,
        '010_member_search': m010,
        '011_tasks': m011,
        '012_content': m012,
        '013_vocabulary': m013,
        '014_platform_library': m014,
        '015_report_indexes': m015,
        '016_sessions': m016,
        '017_storage_quota': m017,
        '018_jobs': m018,
        '019_recording_analyses': m019,
        '020_interview_turns': m020,
        '021_surveys': m021,
        '022_legal_texts_timezones': m022,
        '023_course_syllabus_reviews': m023,
        '024_languages': m024,
        '025_search': m025,
        '025_search_members': m025Members,
        '026_image_variants': m026,
        '027_webhooks': m027,
      }),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
};
