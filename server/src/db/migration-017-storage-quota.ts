import type { Migration } from 'kysely/migration';

/**
 * An enterprise's own storage quota in MB (null: STORAGE_QUOTA_MB, default 10 GB), and an index for
 * summing an enterprise's uploads against it on every signed upload.
 */
export const m017: Migration = {
  up: async (db) => {
    await db.schema.alterTable('enterprises').addColumn('storage_quota_mb', 'integer').execute();
    await db.schema
      .createIndex('uploads_enterprise')
      .on('uploads')
      .columns(['enterprise_id', 'received_at'])
      .execute();
  },
};
