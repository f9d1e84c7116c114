import type { Db } from '../db/connect.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { HEAR_IT_PURPOSE } from '../services/speech/hear-it.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A finished job is kept a week (what ran lately can be looked into), one that gave up a month. */
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
export const KEEP_FAILED_JOBS_MS = 30 * DAY_MS;
/** Every limit's window is an hour at most (auth/throttle.ts and its callers): a day of events is kept. */
export const KEEP_THROTTLE_EVENTS_MS = DAY_MS;
/** A "hear it" render nobody has asked for in three months is deleted; the next ask renders its text again. */
export const KEEP_UNHEARD_RENDERS_MS = 90 * DAY_MS;
/** Renders deleted at most per sweep (one storage call each), so a sweep stays short; the rest go next hour. */
const RENDERS_PER_SWEEP = 500;
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

/**
 * Deletes the "hear it" renders (services/speech/hear-it.ts) unheard for KEEP_UNHEARD_RENDERS_MS: the stored audio
 * first, then its row, unless someone asked for it meanwhile. A render the storage fails to delete keeps its row for
 * the next sweep, the others go on, and the sweep then fails naming how many; an ask arriving between the two finds
 * no audio and renders the text afresh.
 */
export const sweepUnheardRenders = async (
  db: Db,
  storage: Pick<StorageProvider, 'remove'>,
  now = Date.now(),
) => {
  const before = iso(now - KEEP_UNHEARD_RENDERS_MS);
  const stale = await db
    .selectFrom('hear_it_renders')
    .select('key')
    .where('heard_at', '<', before)
    .orderBy('heard_at')
    .limit(RENDERS_PER_SWEEP)
    .execute();
  let removed = 0;
  const failures: unknown[] = [];
  for (const { key } of stale) {
    try {
      await storage.remove(key);
    } catch (error) {
      // One object the storage will not delete holds back none of the others; it is tried again next sweep.
      failures.push(error);
      continue;
    }
    await db.deleteFrom('hear_it_renders').where('key', '=', key).where('heard_at', '<', before).execute();
    removed++;
  }
  const [first] = failures;
  if (first !== undefined) {
    const why = first instanceof Error ? first.message : String(first);
    throw new AggregateError(
      failures,
      `${failures.length} "hear it" render(s) could not be deleted (${removed} were): ${why}`,
    );
  }
  return removed;
};

/**
 * Notes, as heard now, every stored "hear it" render without a row: those rendered before renders were noted
 * (migration 046), which no ask may ever adopt, so the sweep deletes them too once unheard for long. A page of keys
 * at a time (a thousand); a render noted meanwhile keeps its own row. Answers how many it noted.
 */
export const adoptUnnotedRenders = async (
  db: Db,
  storage: Pick<StorageProvider, 'list'>,
  now = Date.now(),
) => {
  let adopted = 0;
  for await (const keys of storage.list(HEAR_IT_PURPOSE)) {
    // An empty page asks nothing (PostgreSQL refuses `in ()`).
    if (!keys.length) continue;
    const noted = new Set(
      (await db.selectFrom('hear_it_renders').select('key').where('key', 'in', keys).execute()).map(
        (row) => row.key,
      ),
    );
    const unnoted = keys.filter((key) => !noted.has(key));
    if (!unnoted.length) continue;
    const result = await db
      .insertInto('hear_it_renders')
      .values(unnoted.map((key) => ({ key, heard_at: iso(now) })))
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    adopted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return adopted;
};

/**
 * Sweeps once an hour in the background (the first a minute after start, after adoptUnnotedRenders); `stop` ends it.
 * `chores` are the other hourly sweeps (checkouts left pending), each run after these whatever the others did.
 */
export const startHousekeeping = (
  db: Db,
  storage: Pick<StorageProvider, 'remove' | 'list'>,
  log: (message: string, error: unknown) => void,
  chores: Record<string, () => Promise<unknown>> = {},
) => {
  const sweep = () =>
    void sweepOldRows(db)
      .then(() => sweepUnheardRenders(db, storage))
      .catch((error: unknown) => log('Housekeeping failed', error))
      .then(async () => {
        for (const [name, chore] of Object.entries(chores))
          await chore().catch((error: unknown) => log(`${name} failed`, error));
      });
  // Once a start, renders stored before they were noted are noted, so the sweeps that follow may delete them.
  const first = setTimeout(
    () =>
      void adoptUnnotedRenders(db, storage)
        .catch((error: unknown) => log('Noting stored "hear it" renders failed', error))
        .finally(sweep),
    60_000,
  );
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
