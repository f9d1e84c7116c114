import type { PermissionKey } from '@coach/shared/permissions';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The roles of members made for an enterprise by something other than an admin (a marketplace buyer, a SCIM
 * directory, an LMS launch): the enterprise's role of that name (any case), else a new one with these permissions.
 */
export const roleNamed = async (db: Db, enterpriseId: string, name: string, permissions: PermissionKey[]) => {
  const found = await db
    .selectFrom('roles')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (found) return found.id;
  const id = crypto.randomUUID();
  await db
    .insertInto('roles')
    .values({ id, enterprise_id: enterpriseId, name, permissions: JSON.stringify(permissions), is_system: 0 })
    .execute();
  return id;
};

/** The role named Learner, else a new one with the dashboard only (their own progress). */
export const learnerRole = (db: Db, enterpriseId: string) =>
  roleNamed(db, enterpriseId, 'Learner', ['dashboard']);
