import type { Db } from '../db/connect.ts';

/**
 * A durable job queue in the database: what a call hands over is written before the call answers, so a
 * crash or a kill -9 loses nothing. A worker claims a job with a lease; when the worker dies, the lease runs out
 * and the job is taken again. A failing job is retried with exponential backoff, then marked failed.
 */

export type JobKind =
  | 'speech-analysis'
  | 'webhook-delivery'
  | 'xapi-statement'
  // The mails that tell a member of their work (queued by services/organisation/notice-queue.ts).
  | 'assignment-notice'
  | 'due-reminder'
  | 'feedback-notice'
  // A learner's score on its way to an LMS gradebook (services/lti/grades.ts).
  | 'lti-score';
export type Job = { id: string; kind: JobKind; payload: unknown; attempts: number };
export type JobHandler = (job: Job) => Promise<void>;

/**
 * How long a claimed job is held before another worker may take it, by default (inference of a long answer fits
 * inside). A worker killed mid-job holds it this long; JOB_LEASE_MS changes it (the kill -9 test shortens it).
 */
export const LEASE_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 10_000;

/** How often a job is tried, and how long after its n-th failed try (n from 1) the next one is due. */
export type RetryPolicy = { maxAttempts: number; delayMs: (attempts: number) => number };

/** Speech analysis: three tries, 10 s then 20 s apart. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: MAX_ATTEMPTS,
  delayMs: (attempts) => BACKOFF_MS * 2 ** (attempts - 1),
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes a job (db may be the caller's transaction, so the job exists exactly when the write it follows does).
 * `tenant`: whose work it is (an enterprise's id), so workers share out among tenants (claimNext).
 */
export const enqueue = async (
  db: Db,
  kind: JobKind,
  payload: unknown,
  { delayMs = 0, tenant = null }: { delayMs?: number; tenant?: string | null } = {},
) => {
  const now = Date.now();
  const id = crypto.randomUUID();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      run_after: iso(now + delayMs),
      locked_until: null,
      last_error: null,
      tenant,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .execute();
  return id;
};

