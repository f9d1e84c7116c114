import type { Migration } from 'kysely/migration';

/** Each member's and platform admin's language (spec §9's nine codes), for the screens and their mails. */
export const m024: Migration = {
  up: async (db) => {
    await db.schema.alterTable('users').addColumn('language', 'varchar(16)').execute();
    await db.schema.alterTable('admins').addColumn('language', 'varchar(16)').execute();
  },
};
