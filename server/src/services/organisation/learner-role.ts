import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The role of members made for an enterprise by something other than an admin (a marketplace buyer, a SCIM
 * directory without single sign-on's role): the enterprise's role named Learner, else a new one with the dashboard
 * only (their own progress).
 */
const LEARNER_ROLE = { name: 'Learner', permissions: ['dashboard'] } as const;

/** The enterprise's role named Learner (any case), else a new one with the dashboard only. */
export const learnerRole = async (db: Db, enterpriseId: string) => {
  const found = await db
    .selectFrom('roles')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) = 'learner'`)
    .executeTakeFirst();
  if (found) return found.id;
  const id = crypto.randomUUID();
  await db
    .insertInto('roles')
    .values({
      id,
      enterprise_id: enterpriseId,
      name: LEARNER_ROLE.name,
      permissions: JSON.stringify(LEARNER_ROLE.permissions),
      is_system: 0,
    })
    .execute();
  return id;
};
