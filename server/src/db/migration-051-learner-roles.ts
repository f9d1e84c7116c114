import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Companies made before every new company got a Learner role (db/companies.ts) had only Admin, so Invite member,
 * which preselects the role with the fewest permissions, offered Admin first. Each enterprise with no role named
 * Learner (any case) gets one with the dashboard only, as a new company does; a company that has one is left as it
 * is. Data only, once; written out here rather than imported so the migration does what it did on the day it was
 * written.
 */
export const m051LearnerRoles: Migration = {
  up: async (db: Kysely<unknown>) => {
    const { rows } = await sql<{ id: string }>`select e.id from enterprises e
      where not exists (select 1 from roles r where r.enterprise_id = e.id and lower(r.name) = 'learner')
      order by e.id`.execute(db);
    for (const { id } of rows)
      await sql`insert into roles (id, enterprise_id, name, permissions, is_system)
        values (${crypto.randomUUID()}, ${id}, 'Learner', ${JSON.stringify(['dashboard'])}, 0)`.execute(db);
  },
};
