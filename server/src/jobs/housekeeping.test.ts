import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localStorage } from '../providers/storage.ts';
import { createTestApp } from '../testing/test-app.ts';
import {
  adoptUnnotedRenders,
  KEEP_DONE_JOBS_MS,
  KEEP_FAILED_JOBS_MS,
  KEEP_THROTTLE_EVENTS_MS,
  KEEP_UNHEARD_RENDERS_MS,
  startHousekeeping,
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

  it('notes stored renders that have no row, so a later sweep deletes those still unheard', async () => {
    const db = t.deps.db;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'coach-renders-'));
    try {
      const storage = localStorage({ dataDir, secret: 'test-secret' });
      const key = () => `hear-it/2026-11/${crypto.randomUUID()}.mp3`;
      const [unnoted, noted, elsewhere] = [key(), key(), `avatar/2026-11/${crypto.randomUUID()}.png`];
      for (const stored of [unnoted, noted, elsewhere])
        await storage.put(stored, new Uint8Array([1]), 'audio/mpeg');
      // Not a key of the storage's own shape: never listed, never deleted.
      await writeFile(path.join(storage.root, 'hear-it', '2026-11', 'notes.txt'), 'x');
      const heardLately = new Date(Date.now() - 86_400_000).toISOString();
      await db.insertInto('hear_it_renders').values({ key: noted, heard_at: heardLately }).execute();

      const now = Date.now();
      expect(await adoptUnnotedRenders(db, storage, now)).toBe(1);
      const rows = await db
        .selectFrom('hear_it_renders')
        .select(['key', 'heard_at'])
        .where('key', 'in', [unnoted, noted])
        .orderBy('heard_at')
        .execute();
      expect(rows).toEqual([
        { key: noted, heard_at: heardLately },
        { key: unnoted, heard_at: new Date(now).toISOString() },
      ]);
      // Noting again notes nothing more.
      expect(await adoptUnnotedRenders(db, storage, now)).toBe(0);

      // Three months on, both are swept: their audio and rows are gone, the avatar and the stray file stay.
      await sweepUnheardRenders(db, storage, now + KEEP_UNHEARD_RENDERS_MS + 60_000);
      expect(await readdir(path.join(storage.root, 'hear-it', '2026-11'))).toEqual(['notes.txt']);
      expect(await storage.read(elsewhere)).not.toBeNull();
      expect(
        await db.selectFrom('hear_it_renders').select('key').where('key', 'in', [unnoted, noted]).execute(),
      ).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('runs the other hourly chores after its own sweep, each whatever the others did, and logs a failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      const ran: string[] = [];
      const logged: string[] = [];
      const storage = {
        remove: async () => {},
        list: async function* () {
          yield [];
        },
      };
      const keeping = startHousekeeping(t.deps.db, storage, (message) => logged.push(message), {
        'Settling stale checkouts': async () => {
          ran.push('checkouts');
          throw new Error('provider down');
        },
        'Another chore': async () => {
          ran.push('another');
        },
      });
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(ran).toEqual(['checkouts', 'another']));
      expect(logged).toEqual(['Settling stale checkouts failed']);
      keeping.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
