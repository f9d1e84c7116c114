import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

export const m001: Migration = {
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
