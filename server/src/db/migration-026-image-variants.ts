import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A stored image's copies at display widths in AVIF and WebP (image-variants.ts makes them when a
 * course cover is saved or seeded). One row per original, keyed by its storage key, so every course showing the
 * same cover shares one set; `variants` is a JSON array of { key, type, width }, `width` and `height` are the
 * original's (upright), for the page's width and height attributes.
 */
export const m026: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('image_variants')
      .addColumn('original_key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
  },
};
