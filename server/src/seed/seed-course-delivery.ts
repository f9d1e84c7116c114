import type { Db } from '../db/connect.ts';
import { taskRow } from '../db/task-row.ts';
import { ensureCourseGroup } from '../services/courses/course-delivery.ts';

/**
 * What a seeded marketplace course delivers. Each institution gets two tasks (a passage to read aloud and
 * a written reflection) and, when the library has videos, its first two; each of its courses gets its learners'
 * group with those assigned, so a buyer finds them in My courses.
 */
const COURSE_TASKS = [
  {
    type: 1,
    title: 'Course start: read your introduction aloud',
    description: 'Read a short self-introduction at a calm pace, as you would on the first day of a course.',
    details: {
      passage:
        'Hello, my name is on the list, and I am glad to be here. I joined this course to speak with more confidence at work and in my studies. Over the next weeks I will practise a little every day, listen to my recordings, and ask for feedback when I need it.',
    },
  },
  {
    type: 7,
    title: 'Course start: what you want to practise',
    description: 'Two questions for your teacher before the first lesson.',
    details: {
      questions: [
        'Where do you need to speak with more confidence?',
        'What would success look like in four weeks?',
      ],
    },
  },
] as const;

export const seedCourseDelivery = async (trx: Db, { now }: { now: string }) => {
  const institutions = await trx.selectFrom('institutions').select('enterprise_id').execute();
  const videos = await trx
    .selectFrom('content')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(2)
    .execute();
  for (const { enterprise_id: enterpriseId } of institutions) {
    const tasks = COURSE_TASKS.map(({ details, ...task }) =>
      taskRow({ enterprise_id: enterpriseId, ...task, details, at: now }),
    );
    await trx.insertInto('tasks').values(tasks).execute();
    if (videos.length)
      await trx
        .insertInto('content_enterprises')
        .values(videos.map((v) => ({ content_id: v.id, enterprise_id: enterpriseId, assigned_at: now })))
        .execute();
    const courses = await trx
      .selectFrom('courses')
      .select(['id', 'name', 'enterprise_id', 'group_id'])
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    for (const course of courses) {
      const groupId = await ensureCourseGroup(trx, course);
      await trx
        .insertInto('task_group_assignments')
        .values(
          tasks.map((t) => ({
            task_id: t.id,
            group_id: groupId,
            enterprise_id: enterpriseId,
            assigned_at: now,
          })),
        )
        .execute();
      if (videos.length)
        await trx
          .insertInto('content_group_assignments')
          .values(
            videos.map((v) => ({
              content_id: v.id,
              group_id: groupId,
              enterprise_id: enterpriseId,
              assigned_at: now,
            })),
          )
          .execute();
    }
  }
};
