import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * The "hear it" renders the server has stored (services/speech/hear-it.ts), each with when it was last asked for:
 * the housekeeping sweep deletes the ones nobody has heard for months (jobs/housekeeping.ts), and the next ask
 * renders the text again. Without it the cache only grew.
 */
export const m046HearItRenders: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('hear_it_renders')
      .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('heard_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('hear_it_renders_heard').on('hear_it_renders').column('heard_at').execute();
  },
};
