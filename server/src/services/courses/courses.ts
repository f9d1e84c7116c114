import {
  COURSE_PAGE_SIZE,
  type CourseInstructor,
  ENROLMENT_CHECKOUT_WINDOW_MS,
  type Enrolment,
  type ManagedCourse,
  type ManagedCourseDetail,
} from '@coach/shared/contract/courses';
import type { SyllabusModule } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import { assertNotThrottled, recordEvent } from '../../auth/throttle.ts';
import { conflict, notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { followCourseName } from '../organisation/course-group-name.ts';
import { removeCover, saveCover } from './course-cover.ts';
import {
  ensureCourseGroup,
  freshInviteToken,
  mailEnrolled,
  mailRefund,
  revokeCourseAccess,
} from './course-delivery.ts';

type CourseInput = {
  name: string;
  category: string;
  description: string;
  priceCents: number;
  currency: string;
  duration: string;
  level: string;
  imageUrl: string | null;
};

/** The outline parts add-course and edit-course may carry; a missing one is left as it is (or empty). */
type OutlineInput = {
  outcomes?: string[] | undefined;
  syllabus?: SyllabusModule[] | undefined;
  instructor?: CourseInstructor | null | undefined;
};

const paidCount = sql<number>`(select count(*) from enrolments where enrolments.course_id = courses.id and enrolments.status = 'paid')`;
/** Any row of the course's enrolments, checkouts not completed included: each keeps a buyer's record. */
const anyEnrolment = sql<number>`(select count(*) from enrolments where enrolments.course_id = courses.id)`;

const selectCourses = (ctx: ServiceContext, enterpriseId: string) =>
  ctx.db
    .selectFrom('courses')
    .where('courses.enterprise_id', '=', enterpriseId)
    .select([
      'courses.id',
      'courses.name',
      'courses.category',
      'courses.description',
      'courses.price_cents',
      'courses.currency',
      'courses.duration',
      'courses.level',
      'courses.image_url',
      'courses.published',
      'courses.rating',
      'courses.rating_count',
      'courses.updated_at',
      'courses.first_published_at',
      paidCount.as('enrolment_count'),
      anyEnrolment.as('enrolment_rows'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectCourses>['execute']>>[number];

/** Why a course cannot be deleted (delete-course.ts refuses it for the same reasons), or null. */
export const deleteBlockOf = (row: {
  published: number;
  first_published_at: string | null;
  enrolment_rows: unknown;
}): ManagedCourse['deleteBlockedBy'] => {
  if (Number(row.enrolment_rows) > 0) return 'enrolments';
  if (Number(row.published) === 1 || row.first_published_at) return 'published';
  return null;
};

const toManaged = (row: Row): ManagedCourse => ({
  _id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  priceCents: Number(row.price_cents),
  currency: row.currency,
  duration: row.duration,
  level: row.level,
  imageUrl: row.image_url,
  published: Number(row.published) === 1,
  rating: Number(row.rating),
  ratingCount: Number(row.rating_count),
  enrolmentCount: Number(row.enrolment_count),
  updatedAt: row.updated_at,
  deleteBlockedBy: deleteBlockOf(row),
});

/** A JSON column this server wrote; a damaged one reads as empty rather than failing the editor. */
const parseList = <T>(json: string): T[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

/** One course of the caller's enterprise with its outline; another tenant's id is 404. */
const loadCourse = async (
  ctx: ServiceContext,
  enterpriseId: string,
  courseId: string,
): Promise<ManagedCourseDetail> => {
  const row = await selectCourses(ctx, enterpriseId)
    .leftJoin('groups', (join) =>
      join
        .onRef('groups.id', '=', 'courses.group_id')
        .onRef('groups.enterprise_id', '=', 'courses.enterprise_id'),
    )
    .select([
      'courses.outcomes',
      'courses.syllabus',
      'courses.instructor_name',
      'courses.instructor_bio',
      'groups.id as group_id',
      'groups.name as group_name',
    ])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!row) throw notFound('Course not found');
  return {
    learnerGroup: row.group_id && row.group_name ? { _id: row.group_id, name: row.group_name } : null,
    ...toManaged(row),
    outcomes: parseList<string>(row.outcomes),
    syllabus: parseList<SyllabusModule>(row.syllabus),
    instructor: row.instructor_name ? { name: row.instructor_name, bio: row.instructor_bio ?? '' } : null,
  };
};

const isInstitution = async (ctx: ServiceContext, enterpriseId: string) =>
  Boolean(
    await ctx.db
      .selectFrom('institutions')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst(),
  );

export const listCourses = async (
  ctx: ServiceContext,
  input: {
    searchInput?: string | undefined;
    currentPage?: number | undefined;
    status?: 'published' | 'draft' | undefined;
  },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  let query = selectCourses(ctx, enterpriseId);
  let count = ctx.db.selectFrom('courses').where('courses.enterprise_id', '=', enterpriseId);
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    query = query.where(sql<boolean>`lower(courses.name) like ${pattern} escape '\\'`);
    count = count.where(sql<boolean>`lower(courses.name) like ${pattern} escape '\\'`);
  }
  if (input.status) {
    query = query.where('courses.published', '=', input.status === 'published' ? 1 : 0);
    count = count.where('courses.published', '=', input.status === 'published' ? 1 : 0);
  }
  const [total, rows, institution] = await Promise.all([
    count.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    query
      .orderBy('courses.updated_at', 'desc')
      .orderBy('courses.id')
      .limit(COURSE_PAGE_SIZE)
      .offset((currentPage - 1) * COURSE_PAGE_SIZE)
      .execute(),
    isInstitution(ctx, enterpriseId),
  ]);
  return {
    ...pageOf(rows.map(toManaged), { currentPage, pageSize: COURSE_PAGE_SIZE, total: Number(total?.n ?? 0) }),
    isInstitution: institution,
  };
};

export const getCourse = async (ctx: ServiceContext, { courseId }: { courseId: string }) =>
  loadCourse(ctx, enterpriseSession(ctx).enterpriseId, courseId);

const columns = (input: CourseInput) => ({
  name: input.name,
  category: input.category,
  description: input.description,
  price_cents: input.priceCents,
  currency: input.currency,
  duration: input.duration,
  level: input.level,
  image_url: input.imageUrl,
});

/** The outline columns of migration 023 for the parts the call carries. */
const outlineColumns = ({ outcomes, syllabus, instructor }: OutlineInput) => ({
  ...(outcomes === undefined ? {} : { outcomes: JSON.stringify(outcomes) }),
  ...(syllabus === undefined ? {} : { syllabus: JSON.stringify(syllabus) }),
  ...(instructor === undefined
    ? {}
    : {
        instructor_name: instructor?.name ?? null,
        // The marketplace page shows the bio under the name; an empty one is no bio.
        instructor_bio: instructor?.bio ? instructor.bio : null,
      }),
});

/** New courses start as drafts: nothing reaches the marketplace until it is published. */
export const addCourse = async (ctx: ServiceContext, input: CourseInput & OutlineInput) => {
  const { enterpriseId } = enterpriseSession(ctx);
  if (input.imageUrl) await saveCover(ctx, input.imageUrl);
  const id = crypto.randomUUID();
  const now = nowIso();
  await ctx.db
    .insertInto('courses')
    .values({
      id,
      enterprise_id: enterpriseId,
      ...columns(input),
      ...outlineColumns(input),
      rating: 0,
      rating_count: 0,
      published: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // Its learners' group exists from the start, so its tasks and videos can be assigned before a sale.
  await ensureCourseGroup(ctx.db, { id, name: input.name, enterprise_id: enterpriseId, group_id: null });
  ctx.setMessage('Course created as a draft');
  return loadCourse(ctx, enterpriseId, id);
};

/**
 * Saves the course's fields (and the outline parts the call carries). A new cover is checked and given its copies
 * first; in a course never on the marketplace, the one it replaces, or the one taken off, goes from storage once the
 * edit is saved, unless another course uses it (removeCover).
 */
export const editCourse = async (
  ctx: ServiceContext,
  { courseId, ...input }: CourseInput & OutlineInput & { courseId: string },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const before = await loadCourse(ctx, enterpriseId, courseId);
  if (input.imageUrl && input.imageUrl !== before.imageUrl) await saveCover(ctx, input.imageUrl);
  await ctx.db
    .updateTable('courses')
    .set({ ...columns(input), ...outlineColumns(input), updated_at: nowIso() })
    .where('id', '=', courseId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  // Its buyers' group is named after it and follows a new name.
  if (input.name !== before.name) await followCourseName(ctx.db, { enterpriseId, courseId });
  // Only a course never on the marketplace: built pages of one that was show its old cover until the site is built
  // again (the old file is left over then, not pulled from under a live page).
  if (input.imageUrl !== before.imageUrl && before.deleteBlockedBy === null)
    await removeCover(ctx, before.imageUrl, 'edit-course');
  if (before.published) ctx.site.changed();
  ctx.setMessage(
    before.published ? 'Course updated; the marketplace shows it in a moment' : 'Course updated',
  );
  return loadCourse(ctx, enterpriseId, courseId);
};

export const setPublished = async (
  ctx: ServiceContext,
  { courseId, published }: { courseId: string; published: boolean },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadCourse(ctx, enterpriseId, courseId);
  if (published && !(await isInstitution(ctx, enterpriseId)))
    throw conflict(
      'Your organisation is not listed as an institution on the marketplace yet. Contact support.',
    );
  const now = nowIso();
  await ctx.db
    .updateTable('courses')
    .set((eb) => ({
      published: published ? 1 : 0,
      updated_at: now,
      // Kept once set: a course that has been on the marketplace can no longer be deleted.
      ...(published ? { first_published_at: eb.fn.coalesce('first_published_at', eb.val(now)) } : {}),
    }))
    .where('id', '=', courseId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.site.changed();
  ctx.setMessage(published ? 'Course published to the marketplace' : 'Course taken off the marketplace');
  return loadCourse(ctx, enterpriseId, courseId);
};

/** The rows that are (or were, until a refund) enrolments; the others are checkouts not completed. */
const ENROLLED_STATUSES = ['paid', 'refunded'];

/**
 * get-course-enrollments: the course's enrolments (paid, and refunded ones), newest first; with show=checkouts also
 * the checkouts that never became one (pending, abandoned, failed), each marked as such.
 */
export const listEnrolments = async (
  ctx: ServiceContext,
  {
    courseId,
    currentPage = 1,
    show = 'enrolments',
  }: { courseId: string; currentPage?: number | undefined; show?: 'enrolments' | 'checkouts' | undefined },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const course = await loadCourse(ctx, enterpriseId, courseId);
  let base = ctx.db
    .selectFrom('enrolments')
    .where('course_id', '=', courseId)
    .where('enterprise_id', '=', enterpriseId);
  let page = enrolmentRows(ctx, enterpriseId).where('enrolments.course_id', '=', courseId);
  if (show === 'enrolments') {
    base = base.where('status', 'in', ENROLLED_STATUSES);
    page = page.where('enrolments.status', 'in', ENROLLED_STATUSES);
  }
  const now = Date.now();
  const [total, rows, sums] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    page
      .orderBy('enrolments.created_at', 'desc')
      .orderBy('enrolments.id')
      .limit(COURSE_PAGE_SIZE)
      .offset((currentPage - 1) * COURSE_PAGE_SIZE)
      .execute(),
    ctx.db
      .selectFrom('enrolments')
      .where('course_id', '=', courseId)
      .where('enterprise_id', '=', enterpriseId)
      .where('status', 'in', ENROLLED_STATUSES)
      .select((eb) => ['currency', 'status', eb.fn.countAll().as('n'), eb.fn.sum('amount_cents').as('cents')])
      .groupBy(['currency', 'status'])
      .execute(),
  ]);
  return {
    ...pageOf(
      rows.map((row) => toEnrolment(row, now)),
      {
        currentPage,
        pageSize: COURSE_PAGE_SIZE,
        total: Number(total?.n ?? 0),
      },
    ),
    course: { _id: course._id, name: course.name },
    takings: takingsOf(sums),
  };
};

/** The course's takings a currency, from its enrolments counted and summed by currency and status. */
const takingsOf = (sums: { currency: string; status: string; n: unknown; cents: unknown }[]) => {
  const byCurrency = new Map<
    string,
    { currency: string; paid: number; paidCents: number; refunded: number; refundedCents: number }
  >();
  for (const { currency, status, n, cents } of sums) {
    const row = byCurrency.get(currency) ?? {
      currency,
      paid: 0,
      paidCents: 0,
      refunded: 0,
      refundedCents: 0,
    };
    if (status === 'paid') Object.assign(row, { paid: Number(n), paidCents: Number(cents ?? 0) });
    else Object.assign(row, { refunded: Number(n), refundedCents: Number(cents ?? 0) });
    byCurrency.set(currency, row);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
};

/**
 * Enrolments of the enterprise with the buyer's member account (only one of its own members): the one the course was
 * delivered to, else the one with the buyer's email (a checkout not completed delivers nothing, but its buyer may
 * well have an account).
 */
const enrolmentRows = (ctx: ServiceContext, enterpriseId: string) =>
  ctx.db
    .selectFrom('enrolments')
    .leftJoin('users', (join) =>
      join
        .onRef('users.enterprise_id', '=', 'enrolments.enterprise_id')
        .on((eb) =>
          eb.or([
            eb('users.id', '=', eb.ref('enrolments.user_id')),
            eb.and([
              eb('enrolments.user_id', 'is', null),
              eb('users.email', '=', sql<string>`lower(enrolments.email)`),
            ]),
          ]),
        ),
    )
    .where('enrolments.enterprise_id', '=', enterpriseId)
    .selectAll('enrolments')
    .select([
      'users.id as learner_id',
      'users.name as learner_name',
      'users.email_verified_at as learner_verified_at',
      'users.password_hash as learner_password',
    ]);

type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof enrolmentRows>['execute']>>[number];
/** A checkout still pending after the window reads as abandoned before housekeeping gets to it. */
const paymentStatusOf = (r: EnrolmentRow, now: number): Enrolment['paymentStatus'] =>
  r.status === 'pending' && Date.parse(r.created_at) < now - ENROLMENT_CHECKOUT_WINDOW_MS
    ? 'abandoned'
    : (r.status as Enrolment['paymentStatus']);

const learnerState = (r: EnrolmentRow): NonNullable<Enrolment['learner']>['state'] => {
  if (!r.user_id) return 'noAccess';
  if (r.revoked_at) return 'revoked';
  return r.learner_password ? 'active' : 'invited';
};

const toEnrolment = (r: EnrolmentRow, now = Date.now()): Enrolment => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  paymentStatus: paymentStatusOf(r, now),
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  learner: r.learner_id
    ? {
        _id: r.learner_id,
        name: r.learner_name ?? r.name,
        state: learnerState(r),
      }
    : null,
});

/** A course of the caller's institution and one of its enrolments (404 for another enterprise's either). */
const loadEnrolment = async (ctx: ServiceContext, courseId: string, enrolmentId: string) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const course = await loadCourse(ctx, enterpriseId, courseId);
  const row = await enrolmentRows(ctx, enterpriseId)
    .where('enrolments.id', '=', enrolmentId)
    .where('enrolments.course_id', '=', courseId)
    .executeTakeFirst();
  if (!row) throw notFound('Enrolment not found');
  return { enterpriseId, course, row };
};

/** The institution's name as its buyers' mails give it. */
const institutionName = async (ctx: ServiceContext, enterpriseId: string) => {
  const institution = await ctx.db
    .selectFrom('institutions')
    .select('name')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return institution?.name ?? enterpriseSession(ctx).user.ent_name;
};

/**
 * refund-enrollment: pays a paid enrolment back through the payment provider, marks it refunded and
 * takes the course's access away (its group, and the tasks and videos that came with it); the account stays and
 * the buyer is told by mail. Another enterprise's course or enrolment is 404.
 */
export const refundEnrolment = async (
  ctx: ServiceContext,
  { courseId, enrolmentId }: { courseId: string; enrolmentId: string },
) => {
  const { enterpriseId, course, row } = await loadEnrolment(ctx, courseId, enrolmentId);
  if (row.status !== 'paid') throw conflict('Only a paid enrolment can be refunded');
  if (Number(row.amount_cents) > 0 && row.provider !== 'free') await ctx.payments.refund(row.payment_id);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('enrolments')
      .set({ status: 'refunded', revoked_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (row.user_id)
      await revokeCourseAccess(trx, {
        enterpriseId,
        userId: row.user_id,
        groupId: course.learnerGroup?._id ?? null,
        courseId,
      });
    return true;
  });
  if (!claimed) throw conflict('Only a paid enrolment can be refunded');
  await mailRefund(ctx, {
    email: row.email,
    name: row.name,
    course: course.name,
    institution: await institutionName(ctx, enterpriseId),
    payment: {
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      provider: row.provider,
      paymentId: row.payment_id,
    },
  });
  ctx.setMessage('Refunded: the learner no longer has access to this course');
  const after = await enrolmentRows(ctx, enterpriseId)
    .where('enrolments.id', '=', row.id)
    .executeTakeFirstOrThrow();
  return toEnrolment(after);
};

/** Resent enrolment mails, per enrolment per hour: enough to chase a buyer, too few to flood them. */
const RESEND_LIMIT = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a paid enrolment's mail again with a fresh set-password link, for a buyer who never chose a password (the
 * enrolments list says "Invited: has not set a password yet"); earlier links stop working. 409 once they have one.
 */
export const resendEnrolmentMail = async (
  ctx: ServiceContext,
  { courseId, enrolmentId }: { courseId: string; enrolmentId: string },
) => {
  const { enterpriseId, course, row } = await loadEnrolment(ctx, courseId, enrolmentId);
  if (row.status !== 'paid' || !row.user_id || row.learner_id !== row.user_id)
    throw conflict('Only a paid enrolment with its learner account here can be sent again');
  if (row.learner_password) throw conflict('This learner has set a password already: they sign in as usual');
  const key = `enrolment-mail:${row.id}`;
  await assertNotThrottled(ctx.db, key, RESEND_LIMIT, HOUR_MS);
  await recordEvent(ctx.db, key);
  const userId = row.user_id;
  const token = await ctx.db.transaction().execute((trx) => freshInviteToken(trx, userId));
  const learner = await ctx.db
    .selectFrom('users')
    .select(['language', 'name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await mailEnrolled(ctx, {
    kind: 'invite',
    token,
    language: learner.language,
    userId,
    name: learner.name,
    email: row.email,
    course: course.name,
    institution: await institutionName(ctx, enterpriseId),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    provider: row.provider,
    paymentId: row.payment_id,
  });
  ctx.setMessage(`Email sent again to ${row.email}`);
  return toEnrolment(row);
};
