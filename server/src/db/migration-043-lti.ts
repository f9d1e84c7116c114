import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * LTI 1.3 (1EdTech LTI Core with LTI Advantage): the tool runs inside an enterprise's LMS (Moodle, Canvas…).
 * - lti_platforms: an LMS registered by the enterprise's default admin: its issuer and the client id it gave the
 *   tool (one pair names one platform across the whole server), its deployment ids (a JSON array), and where its
 *   keys, authorisation and token endpoints are.
 * - lti_tool_keys: the tool's own RSA key pairs, one signing at a time, by `kid`; the private key sealed with the
 *   server's secret. A new pair takes over after LTI_KEY_DAYS; the old public key stays in the keyset a while so a
 *   platform holding it can still check what it signed.
 * - lti_logins: an OIDC third-party login the tool sent to a platform and that has not come back: state and nonce,
 *   each used once, for 10 minutes.
 * - lti_accounts: which member a platform's user (`sub`) is.
 * - lti_handoffs: a verified launch waiting for its browser: the hash of a one-time code the launch redirected with,
 *   the member, and the page to open, for 2 minutes.
 */
export const m043Lti: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('lti_platforms')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('deployment_ids', 'text', (c) => c.notNull())
      .addColumn('keyset_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('auth_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('token_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('lti_platforms_issuer_client', ['issuer', 'client_id'])
      .execute();
    await db.schema
      .createIndex('lti_platforms_enterprise')
      .on('lti_platforms')
      .column('enterprise_id')
      .execute();
    await db.schema
      .createTable('lti_tool_keys')
      .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('lti_logins')
      .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('platform_id', 'varchar(64)', (c) =>
        c.notNull().references('lti_platforms.id').onDelete('cascade'),
      )
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_link_uri', 'varchar(2000)', (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('lti_accounts')
      .addColumn('platform_id', 'varchar(64)', (c) =>
        c.notNull().references('lti_platforms.id').onDelete('cascade'),
      )
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('lti_accounts_pk', ['platform_id', 'subject'])
      .execute();
    await db.schema
      .createTable('lti_handoffs')
      .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(2000)', (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
  },
};
