import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** What the groups contract takes for a name (GROUP_NAME_MAX on the day this migration was written). */
const NAME_MAX = 80;

/**
 * A buyers' group renamed before its name followed its course's (services/organisation/course-group-name.ts)
 * still showed the course's old name: each course's group is named `<course> · learners` again, cut to 80
 * characters and made unique among the enterprise's groups (`… (2)`), as the service names it. A group that
 * already has its course's name, or its unique form, is left as it is. Data only, once; written out here rather
 * than imported so the migration does what it did on the day it was written.
 */
export const m049BuyerGroupNames: Migration = {
  up: async (db: Kysely<unknown>) => {
    const { rows } = await sql<{
      enterprise_id: string;
      course_name: string;
      group_id: string;
      group_name: string;
    }>`select c.enterprise_id, c.name as course_name, g.id as group_id, g.name as group_name
      from courses c join groups g on g.id = c.group_id and g.enterprise_id = c.enterprise_id
      order by c.created_at, c.id`.execute(db);
    for (const row of rows) {
      const base = `${row.course_name} · learners`.slice(0, NAME_MAX);
      const lower = row.group_name.toLowerCase();
      if (lower.startsWith(base.toLowerCase()) && /^(| \(\d+\))$/.test(row.group_name.slice(base.length)))
        continue;
      const others = await sql<{ name: string }>`select name from groups
        where enterprise_id = ${row.enterprise_id} and id <> ${row.group_id}`.execute(db);
      const taken = new Set(others.rows.map((g) => g.name.toLowerCase()));
      let name = base;
      for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, NAME_MAX - 6)} (${n})`;
      await sql`update groups set name = ${name} where id = ${row.group_id}`.execute(db);
    }
  },
};