/** Writes many jobs of one kind at once, each due at its own time (db may be the caller's transaction). */
export const enqueueMany = async (db: Db, kind: JobKind, jobs: { payload: unknown; runAfter?: string }[]) => {
  const at = iso(Date.now());
  for (let start = 0; start < jobs.length; start += 400) {
    await db
      .insertInto('jobs')
      .values(
        jobs.slice(start, start + 400).map((job) => ({
          id: crypto.randomUUID(),
          kind,
          payload: JSON.stringify(job.payload),
          status: 'pending',
          attempts: 0,
          run_after: job.runAfter ?? at,
          locked_until: null,
          last_error: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
};

/**
 * Each tenant's oldest due job of one kind (pending and not leased, or leased by a worker whose lease ran out), by
 * the index on status, kind, tenant and run_after: the tenants are read off it one after another (each the least
 * after the last), and each one's oldest due job with one more read, so choosing costs reads per tenant, not per job
 * of the backlog (grouping every due job by tenant read 100,000 rows at each claim of such a backlog). A tenant whose
 * pending jobs are none of them due has no row.
 */
const oldestDueByTenant = async (db: Db, kind: JobKind, at: string) => {
  const named = await db
    .withRecursive('pending_tenants(tenant)', (cte) =>
      cte
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('jobs.tenant').as('tenant'))
        .where('jobs.status', '=', 'pending')
        .where('jobs.kind', '=', kind)
        .unionAll((eb) =>
          eb
            .selectFrom('pending_tenants as previous')
            .select((eb) =>
              eb
                .selectFrom('jobs')
                .select((eb) => eb.fn.min('jobs.tenant').as('tenant'))
                .where('jobs.status', '=', 'pending')
                .where('jobs.kind', '=', kind)
                .whereRef('jobs.tenant', '>', 'previous.tenant')
                .as('tenant'),
            )
            .where('previous.tenant', 'is not', null),
        ),
    )
    .selectFrom('pending_tenants')
    .select((eb) => [
      'pending_tenants.tenant',
      eb
        .selectFrom('jobs as due')
        .select('due.run_after')
        .where('due.status', '=', 'pending')
        .where('due.kind', '=', kind)
        .whereRef('due.tenant', '=', 'pending_tenants.tenant')
        .where('due.run_after', '<=', at)
        .where((eb) => eb.or([eb('due.locked_until', 'is', null), eb('due.locked_until', '<', at)]))
        .orderBy('due.run_after')
        .limit(1)
        .as('oldest'),
    ])
    .where('pending_tenants.tenant', 'is not', null)
    .execute();
  // The platform's own jobs (no tenant): the steps above pass them by.
  const unnamed = await db
    .selectFrom('jobs')
    .select('run_after')
    .where('status', '=', 'pending')
    .where('kind', '=', kind)
    .where('tenant', 'is', null)
    .where('run_after', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('run_after')
    .limit(1)
    .executeTakeFirst();
  return [
    ...named.flatMap(({ tenant, oldest }) => (oldest ? [{ tenant, oldest: String(oldest), kind }] : [])),
    ...(unnamed ? [{ tenant: null, oldest: String(unnamed.run_after), kind }] : []),
  ];
};

/** How far back the workers' service to each tenant is counted when choosing whose job comes next. */
const SERVED_WINDOW_MS = 5 * 60 * 1000;

/**
 * Whose due job is worked next, and of which kind: the tenant the workers served least lately (jobs claimed or
 * finished in the last SERVED_WINDOW_MS, those under way included), the one waiting longest among equals, and its
 * oldest due job's kind. One enterprise's hundreds of recordings then no longer hold every other enterprise's first
 * one behind them: each new tenant's job is next. Undefined when no job is due.
 */
const nextTenant = async (db: Db, kinds: readonly JobKind[], now: number) => {
  const waiting = (await Promise.all(kinds.map((kind) => oldestDueByTenant(db, kind, iso(now))))).flat();
  const oldestFirst = (a: (typeof waiting)[number], b: (typeof waiting)[number]) =>
    a.oldest < b.oldest ? a : b;
  if (waiting.length <= 1 || new Set(waiting.map((row) => row.tenant)).size === 1)
    return waiting.reduce<(typeof waiting)[number] | undefined>(
      (best, row) => (best ? oldestFirst(best, row) : row),
      undefined,
    );
  const served = new Map(
    (
      await db
        .selectFrom('jobs')
        .select((eb) => ['tenant', eb.fn.countAll().as('jobs')])
        .where('updated_at', '>', iso(now - SERVED_WINDOW_MS))
        .where('attempts', '>', 0)
        .where('kind', 'in', kinds)
        .groupBy('tenant')
        .execute()
    ).map((row) => [row.tenant, Number(row.jobs)]),
  );
  const load = (tenant: string | null) => served.get(tenant) ?? 0;
  return waiting.reduce((best, row) =>
    load(row.tenant) < load(best.tenant) ||
    (load(row.tenant) === load(best.tenant) && row.oldest < best.oldest)
      ? row
      : best,
  );
};

/**
 * Claims a due job (pending and not leased, or leased by a worker whose lease ran out): the oldest of the tenant
 * served least lately (nextTenant). The update names the row's previous lease, so of two workers racing for one
 * job only one wins it.
 */
export const claimNext = async (
  db: Db,
  kinds: readonly JobKind[],
  now = Date.now(),
  leaseMs = LEASE_MS,
): Promise<Job | null> => {
  for (let tries = 0; tries < 5; tries++) {
    const next = await nextTenant(db, kinds, now);
    if (next === undefined) return null;
    const { tenant, kind } = next;
    const candidate = await db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts', 'locked_until'])
      .where('status', '=', 'pending')
      .where('kind', '=', kind)
      .where((eb) => (tenant === null ? eb('tenant', 'is', null) : eb('tenant', '=', tenant)))
      .where('run_after', '<=', iso(now))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', iso(now))]))
      .orderBy('run_after')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) continue;
    const claimed = await db
      .updateTable('jobs')
      .set({ locked_until: iso(now + leaseMs), attempts: candidate.attempts + 1, updated_at: iso(now) })
      .where('id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where((eb) =>
        candidate.locked_until === null
          ? eb('locked_until', 'is', null)
          : eb('locked_until', '=', candidate.locked_until),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1)
      return {
        id: candidate.id,
        kind: candidate.kind as JobKind,
        payload: JSON.parse(candidate.payload) as unknown,
        attempts: candidate.attempts + 1,
      };
  }
  return null;
};

export const completeJob = async (db: Db, id: string) => {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, updated_at: iso(Date.now()) })
    .where('id', '=', id)
    .execute();
};

/**
 * A failed try: again after the policy's backoff (10 s, 20 s, … by default) until its attempts are spent, then
 * failed for good. Answers which, and when the next try is due.
 */
export const failJob = async (db: Db, job: Job, error: unknown, retry: RetryPolicy = DEFAULT_RETRY) => {
  const now = Date.now();
  const final = job.attempts >= retry.maxAttempts;
  const runAfter = iso(now + retry.delayMs(job.attempts));
  await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'pending',
      locked_until: null,
      run_after: runAfter,
      last_error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      updated_at: iso(now),
    })
    .where('id', '=', job.id)
    .execute();
  return final ? ({ outcome: 'failed' } as const) : ({ outcome: 'retry', runAfter } as const);
};

