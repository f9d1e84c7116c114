import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './connect.ts';
import { migrateToLatest } from './migrations.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'coach-sqlite-processes-'));
  const { db } = connect({ dataDir });
  await migrateToLatest(db as unknown as Kysely<unknown>);
  await db.destroy();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process of testing/throttle-burst-process.ts: resolves its first line ("ready"), then its outcomes. */
const burstProcess = (key: string, asks: number) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/testing/throttle-burst-process.ts', dataDir, key, String(asks)],
    { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the process ended without answering');
    return line.value;
  };
  return { child, next, go: () => child.stdin?.write('go\n') };
};

describe('several processes on one SQLite file', () => {
  it('asks sent at once from three processes meet a limit exactly: none fails on a lock', async () => {
    const processes = [1, 2, 3].map(() => burstProcess('processes:key', 15));
    try {
      expect(await Promise.all(processes.map((p) => p.next()))).toEqual(['ready', 'ready', 'ready']);
      for (const p of processes) p.go();
      const outcomes = (await Promise.all(processes.map((p) => p.next()))).flatMap(
        (line) => JSON.parse(line) as (string | number)[],
      );
      // A transaction that read first and wrote after was refused the write lock ("database is locked") when
      // another process had written meanwhile.
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 429)).toHaveLength(40);
    } finally {
      for (const p of processes) p.child.kill();
    }
  }, 60_000);
});
