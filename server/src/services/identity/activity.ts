import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import type { ClientPlatform } from '@coach/shared/contract/admin-reports';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dayOf } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

/** ISO date (YYYY-MM-DD) of a moment on the calendar of `timeZone` (an IANA zone the contract accepted). */
export const dayIn = (date: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/**
 * One row per member per day (the member's own day, in their timezone) with a sign-in or a token
 * refresh: feeds member detail, the dashboards and the
 * app-user-counts report (which counts the platform of the day's first sign-in or refresh).
 */
export const recordActivity = async (
  db: Db,
  userId: string,
  enterpriseId: string,
  at = new Date(),
  platform: ClientPlatform = 'web',
  /** The member's timezone (spec §9): the day counted is their own calendar day. */
  timeZone = 'UTC',
) => {
  await db
    .insertInto('activity_days')
    .values({ user_id: userId, enterprise_id: enterpriseId, day: dayIn(at, timeZone), platform })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
};

/**
 * The member practised (saved an attempt or a recording, completed a task, watched a video): like a sign-in, the
 * day counts as one they were active and is their last activity (otherwise "Last active Nov 27" could stand
 * beside recordings of Dec 1, and a member who practised would count as inactive). A platform admin logged in as the
 * enterprise is not the member's activity.
 */
export const recordPractice = async (ctx: ServiceContext, at = new Date()) => {
  const s = enterpriseSession(ctx);
  if (s.claims.act) return;
  const zone = effectiveTimeZone({ member: s.user.timezone, enterprise: s.user.ent_timezone });
  await recordActivity(ctx.db, s.user.id, s.enterpriseId, at, ctx.clientPlatform, zone);
  const iso = at.toISOString();
  await ctx.db
    .updateTable('users')
    .set({ last_active_at: iso })
    .where('id', '=', s.user.id)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', iso)]))
    .execute();
};

/**
 * The demo seed's practice (attempts, completions, views written straight to their tables) as activity, the way
 * `recordPractice` counts it live: each day with any becomes an active day, and the latest is the last activity.
 */
export const activityFromPractice = async (db: Db, enterpriseId: string) => {
  const moments = await db
    .selectFrom('task_assignments')
    .select(['user_id', sql<string>`coalesce(completed_at, started_at)`.as('at')])
    .where('enterprise_id', '=', enterpriseId)
    .where('status', '>', 0)
    .unionAll(
      db
        .selectFrom('content_actions')
        .select(['user_id', 'created_at as at'])
        .where('enterprise_id', '=', enterpriseId)
        .where('action', '=', 'viewed'),
    )
    .unionAll(
      db
        .selectFrom('recording_analyses as r')
        .innerJoin('task_assignments as a', 'a.id', 'r.assignment_id')
        .select(['a.user_id', 'r.created_at as at'])
        .where('r.enterprise_id', '=', enterpriseId),
    )
    .execute();
  const latest = new Map<string, string>();
  for (const { user_id, at } of moments) {
    if (!at) continue;
    await recordActivity(db, user_id, enterpriseId, new Date(at));
    if ((latest.get(user_id) ?? '') < at) latest.set(user_id, at);
  }
  for (const [userId, at] of latest)
    await db
      .updateTable('users')
      .set({ last_active_at: at })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', at)]))
      .execute();
};

/** The Monday (UTC) of the week holding `date`. */
export const mondayOf = (date: Date) => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
};

/** Days with activity per week over the last `weeks` weeks for one member, oldest week first. */
export const weeklyActivity = async (db: Db, userId: string, weeks = 12, now = new Date()) => {
  const firstMonday = mondayOf(now);
  firstMonday.setUTCDate(firstMonday.getUTCDate() - 7 * (weeks - 1));
  const rows = await db
    .selectFrom('activity_days')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '>=', dayOf(firstMonday))
    .execute();
  const buckets = Array.from({ length: weeks }, (_, i) => {
    const monday = new Date(firstMonday);
    monday.setUTCDate(monday.getUTCDate() + 7 * i);
    return { week: dayOf(monday), activeDays: 0 };
  });
  for (const { day } of rows) {
    const index = Math.floor((Date.parse(day) - firstMonday.getTime()) / (7 * 86_400_000));
    const bucket = buckets[index];
    if (bucket) bucket.activeDays += 1;
  }
  return buckets;
};
