import type { Db } from '../db/connect.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A finished job is kept a week (what ran lately can be looked into), one that gave up a month. */
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
export const KEEP_FAILED_JOBS_MS = 30 * DAY_MS;
/** Every limit's window is an hour at most (auth/throttle.ts and its callers): a day of events is kept. */
export const KEEP_THROTTLE_EVENTS_MS = DAY_MS;
/** How often a process sweeps. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes the rows that only grow: jobs long finished and throttle events past every limit's window. Nothing
 * pending or under way is touched; a sweep of several processes at once deletes the same rows once.
 */
export const sweepOldRows = async (db: Db, now = Date.now()) => {
  const jobs = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'done'), eb('updated_at', '<', iso(now - KEEP_DONE_JOBS_MS))]),
        eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', iso(now - KEEP_FAILED_JOBS_MS))]),
      ]),
    )
    .executeTakeFirst();
  const events = await db
    .deleteFrom('throttle_events')
    .where('created_at', '<', iso(now - KEEP_THROTTLE_EVENTS_MS))
    .executeTakeFirst();
  return { jobs: Number(jobs.numDeletedRows), throttleEvents: Number(events.numDeletedRows) };
};

/** Sweeps once an hour in the background (the first a minute after start); `stop` ends it. */
export const startHousekeeping = (db: Db, log: (message: string, error: unknown) => void) => {
  const sweep = () => void sweepOldRows(db).catch((error: unknown) => log('Housekeeping failed', error));
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
    },
  };
};
