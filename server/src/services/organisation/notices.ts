import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { NoticeSettings } from '@coach/shared/contract/notices';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import type { Job, JobHandler } from '../../jobs/queue.ts';
import { type NoticeTask, noticeLocale, noticeTexts } from '../../mail/notice-texts.ts';
import { mailLanguage } from '../../mail/texts.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { isInvitePending } from '../common/joined.ts';
import type { ServiceContext } from '../context.ts';
import { type AssignedPayload, DAY_MS, type DuePayload, type FeedbackPayload } from './notice-queue.ts';

// Sending the notices that notice-queue.ts queued (the rules are written there), and the member's choices.

/** A reminder mails the tasks due within this long of its running (a day and a margin for a late worker). */
const DUE_WINDOW_MS = DAY_MS + 12 * 60 * 60 * 1000;

// ——— Sending ———

type Recipient = {
  name: string;
  email: string;
  language: string | null;
  timeZone: string;
  wants: NoticeSettings;
};

const DEFAULT_SETTINGS: NoticeSettings = { assigned: true, dueTomorrow: true, feedback: true };

const settingsOf = (row: { assigned: number; due_tomorrow: number; feedback: number } | undefined) =>
  row
    ? { assigned: row.assigned === 1, dueTomorrow: row.due_tomorrow === 1, feedback: row.feedback === 1 }
    : DEFAULT_SETTINGS;

