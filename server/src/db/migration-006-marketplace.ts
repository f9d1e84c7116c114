import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/** The marketplace: institutions (one per enterprise that sells), their courses and enquiries. */
export const m006: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('institutions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().unique().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tagline', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('courses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) =>
        c.notNull().references('enterprises.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('duration', 'varchar(64)', (c) => c.notNull())
      .addColumn('level', 'varchar(32)', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('courses_published_created')
      .on('courses')
      .columns(['published', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('courses_enterprise').on('courses').columns(['enterprise_id']).execute();
    await db.schema
      .createTable('enquiries')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.references('enterprises.id').onDelete('set null'))
      .addColumn('course_id', 'varchar(64)', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('mobile_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};
