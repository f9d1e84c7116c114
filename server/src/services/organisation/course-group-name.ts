import { GROUP_NAME_MAX } from '@coach/shared/contract/groups';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The name of a course's buyers' group: `<course> · learners`, cut to what the groups contract takes (so its
 * members can still be saved from the groups screen) and made unique among the enterprise's other groups
 * (`… (2)`).
 */
export const courseGroupName = async (
  db: Db,
  { enterpriseId, courseName, groupId }: { enterpriseId: string; courseName: string; groupId?: string },
) => {
  const base = `${courseName} · learners`.slice(0, GROUP_NAME_MAX);
  let others = db
    .selectFrom('groups')
    .select('name')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) like ${`${base.slice(0, 60).toLowerCase()}%`}`);
  if (groupId) others = others.where('id', '!=', groupId);
  const taken = new Set((await others.execute()).map((g) => g.name.toLowerCase()));
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, GROUP_NAME_MAX - 6)} (${n})`;
  return name;
};

/**
 * A course's buyers' group follows the course's name when the course is renamed, so the group lists never show a
 * name the course no longer has. Nothing changes for a course without a group, or one whose group has its name.
 */
export const followCourseName = async (
  db: Db,
  { enterpriseId, courseId }: { enterpriseId: string; courseId: string },
) => {
  const course = await db
    .selectFrom('courses')
    .innerJoin('groups', (join) =>
      join
        .onRef('groups.id', '=', 'courses.group_id')
        .onRef('groups.enterprise_id', '=', 'courses.enterprise_id'),
    )
    .select(['courses.name as course_name', 'groups.id as group_id', 'groups.name as group_name'])
    .where('courses.id', '=', courseId)
    .where('courses.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!course) return;
  const base = `${course.course_name} · learners`.slice(0, GROUP_NAME_MAX);
  if (course.group_name.toLowerCase().startsWith(base.toLowerCase())) {
    const rest = course.group_name.slice(base.length);
    // Already the course's name (or its unique form `… (2)`).
    if (rest === '' || /^ \(\d+\)$/.test(rest)) return;
  }
  const name = await courseGroupName(db, {
    enterpriseId,
    courseName: course.course_name,
    groupId: course.group_id,
  });
  await db
    .updateTable('groups')
    .set({ name })
    .where('id', '=', course.group_id)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
};
