import type { ClientPlatform } from '@coach/shared/contract/admin-reports';
import type { Db } from '../db/connect.ts';

/** ISO date (YYYY-MM-DD) of a moment, in UTC. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

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
 * One row per member per day (the member's own day, in their timezone, issue 17 item 6) with a sign-in or a token
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
