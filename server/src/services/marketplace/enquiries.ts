import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import { notFound } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

/** Enquiries per IP: generous for people, a wall for scripts (the form keeps its text on a 429). */
const ENQUIRY_LIMIT_KEY = 'enquiry';

/**
 * send-contact-us-details and contact-form-home: the enquiry is stored first (so it is never lost), then mailed
 * to the institution of the course (or to support for a general enquiry).
 */
export const sendEnquiry = async (
  ctx: ServiceContext,
  source: 'course' | 'home',
  { data }: ParsedRequestOf<typeof marketplace.sendContactUsDetails | typeof marketplace.contactFormHome>,
) => {
  const keys = throttleKeys(ENQUIRY_LIMIT_KEY, data.email.toLowerCase(), ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const course = data.courseId
    ? await ctx.db
        .selectFrom('courses')
        .select(['id', 'name', 'enterprise_id'])
        .where('id', '=', data.courseId)
        .where('published', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (data.courseId && !course) throw notFound('Course not found');
  const institutionRow = course
    ? await ctx.db
        .selectFrom('institutions')
        .select(['name', 'enterprise_id'])
        .where('enterprise_id', '=', course.enterprise_id)
        .executeTakeFirst()
    : data.institutionSlug
      ? await ctx.db
          .selectFrom('institutions')
          .select(['name', 'enterprise_id'])
          .where('slug', '=', data.institutionSlug)
          .executeTakeFirst()
      : undefined;
  await ctx.db
    .insertInto('enquiries')
    .values({
      id: crypto.randomUUID(),
      enterprise_id: institutionRow?.enterprise_id ?? null,
      course_id: course?.id ?? null,
      source,
      name: data.name,
      email: data.email,
      mobile_no: data.mobileNo,
      message: data.message,
      created_at: nowIso(),
    })
    .execute();
  const admin = institutionRow
    ? await ctx.db
        .selectFrom('users')
        .select('email')
        .where('enterprise_id', '=', institutionRow.enterprise_id)
        .where('is_default_admin', '=', 1)
        .executeTakeFirst()
    : undefined;
  await ctx.mail.send({
    to: admin?.email ?? ctx.config.supportEmail ?? 'support@coach.example',
    subject: course ? `Enquiry about ${course.name}` : 'Marketplace enquiry',
    text: [
      `From: ${data.name} <${data.email}>`,
      `Phone: ${data.mobileNo}`,
      ...(course ? [`Course: ${course.name}`] : []),
      ...(institutionRow ? [`Institution: ${institutionRow.name}`] : []),
      '',
      data.message,
    ].join('\n'),
  });
  ctx.setMessage('Thank you! Your enquiry has been sent. The institution will contact you soon.');
  return {};
};
