/**
 * What choosing the next background job costs as the backlog grows: claimNext (server/src/jobs/queue.ts) reads each
 * tenant's oldest due job off an index, one tenant after another, to find the one served least lately, then takes
 * that job (it grouped every due job by tenant before: p50 48 ms a claim at 100,000 on SQLite). Backlogs of 1,000, 10,000
 * and 100,000 due speech jobs (BENCH_QUEUE_SIZES) over 50 enterprises, half of them one enterprise's, with the last
 * five minutes' 200 finished jobs beside them; each row claims 200 jobs one after another and prints the p50 and p99
 * of a claim, on SQLite and PostgreSQL (databases.ts). Prints, never judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@coach/server/db';
import { migrateToLatest } from '@coach/server/migrations';
import { claimNext } from '@coach/server/queue';
import type { Kysely } from 'kysely';
import { analyze, eachDatabase, withTarget } from './databases.ts';
import { table } from './shared.ts';

const SIZES = (process.env.BENCH_QUEUE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const TENANTS = 50;
const CLAIMS = 200;
const RECENTLY_DONE = 200;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** `count` rows of the jobs table: due speech jobs (half of them tenant 0's) or jobs finished a minute ago. */
const jobRows = (count: number, now: number, status: 'pending' | 'done') =>
  Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (status === 'done' ? 60_000 : (count - i) * 1000)).toISOString();
    return {
      id: crypto.randomUUID(),
      kind: 'speech-analysis',
      payload: JSON.stringify({ analysisId: crypto.randomUUID() }),
      status,
      attempts: status === 'done' ? 1 : 0,
      run_after: at,
      locked_until: null,
      last_error: null,
      tenant: `enterprise-${i % 2 === 0 ? 0 : i % TENANTS}`,
      created_at: at,
      updated_at: at,
    };
  });

export const benchQueue = async () => {
  const rows = await eachDatabase(async (database) => {
    const measured: Record<string, string | number>[] = [];
    for (const size of SIZES) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-queue-'));
      const { db } = connect({ dataDir, databaseUrl: database.databaseUrl });
      try {
        await migrateToLatest(db as unknown as Kysely<unknown>);
        await db.deleteFrom('jobs').execute();
        const now = Date.now();
        const all = [...jobRows(size, now, 'pending'), ...jobRows(RECENTLY_DONE, now, 'done')];
        for (let start = 0; start < all.length; start += 500)
          await db
            .insertInto('jobs')
            .values(all.slice(start, start + 500))
            .execute();
        await analyze(database);
        const times: number[] = [];
        for (let i = 0; i < CLAIMS; i++) {
          const started = performance.now();
          const job = await claimNext(db, ['speech-analysis']);
          times.push(performance.now() - started);
          if (!job) throw new Error('claimNext found no job in a full backlog');
        }
        measured.push(
          withTarget(
            {
              database: database.label,
              'due jobs': size,
              tenants: TENANTS,
              'claim p50 ms': percentile(times, 50).toFixed(2),
              'claim p99 ms': percentile(times, 99).toFixed(2),
            },
            'a claim well under a job (a speech job takes 1-5 s)',
          ),
        );
      } finally {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return measured;
  });
  console.log('\nBackground jobs: choosing the next job (fair share among tenants) as the backlog grows');
  console.log(table(rows.flat()));
};

if (import.meta.main) await benchQueue();
