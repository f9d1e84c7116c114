import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { localStorage } from '../providers/storage.ts';
import { seedDemo } from '../seed/seed.ts';

/**
 * The real server process for the tests that kill it (kill -9 loses no queued job, speech analysis or delivery): started the way
 * `pnpm start` runs it, on a data folder of the test's own, with its output kept for the failure message. tsx is
 * loaded into this one process (`--import tsx`): its CLI would run the server in a child of its own, which a
 * SIGKILL of the CLI leaves running.
 */

const serverDir = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on now (the OS picks it; never 3000 or the e2e range). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export type ServerProcess = {
  child: ChildProcess;
  output: { text: string };
  exited: Promise<void>;
};

/**
 * One data folder (named after `prefix`) and the processes started on it. `env` is added to every start; the
 * embedded engine and the folder's SQLite file are used whatever the shell points at. `stop()` kills what still
 * runs and removes the folder (the test's afterAll).
 */
export const serverProcesses = (prefix: string, env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const children: ChildProcess[] = [];

  const start = async (): Promise<ServerProcess> => {
    const empty = path.join(dataDir, 'static');
    mkdirSync(empty, { recursive: true });
    const { COACH_API_URL: _remote, DATABASE_URL: _postgres, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...inherited,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SITE_BUILD: '0',
        LOG_REQUESTS: '0',
        STATIC_DASHBOARD_DIR: empty,
        STATIC_MARKETPLACE_DIR: empty,
        ...env,
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

  /** The folder's database, migrated and seeded with the demo, as a server's first start would leave it. */
  const seeded = async (storageSecret = 'unused') => {
    const { db } = connect({ dataDir });
    const storage = localStorage({ dataDir, secret: storageSecret });
    await migrateToLatest(db as never);
    await seedDemo(db, { storage });
    return { db, storage };
  };

  const stop = async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { dataDir, start, seeded, stop };
};

/** Polls until `check` answers something, or fails with `what` and the server's output after `ms`. */
export const waitFor = async <T>(
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
