import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * The privacy policy and terms (spec §2), each a Markdown text: the platform's default (enterprise_id
 * null) or an enterprise's own. The id is `<kind>:<enterprise id or platform>`, one row per owner and kind. And
 * the timezones of spec §9: a member's own and the enterprise's default (null: the next one down, then UTC).
 */
export const m022: Migration = {
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
