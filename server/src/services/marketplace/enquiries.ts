import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import { notFound } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

/** Enquiries per IP: generous for people, a wall for scripts (the form keeps its text on a 429). */
const ENQUIRY_LIMIT_KEY = 'enquiry';

/** What the enquirer is told once their enquiry is sent: who will answer it. */
export const ENQUIRY_SENT = {
  institution: 'Thank you! Your enquiry has been sent. The institution will contact you soon.',
  programme: 'Thank you! Your enquiry has been sent. The programme team will contact you soon.',
  /** A general enquiry (the home page's Join Us form): it reaches the platform's support. */
  support: 'Thank you! Your enquiry has been sent. Our team will contact you soon.',
} as const;

/** A name from the form on one line: it goes into the mail's subject. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * send-contact-us-details and contact-form-home: the enquiry is stored first (so it is never lost), then mailed
 * to the institution of the course (or to support for a general enquiry or a partner programme's, which names
 * the programme). The enquirer's address is one (the contract checks its format).
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
  // A partner landing page's enquiry names its programme (spec §7 'plus the contact context'); a course's or an
  // institution's goes to the institution and names it already.
  const programme = !institutionRow && data.programme ? oneLine(data.programme) : '';
  await ctx.mail.send({
    to: admin?.email ?? ctx.config.supportEmail ?? 'support@coach.example',
    replyTo: data.email,
    subject: course
      ? `Enquiry about ${course.name}`
      : programme
        ? `Enquiry about ${programme}`
        : 'Marketplace enquiry',
    text: [
      `From: ${data.name} <${data.email}>`,
      `Phone: ${data.mobileNo}`,
      ...(course ? [`Course: ${course.name}`] : []),
      ...(institutionRow ? [`Institution: ${institutionRow.name}`] : []),
      ...(programme ? [`Programme: ${programme}`] : []),
      '',
      data.message,
    ].join('\n'),
  });
  ctx.setMessage(
    programme ? ENQUIRY_SENT.programme : institutionRow ? ENQUIRY_SENT.institution : ENQUIRY_SENT.support,
  );
  return {};
};
