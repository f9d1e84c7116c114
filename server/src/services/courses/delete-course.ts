import { conflict, notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import type { ServiceContext } from '../context.ts';
import { removeCover } from './course-cover.ts';

// delete-course: a course made by mistake, or never sold, goes. One that has been on the marketplace stays (its
// page may be linked to, bought or reviewed; unpublishing takes it off), and so does one with enrolments (each is
// a buyer's record, and a refund needs it).

const REFUSED = {
  enrolments: 'A course with enrolments cannot be deleted',
  published: 'A course that has been on the marketplace cannot be deleted',
} as const;

/**
 * Deletes the caller's course when it has never been published and has no enrolment (409 naming the reason
 * otherwise; another enterprise's course is 404). Its buyers' group goes with it when nobody is in it, with the
 * tasks and videos assigned to it; a group someone was added to stays, as one of the enterprise's own groups. Its
 * cover goes from storage unless another course uses it (removeCover).
 */
export const deleteCourse = async (ctx: ServiceContext, { courseId }: { courseId: string }) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const course = await trx
      .selectFrom('courses')
      .select((eb) => [
        'courses.id',
        'courses.name',
        'courses.published',
        'courses.first_published_at',
        'courses.group_id',
        'courses.image_url',
        eb
          .selectFrom('enrolments')
          .select((sub) => sub.fn.countAll().as('n'))
          .whereRef('enrolments.course_id', '=', 'courses.id')
          .as('enrolments'),
      ])
      .where('courses.id', '=', courseId)
      .where('courses.enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (!course) throw notFound('Course not found');
    if (Number(course.enrolments) > 0) throw conflict(REFUSED.enrolments);
    if (Number(course.published) === 1 || course.first_published_at) throw conflict(REFUSED.published);
    await trx
      .deleteFrom('courses')
      .where('id', '=', course.id)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    let groupDeleted = false;
    if (course.group_id) {
      const someone = await trx
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', course.group_id)
        .limit(1)
        .executeTakeFirst();
      if (!someone) {
        const result = await trx
          .deleteFrom('groups')
          .where('id', '=', course.group_id)
          .where('enterprise_id', '=', enterpriseId)
          .executeTakeFirst();
        groupDeleted = Number(result.numDeletedRows) === 1;
      }
    }
    await audit(trx, {
      actorKind: 'enterprise',
      actorId: user.id,
      enterpriseId,
      action: 'course.deleted',
      details: { courseId: course.id, name: course.name, groupId: course.group_id, groupDeleted },
    });
    return { groupKept: Boolean(course.group_id) && !groupDeleted, imageUrl: course.image_url };
  });
  await removeCover(ctx, deleted.imageUrl, 'delete-course');
  ctx.setMessage(
    deleted.groupKept
      ? "Course deleted; its learners' group stays because people are in it"
      : 'Course deleted',
  );
  return { _id: courseId };
};
