import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Single sign-on per enterprise with OpenID Connect.
 * - `sso_connections`: one identity provider per enterprise (issuer, client id, client secret sealed with the
 *   server's secret), the role a first sign-in is given, and whether passwords are switched off for its members.
 * - `sso_domains`: the email domains it says it owns. A domain counts once the enterprise has proved it holds it
 *   (a DNS TXT record carrying the connection's `domain_token`, `verified_at` set); a verified domain belongs to one
 *   enterprise, so /login knows where to send an address, and a claim nobody proved takes nothing from anyone.
 * - `sso_identities`: which member an identity provider's subject is, found by email at the first sign-in and by
 *   subject afterwards (an address the provider renames later still reaches the same member).
 * - `sso_attempts`: a sign-in sent to the provider and not yet back: state, nonce and PKCE verifier, with the hash
 *   of a key only the tab that started it holds, each used once and for 10 minutes.
 */
export const m031: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('sso_connections')
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.primaryKey().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('client_secret', 'text', (c) => c.notNull())
      .addColumn('default_role_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('require_sso', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('domain_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sso_domains')
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('domain', 'varchar(253)', (c) => c.notNull())
      .addColumn('verified_at', 'varchar(40)')
      .addPrimaryKeyConstraint('sso_domains_pk', ['enterprise_id', 'domain'])
      .execute();
    await db.schema
      .createIndex('sso_domains_verified')
      .on('sso_domains')
      .column('domain')
      .unique()
      .where(sql.ref('verified_at'), 'is not', null)
      .execute();
    await db.schema
      .createTable('sso_identities')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('sso_identities_subject', ['enterprise_id', 'issuer', 'subject'])
      .execute();
    await db.schema
      .createTable('sso_attempts')
      .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
      .addColumn('browser_key_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
      .execute();
  },
};
