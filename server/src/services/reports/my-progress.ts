import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import {
  MY_PROGRESS_SCORES,
  MY_PROGRESS_SURVEYS,
  MY_PROGRESS_TASKS,
  MY_PROGRESS_VIDEOS,
  type MyProgress,
  type MyProgressTask,
} from '@coach/shared/contract/my-progress';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { SCORED_TASK_TYPES, type Task } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { enterpriseSession } from '../../session/session.ts';
import { openTaskTypes } from '../common/features.ts';
import { videosToWatch } from '../content/video-rows.ts';
import type { ServiceContext } from '../context.ts';
import { speechTrendOf } from '../speech/speech-trend.ts';
import { mySurveys } from '../surveys/my-surveys.ts';
import type { StoredReport } from '../tasks/task-assignment-rows.ts';
import { parseCounting } from '../tasks/task-attempts.ts';

const DAY_MS = 86_400_000;
const DEFAULT_TREND_DAYS = 30;
/** How far back practice days are read for the streak: a longer streak shows as this many days. */
const STREAK_LOOKBACK_DAYS = 400;

/** The calendar day (YYYY-MM-DD) of a moment in a time zone (en-CA writes dates as YYYY-MM-DD). */
export const dayIn = (timeZone: string, at: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    typeof at === 'string' ? new Date(at) : at,
  );

/** The day before a YYYY-MM-DD day. */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * Consecutive practice days ending today, or ending yesterday while today has none yet (a streak is not lost
 * before the day is over).
 */
export const streakOf = (practiceDays: ReadonlySet<string>, today: string) => {
  const practisedToday = practiceDays.has(today);
  let day = practisedToday ? today : dayBefore(today);
  let streakDays = 0;
  while (practiceDays.has(day)) {
    streakDays += 1;
    day = dayBefore(day);
  }
  return { streakDays, practisedToday };
};

/** The caller's open tasks: counts and the nearest due, of the task types the enterprise has on. */
const openTasks = async (ctx: ServiceContext, userId: string, enterpriseId: string, at: string) => {
  const open = ctx.db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .where('a.user_id', '=', userId)
    .where('a.enterprise_id', '=', enterpriseId)
    .where('a.status', '!=', TASK_STATUS.completed)
    .where('t.type', 'in', openTaskTypes(ctx));
  const [total, started, overdue, rows] = await Promise.all([
    open.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    open
      .where('a.status', '=', TASK_STATUS.inProgress)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    open
      .where('a.due_at', '<', at)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    open
      .select(['a.task_id', 'a.status', 'a.progress', 'a.due_at', 't.title', 't.type'])
      .orderBy('a.due_at')
      .orderBy('a.task_id')
      .limit(MY_PROGRESS_TASKS)
      .execute(),
  ]);
  const next = rows.map(
    (row): MyProgressTask => ({
      taskId: row.task_id,
      title: row.title,
      type: Number(row.type) as Task['type'],
      taskStatus: Number(row.status) === TASK_STATUS.inProgress ? 1 : 0,
      progress: Number(row.progress),
      dueAt: row.due_at,
      overdue: row.due_at < at,
    }),
  );
  return {
    open: Number(total?.n ?? 0),
    inProgress: Number(started?.n ?? 0),
    overdue: Number(overdue?.n ?? 0),
    next,
  };
};

/**
 * The caller's latest scored tasks (Pronunciation, Read & Record), newest first, each by the try that counts
 * (best or latest, the group's rule), also while a new try is open.
 */
const latestScores = async (db: Db, userId: string, enterpriseId: string) => {
  const rows = await db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select(['a.task_id', 'a.report', 'a.counting_result', 't.title'])
    .where('a.user_id', '=', userId)
    .where('a.enterprise_id', '=', enterpriseId)
    .where((eb) =>
      eb.or([eb('a.status', '=', TASK_STATUS.completed), eb('a.counting_result', 'is not', null)]),
    )
    .where('t.type', 'in', SCORED_TASK_TYPES)
    .orderBy('a.completed_at', 'desc')
    .limit(MY_PROGRESS_SCORES * 4)
    .execute();
  return rows
    .flatMap((row) => {
      const result =
        parseCounting(row.counting_result)?.result ??
        (JSON.parse(row.report ?? '{}') as StoredReport).pronunciationResult;
      return result
        ? [
            {
              taskId: row.task_id,
              title: row.title,
              score: result.score,
              passingScore: result.passingScore,
              passed: result.passed,
              scoredAt: result.scoredAt,
            },
          ]
        : [];
    })
    .sort((a, b) => b.scoredAt.localeCompare(a.scoredAt))
    .slice(0, MY_PROGRESS_SCORES);
};

/**
 * Seconds recorded per recording of the caller's attempts saved since `since`: the length the speech engine
 * measured, else the length the recorder reported with the attempt (still being heard, or not heard).
 */