export type JobRunner = {
  /** Looks for due work now (after an enqueue) instead of at the next poll. */
  poke: () => void;
  /** Resolves when no job is running and none is due (tests, benches). */
  idle: () => Promise<void>;
  /** Stops taking jobs and waits for the ones running; their leases let a next start take over if cut. */
  stop: () => Promise<void>;
};

/**
 * Works jobs of the given kinds, at most `concurrency` at once (inference is CPU-bound: bounded to the cores),
 * polling every `pollMs` and when poked. `onGiveUp` hears of a job that failed its last attempt.
 */
export const startJobRunner = ({
  db,
  handlers,
  concurrency,
  pollMs = 2000,
  leaseMs = LEASE_MS,
  retry = DEFAULT_RETRY,
  onGiveUp,
  onRetry,
  log = (message, error) => console.error(message, error),
}: {
  db: Db;
  handlers: Partial<Record<JobKind, JobHandler>>;
  concurrency: number;
  pollMs?: number;
  /** How long a claimed job is held before another worker may take it. */
  leaseMs?: number;
  retry?: RetryPolicy;
  onGiveUp?: (job: Job, error: unknown) => Promise<void>;
  /** Hears of a failed try that will be tried again at `runAfter`. */
  onRetry?: (job: Job, runAfter: string) => Promise<void>;
  /** Where a failed try that will be retried is reported (the console by default). */
  log?: (message: string, error: unknown) => void;
}): JobRunner => {
  const kinds = Object.keys(handlers) as JobKind[];
  const running = new Set<Promise<void>>();
  let stopped = false;
  let looking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const work = async (job: Job) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for ${job.kind}`);
      await handler(job);
      await completeJob(db, job.id);
    } catch (error) {
      const result = await failJob(db, job, error, retry).catch(() => null);
      if (result?.outcome === 'failed') await onGiveUp?.(job, error).catch(() => undefined);
      else {
        if (result) await onRetry?.(job, result.runAfter).catch(() => undefined);
        log(`Job ${job.kind} ${job.id} failed (try ${job.attempts}), retrying:`, error);
      }
    }
  };

  const look = async () => {
    while (!stopped && running.size < concurrency) {
      const job = await claimNext(db, kinds, Date.now(), leaseMs);
      if (!job) return;
      const task = work(job).finally(() => {
        running.delete(task);
        if (!stopped) poke();
      });
      running.add(task);
    }
  };
  const poke = () => {
    if (stopped || looking) return;
    looking = look()
      .catch((error: unknown) => log('Job queue: could not look for work', error))
      .finally(() => {
        looking = null;
      });
  };
  const schedule = () => {
    timer = setTimeout(() => {
      poke();
      if (!stopped) schedule();
    }, pollMs);
    timer.unref();
  };
  schedule();
  poke();

  return {
    poke,
    idle: async () => {
      for (;;) {
        if (looking) await looking;
        if (running.size) await Promise.all([...running]);
        if (!looking && running.size === 0) {
          const due = await db
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('kind', 'in', kinds)
            .where('run_after', '<=', iso(Date.now()))
            // A job leased by a worker that is still within its lease is that worker's, not due here.
            .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', iso(Date.now()))]))
            .limit(1)
            .executeTakeFirst();
          if (!due || stopped) return;
          poke();
        }
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (looking) await looking;
      await Promise.all([...running]);
    },
  };
};
