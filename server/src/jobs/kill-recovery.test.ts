import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { synthesise } from '../providers/speech/synthesise.ts';
import { localStorage } from '../providers/storage.ts';
import { seedDemo } from '../seed/seed.ts';
import { enqueue } from './queue.ts';

// Issue 16 item 1: a recording's analysis "is retried after a crash (kill -9 loses nothing)". The real server
// process claims the job, is killed with SIGKILL while it works it, and a new process on the same data dir works
// it to done once the dead one's lease runs out.

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-kill-'));
const LEASE_MS = 3000;
const SAY = 'Please call Stella and ask her to bring these things with her from the store.';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A port nobody listens on now (the OS picks it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/**
 * The server as `pnpm start` runs it, on the test's data dir with a short job lease, its output kept. tsx is
 * loaded into this one process (`--import tsx`): its CLI would run the server in a child of its own, which a
 * SIGKILL of the CLI leaves running.
 */
const startProcess = async () => {
  const empty = path.join(dataDir, 'static');
  mkdirSync(empty, { recursive: true });
  // The embedded engine and the SQLite file of DATA_DIR, whatever this shell points at.
  const { COACH_API_URL: _remote, DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SITE_BUILD: '0',
      LOG_REQUESTS: '0',
      STATIC_DASHBOARD_DIR: empty,
      STATIC_MARKETPLACE_DIR: empty,
      JOB_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.text += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output, exited };
};

/** Polls until `check` answers something, or fails with `what` and the server's output after `ms`. */
const waitFor = async <T>(
  what: string,
  output: { text: string },
  ms: number,
  check: () => Promise<T | undefined>,
) => {
  const by = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > by) throw new Error(`${what} did not happen within ${ms} ms:\n${output.text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the job queue after a kill -9 (issue 16)', () => {
  it('a speech analysis claimed by a killed server is worked to done by the next start', async () => {
    // The database as a learner's saved attempt leaves it: the recording stored, its analysis pending and queued.
    const { db } = connect({ dataDir });
    const storage = localStorage({ dataDir, secret: 'unused-for-put-and-read' });
    await migrateToLatest(db as never);
    await seedDemo(db, { storage });
    const assignment = await db
      .selectFrom('task_assignments')
      .select(['id', 'enterprise_id', 'user_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    // Long enough that the engine is still hearing it when the kill comes.
    const bytes = await synthesise(
      [{ say: SAY }, { silence: 0.5 }, { say: SAY }, { silence: 0.5 }, { say: SAY }],
      'webm',
    );
    const at = new Date().toISOString();
    const key = `task-recording/${at.slice(0, 7)}/${crypto.randomUUID()}.webm`;
    await storage.put(key, bytes, 'audio/webm');
    await db
      .insertInto('uploads')
      .values({
        key,
        purpose: 'task-recording',
        content_type: 'audio/webm',
        max_bytes: bytes.length,
        owner_kind: 'enterprise',
        owner_id: assignment.user_id,
        enterprise_id: assignment.enterprise_id,
        size: bytes.length,
        created_at: at,
        received_at: at,
      })
      .execute();
    const analysisId = crypto.randomUUID();
    await db
      .insertInto('recording_analyses')
      .values({
        id: analysisId,
        enterprise_id: assignment.enterprise_id,
        assignment_id: assignment.id,
        recording_key: 'kill-test',
        file_url: storage.publicUrl(key),
        target_text: SAY,
        status: 'pending',
        analysis: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const jobId = await enqueue(db, 'speech-analysis', { analysisId });
    // Only this job is due, so the one worker the embedded engine gets takes it first, in both processes.
    await db.updateTable('jobs').set({ status: 'done' }).where('id', '!=', jobId).execute();
    const jobRow = () =>
      db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'locked_until', 'updated_at'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
    const analysisRow = () =>
      db
        .selectFrom('recording_analyses')
        .select(['status', 'analysis'])
        .where('id', '=', analysisId)
        .executeTakeFirstOrThrow();

    // The first process claims the job as it starts, and dies by SIGKILL while hearing it.
    const first = await startProcess();
    const claimed = await waitFor('The first claim', first.output, 20_000, async () => {
      const job = await jobRow();
      return job.locked_until ? job : undefined;
    });
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    const afterKill = await jobRow();
    expect(afterKill, first.output.text).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterKill.locked_until).toBe(claimed.locked_until);
    expect((await analysisRow()).status).toBe('pending');

    // The next start on the same data dir takes the job again once the dead process's lease has run out.
    const second = await startProcess();
    const job = await waitFor('The retry', second.output, 25_000, async () => {
      const row = await jobRow();
      return row.status === 'pending' ? undefined : row;
    });
    expect(job, second.output.text).toMatchObject({ status: 'done', attempts: 2 });
    const heard = await analysisRow();
    expect(heard.status, second.output.text).toBe('done');
    const analysis = JSON.parse(heard.analysis ?? '{}') as {
      transcript: string;
      scores: { completeness: number };
    };
    expect(analysis.transcript.toLowerCase()).toContain('bring these things');
    expect(analysis.scores.completeness).toBeGreaterThanOrEqual(80);
    // Done only after the killed process's lease ran out: nobody took the job from under it.
    expect(Date.parse(job.updated_at)).toBeGreaterThanOrEqual(Date.parse(claimed.locked_until ?? ''));

    second.child.kill('SIGTERM');
    await second.exited;
    await db.destroy();
  }, 60_000);
});
