import type { LanguageCode } from '@coach/shared/constants/languages';
import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { MyCourse, MyCourseItem } from '@coach/shared/contract/my-courses';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { formatMailMoney, mailLanguage, mailTexts, type PaymentLines } from '../../mail/texts.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dueAfter, nowIso } from '../common/clock.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import { videosByIds } from '../content/video-rows.ts';
import type { ServiceContext } from '../context.ts';
import { createOneTimeToken } from '../identity/one-time-tokens.ts';
import { courseGroupName } from '../organisation/course-group-name.ts';
import { learnerRole } from '../organisation/learner-role.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';

// A paid (or free) marketplace enrolment delivers the course. The buyer gets a member account in
// the course's institution (or their member account there is used), joins the course's learners' group, and so
// gets the tasks and videos assigned to that group through the usual group assigning (syncGroupTasks,
// syncGroupContent). A refund takes the group and those assignments away again (the tasks' work is archived and
// comes back if the same course is bought again); the account stays.

type CourseRow = { id: string; name: string; enterprise_id: string; group_id: string | null };

/**
 * The course's learners' group, made (and remembered on the course) the first time it is needed. Its name is the
 * course's, made unique among the enterprise's groups.
 */
export const ensureCourseGroup = async (db: Db, course: CourseRow) => {
  if (course.group_id) {
    const live = await db
      .selectFrom('groups')
      .select('id')
      .where('id', '=', course.group_id)
      .where('enterprise_id', '=', course.enterprise_id)
      .executeTakeFirst();
    if (live) return live.id;
  }
  const name = await courseGroupName(db, { enterpriseId: course.enterprise_id, courseName: course.name });
  const id = crypto.randomUUID();
  await db
    .insertInto('groups')
    .values({ id, enterprise_id: course.enterprise_id, name, created_at: nowIso() })
    .execute();
  await db.updateTable('courses').set({ group_id: id }).where('id', '=', course.id).execute();
  return id;
};

type Delivery =
  | { kind: 'invite' | 'signIn'; token: string | null; language: string | null }
  | { kind: 'elsewhere'; language: null };

export type Delivered = Delivery & {
  userId: string | null;
  name: string;
  email: string;
  course: string;
  institution: string;
  amountCents: number;
  currency: string;
  provider: string;
  paymentId: string;
};

/** What a mail says of a payment: its amount in the reader's language and its reference (none for a free course). */
export const paymentLines = (
  language: string,
  {
    amountCents,
    currency,
    provider,
    paymentId,
  }: { amountCents: number; currency: string; provider: string; paymentId: string },
): PaymentLines | null =>
  amountCents > 0 && provider !== 'free'
    ? { amount: formatMailMoney(mailLanguage(language), amountCents, currency), reference: paymentId }
    : null;

/**
 * Delivers a paid enrolment once, in the caller's transaction (the enrolment has just been settled as paid):
 * account, group, the work of an earlier refunded purchase of the course given back, tasks and videos. An address
 * with an account in another organisation is never taken over: that enrolment stays without an account. Answers
 * what the buyer's mail needs, or null when there was nothing to deliver. The purchase path and the demo seed
 * both deliver through it.
 */
export const deliverToAccount = async (
  trx: Db,
  { enrolmentId, language }: { enrolmentId: string; language: LanguageCode | null },
): Promise<Delivered | null> => {
  const row = await trx
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .innerJoin('institutions', 'institutions.enterprise_id', 'enrolments.enterprise_id')
    .select([
      'enrolments.id',
      'enrolments.name',
      'enrolments.email',
      'enrolments.enterprise_id',
      'enrolments.amount_cents',
      'enrolments.currency',
      'enrolments.provider',
      'enrolments.payment_id',
      'courses.id as course_id',
      'courses.name as course_name',
      'courses.group_id',
      'institutions.name as institution_name',
    ])
    .where('enrolments.id', '=', enrolmentId)
    .where('enrolments.status', '=', 'paid')
    .where('enrolments.user_id', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const about = {
    name: row.name,
    email: row.email,
    course: row.course_name,
    institution: row.institution_name,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    provider: row.provider,
    paymentId: row.payment_id,
  };
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'enterprise_id', 'password_hash', 'language', 'name'])
    .where('email', '=', row.email.toLowerCase())
    .executeTakeFirst();
  if (existing && existing.enterprise_id !== row.enterprise_id)
    return { kind: 'elsewhere', language: null, userId: null, ...about, name: existing.name };
  const groupId = await ensureCourseGroup(trx, {
    id: row.course_id,
    name: row.course_name,
    enterprise_id: row.enterprise_id,
    group_id: row.group_id,
  });
  let userId: string;
  let token: string | null = null;
  if (existing) {
    userId = existing.id;
    // A member who never chose a password (an invitation not taken up) gets a fresh link; earlier ones stop.
    if (!existing.password_hash) token = await freshInviteToken(trx, userId);
  } else {
    userId = crypto.randomUUID();
    const now = nowIso();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        enterprise_id: row.enterprise_id,
        role_id: await learnerRole(trx, row.enterprise_id),
        name: row.name,
        email: row.email.toLowerCase(),
        // No password until the buyer chooses one through the link; an empty hash never verifies.
        password_hash: '',
        mobile: null,
        avatar_url: null,
        is_default_admin: 0,
        status: 'active',
        email_verified_at: null,
        last_active_at: null,
        created_at: now,
        invited_at: now,
        language,
      })
      .execute();
    token = await createOneTimeToken({ db: trx }, 'invite', 'enterprise', userId);
  }
  await trx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
  // Bought again after a refund: the learner's work on the course comes back before anything new is assigned.
  await restoreCourseWork(trx, { enterpriseId: row.enterprise_id, userId, courseId: row.course_id, groupId });
  await syncGroupTasks(trx, row.enterprise_id, { userIds: [userId] });
  await syncGroupContent(trx, row.enterprise_id, { userIds: [userId] });
  await trx.updateTable('enrolments').set({ user_id: userId }).where('id', '=', row.id).execute();
  return {
    kind: token ? 'invite' : 'signIn',
    token,
    language: existing?.language ?? null,
    userId,
    ...about,
    // Whoever typed the enrolment form chose its name; an account's holder is greeted by their own.
    name: existing?.name ?? row.name,
  };
};

