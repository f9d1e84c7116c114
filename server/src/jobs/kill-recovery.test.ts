import { afterAll, describe, expect, it } from 'vitest';
import { synthesise } from '../providers/speech/synthesise.ts';
import { serverProcesses, waitFor } from '../testing/server-process.ts';
import { enqueue } from './queue.ts';

// A recording's analysis is retried after a crash (kill -9 loses nothing). The real server
// process claims the job, is killed with SIGKILL while it works it, and a new process on the same data dir works
// it to done once the dead one's lease runs out.

const LEASE_MS = 3000;
const SAY = 'Please call Stella and ask her to bring these things with her from the store.';
const servers = serverProcesses('coach-kill', { JOB_LEASE_MS: String(LEASE_MS) });
const startProcess = servers.start;

afterAll(servers.stop);

describe('the job queue after a kill -9', () => {
  it('a speech analysis claimed by a killed server is worked to done by the next start', async () => {
    // The database as a learner's saved attempt leaves it: the recording stored, its analysis pending and queued.
    const { db, storage } = await servers.seeded('unused-for-put-and-read');
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
