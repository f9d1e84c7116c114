import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * LTI Advantage: the services a platform offers the tool alongside a launch.
 * - lti_links: a resource link of a platform (a course's activity) and the task it opens, with the Assignment and
 *   Grade Services endpoints its launches carried (the link's line item, the course's line items, the scopes
 *   granted), so a learner's score can go back to that column of the gradebook.
 * - lti_contexts: a course of a platform seen in a launch: its title, the Names and Role Provisioning Services
 *   membership URL, and the group "Sync the class" fills with its members.
 * - lti_deep_links: a Deep Linking request waiting for the instructor's pick: where to post the answer, the
 *   platform's opaque data to echo, whether several items may be picked; for 30 minutes. Once answered, the signed
 *   answer waits 2 minutes for the instructor's browser to carry it to the platform, fetched with a one-time code
 *   (its SHA-256 kept), then the row goes.
 */
export const m044LtiAdvantage: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('lti_links')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('platform_id', 'varchar(64)', (c) =>
        c.notNull().references('lti_platforms.id').onDelete('cascade'),
      )
      .addColumn('resource_link_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('context_id', 'varchar(255)')
      .addColumn('task_id', 'varchar(64)')
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('lineitem_url', 'varchar(2000)')
      .addColumn('lineitems_url', 'varchar(2000)')
      .addColumn('ags_scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('lti_links_platform_link', ['platform_id', 'resource_link_id'])
      .execute();
    await db.schema.createIndex('lti_links_task').on('lti_links').column('task_id').execute();
    await db.schema
      .createTable('lti_contexts')
      .addColumn('platform_id', 'varchar(64)', (c) =>
        c.notNull().references('lti_platforms.id').onDelete('cascade'),
      )
      .addColumn('context_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('memberships_url', 'varchar(2000)')
      .addColumn('group_id', 'varchar(64)', (c) => c.references('groups.id').onDelete('set null'))
      .addColumn('synced_at', ts)
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('lti_contexts_pk', ['platform_id', 'context_id'])
      .execute();
    await db.schema
      .createTable('lti_deep_links')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('platform_id', 'varchar(64)', (c) =>
        c.notNull().references('lti_platforms.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('return_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('accept_multiple', 'integer', (c) => c.notNull())
      .addColumn('answer_jwt', 'text')
      .addColumn('answer_code_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
  },
};