/**
 * Delivers a paid enrolment once (the caller has just settled it as paid) and mails the buyer: what they paid, the
 * payment's reference, and the link to start. The public caller's answer is the same in every case.
 */
export const deliverEnrolment = async (ctx: ServiceContext, enrolmentId: string) => {
  const delivered = await ctx.db
    .transaction()
    .execute((trx) => deliverToAccount(trx, { enrolmentId, language: ctx.requestLanguage }));
  if (delivered) await mailEnrolled(ctx, delivered);
};

/** The buyer's enrolment mail: what they paid, the payment's reference and the link to start (sent again on request). */
export const mailEnrolled = async (ctx: ServiceContext, delivered: Delivered) => {
  const link =
    delivered.kind === 'invite' && delivered.token
      ? // The set-password page passes the redirect on: its sign-in then greets a learner, bound for My courses.
        `${ctx.config.publicUrl}/password/reset/${delivered.token}?${new URLSearchParams({ redirect: '/enterprise/my-courses' })}`
      : // The sign-in page greets a learner and fills in the address the course was bought with.
        `${ctx.config.publicUrl}/login?${new URLSearchParams({ redirect: '/enterprise/my-courses', email: delivered.email })}`;
  const language = mailLanguage(delivered.language, ctx.requestLanguage);
  const mail = mailTexts(language).courseEnrolled({
    name: delivered.name,
    course: delivered.course,
    institution: delivered.institution,
    kind: delivered.kind,
    link,
    payment: paymentLines(language, delivered),
  });
  await ctx.mail.send({ to: delivered.email, ...mail });
};

/** One archived assignment: the row and what hangs off it by foreign key (deleted with it). */
type ArchivedWork = {
  assignment: Record<string, unknown>;
  attempts: Record<string, unknown>[];
  analyses: Record<string, unknown>[];
  turns: Record<string, unknown>[];
};

/**
 * Gives a learner back the work a refund archived (archiveCourseWork) for the tasks the course still has: each
 * assignment as it was, with its tries, analyses and turns; one not completed gets a fresh due date. A task they
 * have meanwhile in another way keeps that assignment and its archived work stays.
 */
