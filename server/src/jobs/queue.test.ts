import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { claimNext, enqueue, type Job, MAX_ATTEMPTS, startJobRunner } from './queue.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Without the app's runners: its speech runner (polling every 200 ms) would claim these suites' jobs too.
  t = await createTestApp({ runJobs: false });
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: string) =>
  t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const clearQueue = () => t.deps.db.deleteFrom('jobs').execute();

describe('the durable job queue', () => {
  it('works what was enqueued and marks it done', async () => {
    await clearQueue();
    const seen: unknown[] = [];
    const id = await enqueue(t.deps.db, 'speech-analysis', { recording: 'a.webm' });
    const runner = startJobRunner({
      db: t.deps.db,
      concurrency: 1,
      handlers: { 'speech-analysis': async (job) => void seen.push(job.payload) },
    });
    await runner.idle();
    await runner.stop();
    expect(seen).toEqual([{ recording: 'a.webm' }]);
    expect((await statusOf(id)).status).toBe('done');
  });

  it('of two workers racing for one job, one gets it', async () => {
    await clearQueue();
    await enqueue(t.deps.db, 'speech-analysis', {});
    const claims = await Promise.all([
      claimNext(t.deps.db, ['speech-analysis']),
      claimNext(t.deps.db, ['speech-analysis']),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("shares the workers out among tenants: a new tenant's job comes before another's older backlog", async () => {
    await clearQueue();
    const jobOf = async (tenant: string | null, n: number, ago: number) =>
      enqueue(t.deps.db, 'speech-analysis', { tenant, n }, { delayMs: -ago, tenant });
    // Acme queued six recordings a minute ago; Globex one just now, and the platform one of its own.
    for (let n = 0; n < 6; n++) await jobOf('acme', n, 60_000 - n);
    await jobOf('globex', 0, 10);
    await jobOf(null, 0, 5);
    const at = Date.now();
    const order: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      const job = await claimNext(t.deps.db, ['speech-analysis'], at + i);
      if (!job) break;
      const { tenant, n } = job.payload as { tenant: string | null; n: number };
      order.push(`${tenant ?? 'platform'} ${n}`);
    }
    // Acme's oldest first (nobody served yet), then the two served least, then the rest of Acme's in order.
    expect(order).toEqual([
      'acme 0',
      'globex 0',
      'platform 0',
      'acme 1',
      'acme 2',
      'acme 3',
      'acme 4',
      'acme 5',
    ]);
  });

  it('takes only due, free jobs of its own kinds, the oldest of any of them first', async () => {
    await clearQueue();
    const db = t.deps.db;
    const jobOf = (
      kind: 'due-reminder' | 'assignment-notice' | 'webhook-delivery',
      tenant: string,
      delayMs: number,
    ) => enqueue(db, kind, { kind, tenant }, { delayMs, tenant });
    await jobOf('due-reminder', 'acme', -120_000);
    await jobOf('assignment-notice', 'acme', -60_000);
    // Globex's notice is not due yet, and its reminder is under way (a live worker's lease).
    await jobOf('assignment-notice', 'globex', 60_000);
    const leased = await jobOf('due-reminder', 'globex', -300_000);
    await db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() + 60_000).toISOString(), attempts: 1 })
      .where('id', '=', leased)
      .execute();
    // Initech's oldest job is of a kind another runner works.
    await jobOf('webhook-delivery', 'initech', -600_000);
    const claimed: unknown[] = [];
    for (;;) {
      const job = await claimNext(db, ['assignment-notice', 'due-reminder']);
      if (!job) break;
      claimed.push(job.payload);
    }
    expect(claimed).toEqual([
      { kind: 'due-reminder', tenant: 'acme' },
      { kind: 'assignment-notice', tenant: 'acme' },
    ]);
  });

  it('a job whose worker died is taken again once its lease runs out, and nothing is lost', async () => {
    await clearQueue();
    const id = await enqueue(t.deps.db, 'speech-analysis', { n: 1 });
    // A worker claims it and is killed before finishing: the job stays leased.
    expect(await claimNext(t.deps.db, ['speech-analysis'])).not.toBeNull();
    expect(await claimNext(t.deps.db, ['speech-analysis'])).toBeNull();
    // The lease runs out (as it would 5 minutes later); a new runner finishes the job.
    await t.deps.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const runs: Job[] = [];
    const runner = startJobRunner({
      db: t.deps.db,
      concurrency: 1,
      handlers: { 'speech-analysis': async (job) => void runs.push(job) },
    });
    await runner.idle();
    await runner.stop();
    expect(runs.map((job) => job.attempts)).toEqual([2]);
    expect((await statusOf(id)).status).toBe('done');
  });

  it('a failing job is retried with backoff, then given up and reported', async () => {
    await clearQueue();
    const id = await enqueue(t.deps.db, 'speech-analysis', {});
    const givenUp: string[] = [];
    const runner = startJobRunner({
      db: t.deps.db,
      concurrency: 1,
      handlers: {
        'speech-analysis': async () => {
          throw new Error('model missing');
        },
      },
      onGiveUp: async (job) => void givenUp.push(job.id),
      log: () => {},
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runner.idle();
      const row = await statusOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('model missing');
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe('pending');
        expect(row.run_after > new Date().toISOString()).toBe(true);
        // Skip the backoff's wait.
        await t.deps.db
          .updateTable('jobs')
          .set({ run_after: new Date(Date.now() - 1).toISOString() })
          .where('id', '=', id)
          .execute();
        runner.poke();
      }
    }
    await runner.stop();
    expect((await statusOf(id)).status).toBe('failed');
    expect(givenUp).toEqual([id]);
  });
});