const recordings = async (db: Db, userId: string, enterpriseId: string, since: string) => {
  const rows = await db
    .selectFrom('recording_analyses as r')
    .innerJoin('task_assignments as a', 'a.id', 'r.assignment_id')
    .select(['r.assignment_id', 'r.recording_key', 'r.analysis', 'r.created_at', 'a.report'])
    .where('a.user_id', '=', userId)
    .where('a.enterprise_id', '=', enterpriseId)
    .where('r.enterprise_id', '=', enterpriseId)
    .where('r.created_at', '>=', since)
    .execute();
  const reports = new Map<string, StoredReport>();
  return rows.map((row) => {
    const analysis = row.analysis ? (JSON.parse(row.analysis) as SpeechAnalysis) : null;
    let seconds = analysis?.durationSeconds ?? null;
    if (seconds === null) {
      const report = reports.get(row.assignment_id) ?? (JSON.parse(row.report ?? '{}') as StoredReport);
      reports.set(row.assignment_id, report);
      seconds = (report.recordings?.[row.recording_key]?.durationMs ?? 0) / 1000;
    }
    return { savedAt: row.created_at, seconds };
  });
};

/**
 * Practice without a recording since `since`, each with the time it took: a video watched (its length), and a task
 * completed with no recording of its own (the task's expected time: a Read, a question answered in writing). A Video
 * task is its video, and a task with recordings is timed by them, so neither counts twice.
 */
const practiceMoments = async (db: Db, userId: string, enterpriseId: string, since: string) => {
  const [completed, watched] = await Promise.all([
    db
      .selectFrom('task_assignments as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .select(['a.completed_at', 't.time_minutes'])
      .where('a.user_id', '=', userId)
      .where('a.enterprise_id', '=', enterpriseId)
      .where('a.completed_at', '>=', since)
      .where('t.type', '!=', TASK_TYPES.video)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('recording_analyses as r').select('r.id').whereRef('r.assignment_id', '=', 'a.id'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('content_actions as v')
      .innerJoin('content as c', 'c.id', 'v.content_id')
      .select(['v.created_at', 'c.duration_seconds'])
      .where('v.user_id', '=', userId)
      .where('v.enterprise_id', '=', enterpriseId)
      .where('v.action', '=', 'viewed')
      .where('v.created_at', '>=', since)
      .execute(),
  ]);
  return [
    ...completed.flatMap((row) =>
      row.completed_at ? [{ savedAt: row.completed_at, seconds: Number(row.time_minutes) * 60 }] : [],
    ),
    ...watched.map((row) => ({ savedAt: row.created_at, seconds: Number(row.duration_seconds) })),
  ];
};

/**
 * general/my-progress: the caller's own tasks to do, Pronunciation scores, speaking trend,
 * practice time, streak, videos to watch and surveys to answer. Every query filters on the caller and their enterprise; the
 * request names no one, so no other member's data can be asked for.
 */
export const getMyProgress = async (
  ctx: ServiceContext,
  { days = DEFAULT_TREND_DAYS }: { days?: number | undefined },
  now = new Date(),
): Promise<MyProgress> => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  const userId = user.id;
  // The member's own days (spec §9): their timezone, else the organisation's, else UTC.
  const timeZone = effectiveTimeZone({ member: user.timezone, enterprise: user.ent_timezone });
  const today = dayIn(timeZone, now);
  const at = now.toISOString();
  const ago = (n: number) => new Date(now.getTime() - n * DAY_MS).toISOString();

  const [tasks, scores, points, recorded, moments, videos, surveys] = await Promise.all([
    openTasks(ctx, userId, enterpriseId, at),
    latestScores(ctx.db, userId, enterpriseId),
    speechTrendOf(ctx.db, { enterpriseId, userId, days, now }),
    recordings(ctx.db, userId, enterpriseId, ago(STREAK_LOOKBACK_DAYS)),
    practiceMoments(ctx.db, userId, enterpriseId, ago(STREAK_LOOKBACK_DAYS)),
    videosToWatch(ctx.db, { enterpriseId, userId, limit: MY_PROGRESS_VIDEOS }),
    mySurveys(ctx),
  ]);
  const toAnswer = surveys.filter((survey) => survey.open && survey.submittedAt === null);

  // Minutes and streak come from the same practice (so "0 min practised" never stands beside a one-day streak):
  // speaking recorded, videos watched and tasks done without a recording, each with its time; a day counts towards
  // the streak when it holds some of that time.
  const practice = [...recorded, ...moments].filter((m) => m.seconds > 0);
  const secondsSince = (since: string) =>
    Math.round(practice.filter((m) => m.savedAt >= since).reduce((sum, m) => sum + m.seconds, 0));
  const practiceDays = new Set(practice.map((m) => dayIn(timeZone, m.savedAt)));
  return {
    timeZone,
    today,
    tasks,
    scores,
    speech: { days, points },
    practice: {
      secondsLast7Days: secondsSince(ago(7)),
      secondsLast30Days: secondsSince(ago(30)),
      ...streakOf(practiceDays, today),
    },
    videos,
    surveys: { toAnswer: toAnswer.length, list: toAnswer.slice(0, MY_PROGRESS_SURVEYS) },
  };
};