const restoreCourseWork = async (
  trx: Db,
  {
    enterpriseId,
    userId,
    courseId,
    groupId,
  }: { enterpriseId: string; userId: string; courseId: string; groupId: string },
) => {
  const archived = await trx
    .selectFrom('course_work_archive as a')
    .innerJoin('task_group_assignments as tga', (join) =>
      join.onRef('tga.task_id', '=', 'a.task_id').on('tga.group_id', '=', groupId),
    )
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select(['a.id', 'a.work', 't.expiry_seconds'])
    .where('a.enterprise_id', '=', enterpriseId)
    .where('a.user_id', '=', userId)
    .where('a.course_id', '=', courseId)
    .where('t.archived', '=', 0)
    .orderBy('a.archived_at')
    .execute();
  const now = nowIso();
  for (const entry of archived) {
    const work = JSON.parse(entry.work) as ArchivedWork;
    const done = Number(work.assignment.status) === TASK_STATUS.completed;
    const restored = await trx
      .insertInto('task_assignments')
      // The archived row is one this table held: the same columns, written back as they were.
      .values({
        ...(work.assignment as Insertable<Database['task_assignments']>),
        ...(done ? {} : { due_at: dueAfter(now, Number(entry.expiry_seconds)) }),
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
      .returning('id')
      .execute();
    if (restored.length === 0) continue;
    if (work.attempts.length)
      await trx
        .insertInto('task_attempts')
        .values(work.attempts as Insertable<Database['task_attempts']>[])
        .execute();
    if (work.analyses.length)
      await trx
        .insertInto('recording_analyses')
        .values(work.analyses as Insertable<Database['recording_analyses']>[])
        .execute();
    if (work.turns.length)
      await trx
        .insertInto('interview_turns')
        .values(work.turns as Insertable<Database['interview_turns']>[])
        .execute();
    await trx.deleteFrom('course_work_archive').where('id', '=', entry.id).execute();
  }
};

/**
 * Keeps the work of the assignments a refund takes away (their rows, tries, analyses and turns) for a later
 * purchase of the same course, then deletes them.
 */
const archiveCourseWork = async (
  db: Db,
  {
    enterpriseId,
    userId,
    courseId,
    assignmentIds,
  }: { enterpriseId: string; userId: string; courseId: string; assignmentIds: string[] },
) => {
  if (assignmentIds.length === 0) return;
  const [assignments, attempts, analyses, turns] = [
    await db.selectFrom('task_assignments').selectAll().where('id', 'in', assignmentIds).execute(),
    await db.selectFrom('task_attempts').selectAll().where('assignment_id', 'in', assignmentIds).execute(),
    await db
      .selectFrom('recording_analyses')
      .selectAll()
      .where('assignment_id', 'in', assignmentIds)
      .execute(),
    await db.selectFrom('interview_turns').selectAll().where('assignment_id', 'in', assignmentIds).execute(),
  ];
  const now = nowIso();
  for (const assignment of assignments) {
    const work: ArchivedWork = {
      assignment,
      attempts: attempts.filter((r) => r.assignment_id === assignment.id),
      analyses: analyses.filter((r) => r.assignment_id === assignment.id),
      turns: turns.filter((r) => r.assignment_id === assignment.id),
    };
    await db
      .insertInto('course_work_archive')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: enterpriseId,
        user_id: userId,
        course_id: courseId,
        task_id: assignment.task_id,
        work: JSON.stringify(work),
        archived_at: now,
      })
      .execute();
  }
  await db.deleteFrom('task_assignments').where('id', 'in', assignmentIds).execute();
};

/**
 * Takes a course's access away from a member: out of the course's group, and the group's assignments of its tasks
 * and videos removed unless another of their groups (or a direct assignment) gives them the same; the tasks' work
 * is archived for a later purchase. db is the caller's transaction.
 */
export const revokeCourseAccess = async (
  db: Db,
  {
    enterpriseId,
    userId,
    groupId,
    courseId,
  }: { enterpriseId: string; userId: string; groupId: string | null; courseId: string },
) => {
  if (!groupId) return;
  await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
  const otherGroups = db.selectFrom('group_members').select('group_id').where('user_id', '=', userId);
  const taken = await db
    .selectFrom('task_assignments')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .where('source', '=', 'group')
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('task_group_assignments').select('task_id').where('group_id', '=', groupId),
    )
    .where('task_id', 'not in', (eb) =>
      eb.selectFrom('task_group_assignments').select('task_id').where('group_id', 'in', otherGroups),
    )
    .execute();
  // The work is kept, not lost: buying the course again gives it back (restoreCourseWork).
  await archiveCourseWork(db, { enterpriseId, userId, courseId, assignmentIds: taken.map((a) => a.id) });
  await db
    .deleteFrom('content_assignments')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .where('source', '=', 'group')
    .where('content_id', 'in', (eb) =>
      eb.selectFrom('content_group_assignments').select('content_id').where('group_id', '=', groupId),
    )
    .where('content_id', 'not in', (eb) =>
      eb.selectFrom('content_group_assignments').select('content_id').where('group_id', 'in', otherGroups),
    )
    .execute();
};

/** The mail a refunded buyer gets, in their language (their saved one, else the refunding admin's screen). */
export const mailRefund = async (
  ctx: ServiceContext,
  {
    email,
    name,
    course,
    institution,
    payment,
  }: {
    email: string;
    name: string;
    course: string;
    institution: string;
    payment: { amountCents: number; currency: string; provider: string; paymentId: string };
  },
) => {
  const account = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  const language = mailLanguage(account?.language, ctx.requestLanguage);
  const mail = mailTexts(language).courseRefunded({
    name,
    course,
    institution,
    payment: paymentLines(language, payment),
  });
  await ctx.mail.send({ to: email, ...mail });
};

