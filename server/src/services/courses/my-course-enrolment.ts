import { sql } from 'kysely';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

/**
 * Whether the caller is enrolled in a course, for its marketplace page: a paid enrolment under their account, or
 * under their address (enrolments are by email), and whether My courses lists it (delivered to their account in
 * their organisation, as listMyCourses reads it). Only the caller's own enrolments are read.
 */
export const myCourseEnrolment = async (ctx: ServiceContext, { courseId }: { courseId: string }) => {
  const { user, enterpriseId } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('enrolments')
    .select(['user_id', 'enterprise_id'])
    .where('course_id', '=', courseId)
    .where('status', '=', 'paid')
    .where((eb) => eb.or([eb('user_id', '=', user.id), eb(sql`lower(email)`, '=', user.email.toLowerCase())]))
    .execute();
  return {
    enrolled: rows.length > 0,
    inMyCourses: rows.some((row) => row.user_id === user.id && row.enterprise_id === enterpriseId),
  };
};
