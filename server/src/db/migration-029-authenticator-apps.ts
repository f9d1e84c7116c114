import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Authenticator apps (TOTP) and recovery codes, for enterprise members and platform admins
 * (`audience` says which table `subject_id` names, as in sessions). One app per account: `secret` is the base32
 * secret sealed with the server's secret (AES-256-GCM), `confirmed_at` null while the member has scanned it but not
 * yet typed a code; `last_step` is the time step of the last code accepted, so a code is taken once. A recovery code
 * is stored only as its HMAC and spent by setting `used_at`.
 */
export const m029: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('authenticator_apps')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'varchar(40)')
      .addColumn('last_step', 'integer')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('authenticator_apps_subject', ['audience', 'subject_id'])
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('recovery_codes_subject')
      .on('recovery_codes')
      .columns(['audience', 'subject_id', 'code_hash'])
      .execute();
  },
};
