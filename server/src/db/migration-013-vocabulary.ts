import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** The platform's vocabulary list (words for vocabulary practice). */
export const m013: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('vocabulary')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('word', 'varchar(200)', (c) => c.notNull())
      .addColumn('meaning', 'text', (c) => c.notNull())
      .addColumn('example', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vocabulary_word').on('vocabulary').columns(['word']).unique().execute();
    await db.schema
      .createIndex('vocabulary_category')
      .on('vocabulary')
      .columns(['category', 'word'])
      .execute();
  },
};
