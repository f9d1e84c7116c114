import { z } from 'zod';
import { TASK_TYPE_VALUES } from '../constants/task-types.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { optionalQuery } from './envelope.ts';
import { speechTrendPointSchema } from './members.ts';
import { mySurveyRowSchema } from './surveys.ts';
import { videoContentSchema } from './video.ts';

// A member's own home: "My progress" on /enterprise/dashboard, for every signed-in member
// whatever their role. Only the caller's own data: the request names nobody.

/** The periods the speech trend can cover, in days (the figures default to the middle one). */
export const MY_PROGRESS_TREND_DAYS = [7, 30, 90] as const;
export type MyProgressTrendDays = (typeof MY_PROGRESS_TREND_DAYS)[number];
/** Open tasks listed, nearest due date first (the rest are counted and one click away in My Tasks). */
export const MY_PROGRESS_TASKS = 5;
/** Latest Pronunciation results listed. */
export const MY_PROGRESS_SCORES = 5;
/** Assigned videos not watched yet, listed newest assignment first. */
export const MY_PROGRESS_VIDEOS = 4;
/** Open surveys the caller has not answered yet, listed newest first. */
export const MY_PROGRESS_SURVEYS = 4;

/** An open task of the caller (not completed), as the home lists it. */
export const myProgressTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  type: z.union(TASK_TYPE_VALUES.map((value) => z.literal(value))),
  /** 0 not started, 1 in progress. */
  taskStatus: z.union([z.literal(0), z.literal(1)]),
  progress: z.number(),
  dueAt: z.string(),
  /** The due date has passed. */
  overdue: z.boolean(),
});
export type MyProgressTask = z.infer<typeof myProgressTaskSchema>;

/** A scored Pronunciation task of the caller (the speech engine's result). */
export const myProgressScoreSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  score: z.number(),
  passingScore: z.number(),
  passed: z.boolean(),
  scoredAt: z.string(),
});
export type MyProgressScore = z.infer<typeof myProgressScoreSchema>;

export const myProgressSchema = z.object({
  /**
   * The time zone the days (streak, practice windows) are counted in: the member's, else the organisation's,
   * else UTC. `today` is the current day there, YYYY-MM-DD.
   */
  timeZone: z.string(),
  today: z.string(),
  tasks: z.object({
    /** Open tasks (not started or in progress) of task types the enterprise has on. */
    open: z.number().int(),
    /** Of the open tasks, those started and not finished (My Tasks' In progress tab; the rest are its Due tab). */
    inProgress: z.number().int(),
    overdue: z.number().int(),
    /** Up to MY_PROGRESS_TASKS open tasks, nearest due date first (overdue ones lead). */
    next: z.array(myProgressTaskSchema),
  }),
  /** Up to MY_PROGRESS_SCORES latest Pronunciation results, newest first. */
  scores: z.array(myProgressScoreSchema),
  /** The caller's heard recordings per day over the last `days` days (as the member page's speaking trend). */
  speech: z.object({ days: z.number().int(), points: z.array(speechTrendPointSchema) }),
  practice: z.object({
    /** Recorded speaking time of the caller's task attempts saved in the last 7 and 30 days, in seconds. */
    secondsLast7Days: z.number().int(),
    secondsLast30Days: z.number().int(),
    /**
     * Consecutive days up to today with practice (a recording saved, a task completed or a video watched). A
     * streak still counts through yesterday when today has none yet: `practisedToday` says which.
     */
    streakDays: z.number().int(),
    practisedToday: z.boolean(),
  }),
  videos: z.object({
    /** Videos assigned to the caller that they have not watched (past 80 %) yet. */
    toWatch: z.number().int(),
    list: z.array(videoContentSchema),
  }),
  surveys: z.object({
    /** Open surveys (Active, not past due, assigned to the caller) the caller has not answered yet. */
    toAnswer: z.number().int(),
    list: z.array(mySurveyRowSchema),
  }),
});
export type MyProgress = z.infer<typeof myProgressSchema>;

const G = `${API_BASE.enterprise}/general`;

/** The member's own progress: login only, the caller's data only. */
export const myProgress = {
  get: defineCall({
    method: 'GET',
    path: `${G}/my-progress`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({
      days: optionalQuery(
        z.coerce.number().refine((value) => (MY_PROGRESS_TREND_DAYS as readonly number[]).includes(value), {
          message: `Choose ${MY_PROGRESS_TREND_DAYS.join(', ')} days`,
        }),
      ),
    }),
    response: myProgressSchema,
  }),
};
