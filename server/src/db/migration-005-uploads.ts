import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** Every signed upload, so a file is only used by whoever asked for it and for its purpose. */
export const m005: Migration = {
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
