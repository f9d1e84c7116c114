import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import {
  KEEP_DONE_JOBS_MS,
  KEEP_FAILED_JOBS_MS,
  KEEP_THROTTLE_EVENTS_MS,
  KEEP_UNHEARD_RENDERS_MS,
  sweepOldRows,
  sweepUnheardRenders,
} from './housekeeping.ts';
import { enqueue } from './queue.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ runJobs: false });
});
afterAll(async () => {
  await t?.close();
});

describe('housekeeping', () => {
  it('deletes jobs long finished and throttle events past every window, and keeps the rest', async () => {
    const db = t.deps.db;
    await db.deleteFrom('jobs').execute();
    const now = Date.now();
    const job = async (status: string, ageMs: number) => {
      const id = await enqueue(db, 'speech-analysis', { status, ageMs });
      await db
        .updateTable('jobs')
        .set({ status, updated_at: new Date(now - ageMs).toISOString() })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const kept = [
      await job('done', KEEP_DONE_JOBS_MS - 60_000),
      await job('failed', KEEP_FAILED_JOBS_MS - 60_000),
      // Never a job still to do, however old.
      await job('pending', KEEP_FAILED_JOBS_MS * 2),
    ];
    await job('done', KEEP_DONE_JOBS_MS + 60_000);
    await job('failed', KEEP_FAILED_JOBS_MS + 60_000);
    const event = (key: string, ageMs: number) =>
      db
        .insertInto('throttle_events')
        .values({ id: crypto.randomUUID(), key, created_at: new Date(now - ageMs).toISOString() })
        .execute();
    await event('housekeeping:old', KEEP_THROTTLE_EVENTS_MS + 60_000);
    await event('housekeeping:recent', 60_000);

    expect(await sweepOldRows(db, now)).toMatchObject({ jobs: 2 });
    const left = await db.selectFrom('jobs').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
    const events = await db
      .selectFrom('throttle_events')
      .select('key')
      .where('key', 'like', 'housekeeping:%')
      .execute();
    expect(events.map((row) => row.key)).toEqual(['housekeeping:recent']);
  });

  it('keeps an unheard render whose audio could not be deleted for the next sweep, and deletes the others', async () => {
    const db = t.deps.db;
    const stuck = `hear-it/2026-12/${crypto.randomUUID()}.mp3`;
    const other = `hear-it/2026-12/${crypto.randomUUID()}.mp3`;
    const old = (extraMs: number) => new Date(Date.now() - KEEP_UNHEARD_RENDERS_MS - extraMs).toISOString();
    // The stuck one is the oldest, so it comes first.
    await db
      .insertInto('hear_it_renders')
      .values([
        { key: stuck, heard_at: old(120_000) },
        { key: other, heard_at: old(60_000) },
      ])
      .execute();
    const removed: string[] = [];
    const storage = {
      remove: async (key: string) => {
        if (key === stuck) throw new Error('storage unreachable');
        removed.push(key);
      },
    };
    await expect(sweepUnheardRenders(db, storage)).rejects.toThrow(
      '1 "hear it" render(s) could not be deleted (1 were): storage unreachable',
    );
    expect(removed).toEqual([other]);
    const rows = await db
      .selectFrom('hear_it_renders')
      .select('key')
      .where('key', 'in', [stuck, other])
      .execute();
    expect(rows.map((row) => row.key)).toEqual([stuck]);
    expect(await sweepUnheardRenders(db, { remove: async (key) => void removed.push(key) })).toBe(1);
    expect(removed).toEqual([other, stuck]);
    expect(await db.selectFrom('hear_it_renders').select('key').where('key', '=', stuck).execute()).toEqual(
      [],
    );
  });
});
