import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Passkeys (WebAuthn), for enterprise members and platform admins (`audience` says which table
 * `subject_id` names, as in sessions; `enterprise_id` is the member's tenant, null for a platform admin). A
 * credential id is unique across the whole table: one authenticator's key belongs to one account. `public_key` is the
 * COSE key in base64url, `counter` the authenticator's signature counter (never allowed to go back), `transports`
 * a JSON array the browser reported.
 *
 * `passkey_challenges` holds the challenges handed out, each for one audience, purpose (register, second-factor,
 * login) and session (the sign-in's session id, or the passwordless sign-in's flow id): taken once by deleting it,
 * and useless after `expires_at` (5 minutes).
 */
export const m030: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('enterprise_id', 'varchar(64)')
      .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(40)')
      .execute();
    await db.schema
      .createIndex('passkeys_subject')
      .on('passkeys')
      .columns(['audience', 'subject_id'])
      .execute();
    await db.schema.createIndex('passkeys_enterprise').on('passkeys').columns(['enterprise_id']).execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('session_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('passkey_challenges_session', ['audience', 'purpose', 'session_key'])
      .execute();
    await db.schema
      .createIndex('passkey_challenges_expiry')
      .on('passkey_challenges')
      .column('expires_at')
      .execute();
  },
};
