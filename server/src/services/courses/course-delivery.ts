import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { MyCourse } from '@coach/shared/contract/my-courses';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { mailTexts } from '../../mail/texts.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import { videosByIds } from '../content/video-rows.ts';
import type { ServiceContext } from '../context.ts';
import { createOneTimeToken } from '../identity/one-time-tokens.ts';
import { learnerRole } from '../organisation/learner-role.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';

// A paid (or free) marketplace enrolment delivers the course. The buyer gets a member account in
// the course's institution (or their member account there is used), joins the course's learners' group, and so
// gets the tasks and videos assigned to that group through the usual group assigning (syncGroupTasks,
// syncGroupContent). A refund takes the group and those assignments away again; the account stays.

const GROUP_NAME_MAX = 100;

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
  const base = `${course.name} · learners`.slice(0, GROUP_NAME_MAX);
  const taken = new Set(
    (
      await db
        .selectFrom('groups')
        .select('name')
        .where('enterprise_id', '=', course.enterprise_id)
        .where(sql<boolean>`lower(name) like ${`${base.slice(0, 60).toLowerCase()}%`}`)
        .execute()
    ).map((g) => g.name.toLowerCase()),
  );
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, GROUP_NAME_MAX - 6)} (${n})`;
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

/**
 * Delivers a paid enrolment once (the caller has just settled it as paid): account, group, tasks and videos. An
 * address with an account in another organisation is never taken over: that enrolment stays without an account
 * and its mail (to the address's owner alone) says the institution will arrange access. The public caller's
 * answer is the same in every case.
 */
export const deliverEnrolment = async (ctx: ServiceContext, enrolmentId: string) => {
  const delivered = await ctx.db
    .transaction()
    .execute(
      async (
        trx,
      ): Promise<
        (Delivery & { name: string; email: string; course: string; institution: string }) | null
      > => {
        const row = await trx
          .selectFrom('enrolments')
          .innerJoin('courses', 'courses.id', 'enrolments.course_id')
          .innerJoin('institutions', 'institutions.enterprise_id', 'enrolments.enterprise_id')
          .select([
            'enrolments.id',
            'enrolments.name',
            'enrolments.email',
            'enrolments.enterprise_id',
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
        };
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'enterprise_id', 'password_hash', 'language', 'name'])
          .where('email', '=', row.email.toLowerCase())
          .executeTakeFirst();
        if (existing && existing.enterprise_id !== row.enterprise_id)
          return { kind: 'elsewhere', language: null, ...about };
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
          if (!existing.password_hash) {
            await trx
              .updateTable('one_time_tokens')
              .set({ used_at: nowIso() })
              .where('purpose', '=', 'invite')
              .where('subject_id', '=', userId)
              .where('used_at', 'is', null)
              .execute();
            token = await createOneTimeToken({ db: trx }, 'invite', 'enterprise', userId);
          }
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
              language: ctx.requestLanguage,
            })
            .execute();
          token = await createOneTimeToken({ db: trx }, 'invite', 'enterprise', userId);
        }
        await trx
          .insertInto('group_members')
          .values({ group_id: groupId, user_id: userId })
          .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
          .execute();
        await syncGroupTasks(trx, row.enterprise_id, { userIds: [userId] });
        await syncGroupContent(trx, row.enterprise_id, { userIds: [userId] });
        await trx.updateTable('enrolments').set({ user_id: userId }).where('id', '=', row.id).execute();
        return {
          kind: token ? 'invite' : 'signIn',
          token,
          language: existing?.language ?? null,
          ...about,
        };
      },
    );
  if (!delivered) return;
  const link =
    delivered.kind === 'invite' && delivered.token
      ? `${ctx.config.publicUrl}/password/reset/${delivered.token}`
      : `${ctx.config.publicUrl}/login?redirect=${encodeURIComponent('/enterprise/my-courses')}`;
  const mail = mailTexts(delivered.language, ctx.requestLanguage).courseEnrolled({
    name: delivered.name,
    course: delivered.course,
    institution: delivered.institution,
    kind: delivered.kind,
    link,
  });
  await ctx.mail.send({ to: delivered.email, ...mail });
};

/**
 * Takes a course's access away from a member: out of the course's group, and the group's assignments of its tasks
 * and videos removed unless another of their groups (or a direct assignment) gives them the same. db is the
 * caller's transaction.
 */
export const revokeCourseAccess = async (
  db: Db,
  { enterpriseId, userId, groupId }: { enterpriseId: string; userId: string; groupId: string | null },
) => {
  if (!groupId) return;
  await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
  const otherGroups = db.selectFrom('group_members').select('group_id').where('user_id', '=', userId);
  await db
    .deleteFrom('task_assignments')
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
  { email, name, course, institution }: { email: string; name: string; course: string; institution: string },
) => {
  const account = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  const mail = mailTexts(account?.language, ctx.requestLanguage).courseRefunded({
    name,
    course,
    institution,
  });
  await ctx.mail.send({ to: email, ...mail });
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
    const nextVideo = nextVideoId
      ? (await videosByIds(ctx.db, enterpriseId, user.id, [nextVideoId]))[0]
      : undefined;
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
    });
  }
  return courses;
};
