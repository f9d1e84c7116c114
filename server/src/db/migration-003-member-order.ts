import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Member lists sort case-insensitively with the id as tie-breaker: expression indexes let SQLite and
 * PostgreSQL walk the order instead of sorting 100k rows per request.
 */
export const m003: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('users_enterprise_lower_name')
      .on('users')
      .expression(sql`enterprise_id, lower(name), id`)
      .execute();
    await db.schema
      .createIndex('users_enterprise_lower_email')
      .on('users')
      .expression(sql`enterprise_id, lower(email), id`)
      .execute();
  },
};
