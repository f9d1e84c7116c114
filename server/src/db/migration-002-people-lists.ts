import type { Migration } from 'kysely/migration';

/** Lists of people: members by email and by last activity. */
export const m002: Migration = {
  up: async (db) => {
    await db.schema
      .createIndex('users_enterprise_email')
      .on('users')
      .columns(['enterprise_id', 'email'])
      .execute();
    await db.schema
      .createIndex('users_enterprise_last_active')
      .on('users')
      .columns(['enterprise_id', 'last_active_at'])
      .execute();
  },
};