/**
 * A fresh set-password link for a learner who never chose a password (an invitation not taken up): earlier links
 * stop working. In the caller's transaction.
 */
export const freshInviteToken = async (trx: Db, userId: string) => {
  await trx
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('purpose', '=', 'invite')
    .where('subject_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return createOneTimeToken({ db: trx }, 'invite', 'enterprise', userId);
};

/**
 * get-my-courses: the caller's paid, not refunded enrolments delivered to their account, with their progress
 * through the course's tasks and videos (those assigned to the course's group) and the next one to do.
 */
export const listMyCourses = async (ctx: ServiceContext): Promise<MyCourse[]> => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .select([
      'enrolments.id as enrolment_id',
      'enrolments.paid_at',
      'enrolments.created_at',
      'courses.id',
      'courses.name',
      'courses.category',
      'courses.level',
      'courses.duration',
      'courses.image_url',
      'courses.group_id',
      'institutions.name as institution_name',
    ])
    .where('enrolments.user_id', '=', user.id)
    .where('enrolments.enterprise_id', '=', enterpriseId)
    .where('enrolments.status', '=', 'paid')
    .orderBy('enrolments.paid_at', 'desc')
    .orderBy('enrolments.id')
    .execute();
  const courses: MyCourse[] = [];
  for (const row of rows) {
    const groupId = row.group_id ?? '';
    const [tasks, videos] = await Promise.all([
      ctx.db
        .selectFrom('task_group_assignments as tga')
        .innerJoin('task_assignments as ta', (join) =>
          join.onRef('ta.task_id', '=', 'tga.task_id').on('ta.user_id', '=', user.id),
        )
        .innerJoin('tasks as t', 't.id', 'tga.task_id')
        .select(['t.id', 't.title', 'ta.status', 'tga.assigned_at'])
        .where('tga.group_id', '=', groupId)
        .where('tga.enterprise_id', '=', enterpriseId)
        .orderBy('tga.assigned_at')
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute(),
      ctx.db
        .selectFrom('content_group_assignments as cga')
        .innerJoin('content_assignments as ca', (join) =>
          join.onRef('ca.content_id', '=', 'cga.content_id').on('ca.user_id', '=', user.id),
        )
        .select([
          'cga.content_id',
          'cga.assigned_at',
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('content_actions as v')
                  .select('v.id')
                  .whereRef('v.content_id', '=', 'cga.content_id')
                  .where('v.user_id', '=', user.id)
                  .where('v.action', '=', 'viewed'),
              )
              .as('watched'),
        ])
        .where('cga.group_id', '=', groupId)
        .where('cga.enterprise_id', '=', enterpriseId)
        .orderBy('cga.assigned_at')
        .orderBy('cga.content_id')
        .execute(),
    ]);
    const completed = tasks.filter((t) => Number(t.status) === TASK_STATUS.completed).length;
    const watched = videos.filter((v) => Boolean(Number(v.watched))).length;
    const total = tasks.length + videos.length;
    const nextTask = tasks.find((t) => Number(t.status) !== TASK_STATUS.completed);
    const nextVideoId = nextTask ? undefined : videos.find((v) => !Number(v.watched))?.content_id;
    const shown = new Map(
      (
        await videosByIds(
          ctx.db,
          enterpriseId,
          user.id,
          videos.map((v) => v.content_id),
        )
      ).map((v) => [v._id, v]),
    );
    const nextVideo = nextVideoId ? shown.get(nextVideoId) : undefined;
    // The course's lessons in the order they were assigned; a video the library no longer shows is left out.
    const items = [
      ...tasks.map((t) => ({
        at: String(t.assigned_at),
        item: { kind: 'task', taskId: t.id, title: t.title, status: Number(t.status) } as MyCourseItem,
      })),
      ...videos.flatMap((v) => {
        const video = shown.get(v.content_id);
        return video
          ? [
              {
                at: String(v.assigned_at),
                item: { kind: 'video', video, watched: Boolean(Number(v.watched)) } as MyCourseItem,
              },
            ]
          : [];
      }),
    ]
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map((entry) => entry.item);
    courses.push({
      courseId: row.id,
      enrolmentId: row.enrolment_id,
      name: row.name,
      institutionName: row.institution_name,
      category: row.category,
      level: row.level,
      duration: row.duration,
      imageUrl: row.image_url,
      enrolledAt: row.paid_at ?? row.created_at,
      tasks: { total: tasks.length, completed },
      videos: { total: videos.length, watched },
      progress: total ? Math.round(((completed + watched) / total) * 100) : 0,
      next: nextTask
        ? { kind: 'task', taskId: nextTask.id, title: nextTask.title }
        : nextVideo
          ? { kind: 'video', video: nextVideo }
          : null,
      items,
    });
  }
  return courses;
};