/** The member as a notice needs them, or null when they are not to be mailed (gone, inactive, still invited). */
const recipientOf = async (db: Db, enterpriseId: string, userId: string): Promise<Recipient | null> => {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .leftJoin('notice_settings as n', 'n.user_id', 'u.id')
    .select([
      'u.name',
      'u.email',
      'u.language',
      'u.timezone',
      'u.status',
      'u.invited_at',
      'u.email_verified_at',
      'e.timezone as enterprise_timezone',
      'n.assigned',
      'n.due_tomorrow',
      'n.feedback',
    ])
    .where('u.id', '=', userId)
    .where('u.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (row?.status !== 'active') return null;
  if (isInvitePending(row)) return null;
  return {
    name: row.name,
    email: row.email,
    language: row.language,
    timeZone: row.timezone ?? row.enterprise_timezone ?? 'UTC',
    wants: settingsOf(
      row.assigned === null || row.due_tomorrow === null || row.feedback === null
        ? undefined
        : { assigned: row.assigned, due_tomorrow: row.due_tomorrow, feedback: row.feedback },
    ),
  };
};

/** A due date as its reader reads it: their language, their timezone (the zone named). */
export const formatDue = (iso: string, language: string | null, timeZone: string) => {
  const locale = noticeLocale(mailLanguage(language));
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
};

/**
 * Sends a job's mail once: its sent_notices row is written first, so a job taken again sends nothing; a mail that
 * could not be handed over takes the row back and fails the job, to be tried again.
 */
const sendOnce = async (deps: Deps, jobId: string, to: string, mail: { subject: string; text: string }) => {
  const marked = await deps.db
    .insertInto('sent_notices')
    .values({ job_id: jobId, sent_at: nowIso() })
    .onConflict((oc) => oc.column('job_id').doNothing())
    .executeTakeFirst();
  if (Number(marked.numInsertedOrUpdatedRows ?? 0) !== 1) return;
  try {
    await deps.mail.send({ to, ...mail, kind: 'notice' });
  } catch (error) {
    await deps.db.deleteFrom('sent_notices').where('job_id', '=', jobId).execute();
    throw error;
  }
};

const links = (deps: Deps) => {
  const base = `${deps.config.publicUrl}/enterprise`;
  return {
    task: (taskId: string) => `${base}/my-tasks/view/${encodeURIComponent(taskId)}`,
    home: `${base}/dashboard`,
    settings: `${base}/profile`,
  };
};

/** The member's assignments among `taskIds`, of tasks still in the library, earliest due first. */
const assignedTasks = (db: Db, p: { enterpriseId: string; userId: string; taskIds: string[] }) =>
  db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select(['a.task_id', 'a.due_at', 'a.status', 't.title'])
    .where('a.enterprise_id', '=', p.enterpriseId)
    .where('a.user_id', '=', p.userId)
    .where('a.task_id', 'in', p.taskIds.length ? p.taskIds : [''])
    .where('t.archived', '=', 0)
    .orderBy('a.due_at')
    .orderBy('t.title')
    .execute();

const noticeTasks = (
  deps: Deps,
  member: Recipient,
  rows: { task_id: string; due_at: string; title: string }[],
): NoticeTask[] =>
  rows.map((row) => ({
    title: row.title,
    due: formatDue(row.due_at, member.language, member.timeZone),
    link: links(deps).task(row.task_id),
  }));

/** The payload as the job's row holds it now: a job is added to until a worker takes it. */
const payloadOf = async <T>(deps: Deps, job: Job) => {
  const row = await deps.db.selectFrom('jobs').select('payload').where('id', '=', job.id).executeTakeFirst();
  return (row ? JSON.parse(row.payload) : job.payload) as T;
};

const sendAssignmentNotice = async (deps: Deps, job: Job) => {
  const payload = await payloadOf<AssignedPayload>(deps, job);
  const member = await recipientOf(deps.db, payload.enterpriseId, payload.userId);
  if (!member?.wants.assigned) return;
  const tasks = (await assignedTasks(deps.db, payload)).filter(
    (row) => Number(row.status) !== TASK_STATUS.completed,
  );
  const videos = payload.contentIds.length
    ? await deps.db
        .selectFrom('content_assignments as a')
        .innerJoin('content as c', 'c.id', 'a.content_id')
        .innerJoin('content_enterprises as ce', (join) =>
          join.onRef('ce.content_id', '=', 'a.content_id').onRef('ce.enterprise_id', '=', 'a.enterprise_id'),
        )
        .select('c.title')
        .where('a.enterprise_id', '=', payload.enterpriseId)
        .where('a.user_id', '=', payload.userId)
        .where('a.content_id', 'in', payload.contentIds)
        .orderBy('c.title')
        .execute()
    : [];
  if (tasks.length === 0 && videos.length === 0) return;
  const mail = noticeTexts(member.language).assigned({
    name: member.name,
    tasks: noticeTasks(deps, member, tasks),
    videos: videos.map((video) => video.title),
    videosLink: links(deps).home,
    settingsLink: links(deps).settings,
  });
  await sendOnce(deps, job.id, member.email, mail);
};

const sendDueReminder = async (deps: Deps, job: Job) => {
  const payload = job.payload as DuePayload;
  const member = await recipientOf(deps.db, payload.enterpriseId, payload.userId);
  if (!member?.wants.dueTomorrow) return;
  const now = Date.now();
  const tasks = (await assignedTasks(deps.db, payload)).filter(
    (row) =>
      Number(row.status) !== TASK_STATUS.completed &&
      Date.parse(row.due_at) > now &&
      Date.parse(row.due_at) <= now + DUE_WINDOW_MS,
  );
  if (tasks.length === 0) return;
  const mail = noticeTexts(member.language).dueTomorrow({
    name: member.name,
    tasks: noticeTasks(deps, member, tasks),
    settingsLink: links(deps).settings,
  });
  await sendOnce(deps, job.id, member.email, mail);
};

const sendFeedbackNotice = async (deps: Deps, job: Job) => {
  const payload = job.payload as FeedbackPayload;
  const member = await recipientOf(deps.db, payload.enterpriseId, payload.userId);
  if (!member?.wants.feedback) return;
  const [task] = (await assignedTasks(deps.db, { ...payload, taskIds: [payload.taskId] })).filter(
    (row) => row.task_id === payload.taskId,
  );
  if (!task) return;
  const reviewer = await deps.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', payload.reviewerId)
    .where('enterprise_id', '=', payload.enterpriseId)
    .executeTakeFirst();
  const company = await deps.db
    .selectFrom('enterprises')
    .select('name')
    .where('id', '=', payload.enterpriseId)
    .executeTakeFirst();
  const mail = noticeTexts(member.language).feedback({
    name: member.name,
    task: task.title,
    reviewer: reviewer?.name ?? company?.name ?? 'Coach',
    link: links(deps).task(task.task_id),
    settingsLink: links(deps).settings,
  });
  await sendOnce(deps, job.id, member.email, mail);
};

/** The notices' job handlers, for the runner in jobs/start-jobs.ts. */
export const noticeHandlers = (
  deps: Deps,
): Record<'assignment-notice' | 'due-reminder' | 'feedback-notice', JobHandler> => ({
  'assignment-notice': (job) => sendAssignmentNotice(deps, job),
  'due-reminder': (job) => sendDueReminder(deps, job),
  'feedback-notice': (job) => sendFeedbackNotice(deps, job),
});

// ——— The member's choices (their profile) ———

export const getNoticeSettings = async (ctx: ServiceContext): Promise<NoticeSettings> => {
  const { user } = enterpriseSession(ctx);
  const row = await ctx.db
    .selectFrom('notice_settings')
    .select(['assigned', 'due_tomorrow', 'feedback'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return settingsOf(row);
};

/** Only the member themself: the session's own account, never another's, and not while logged in as them. */
export const saveNoticeSettings = async (
  ctx: ServiceContext,
  input: NoticeSettings,
): Promise<NoticeSettings> => {
  const s = enterpriseSession(ctx);
  if (s.claims.act) throw forbidden('Mail choices are changed by the member themself');
  const values = {
    assigned: input.assigned ? 1 : 0,
    due_tomorrow: input.dueTomorrow ? 1 : 0,
    feedback: input.feedback ? 1 : 0,
    updated_at: nowIso(),
  };
  await ctx.db
    .insertInto('notice_settings')
    .values({ user_id: s.user.id, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return input;
};
