import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_SEMI_SPACE_MB } from '../../server/src/providers/speech/worker.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs this bench again in a child process whose V8 heap is the speech engine thread's (`ENGINE_SEMI_SPACE_MB`,
 * server/src/providers/speech/worker.ts), unless it already is that child; resolves to false in the parent, which
 * then has nothing left to do (the child's exit code becomes its own). A bench that runs the engine in its own
 * thread measures memory and speed as the engine has them in production.
 */
export const inEngineHeap = async (): Promise<boolean> => {
  const flag = `--max-semi-space-size=${ENGINE_SEMI_SPACE_MB}`;
  if (process.execArgv.includes(flag)) return true;
  const child = spawn(process.execPath, [...process.execArgv, flag, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exitCode = await new Promise<number>((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
  });
  return false;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Starts a TypeScript entry in its own Node process (so load generator and server do not share a core). */
export const spawnServer = async (entry: string, env: Record<string, string>, healthUrl: string) => {
  // tsx resolved from this package, so the child finds it whatever its working folder.
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), entry], {
    cwd: REPO_ROOT,
    // SITE_BUILD=0: no background site build competing with the load for the two cores.
    env: {
      ...process.env,
      LOG_REQUESTS: process.env.LOG_REQUESTS ?? '1',
      SITE_BUILD: '0',
      ...env,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? 1;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null) throw new Error(`${entry} exited with code ${exited} before answering`);
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not answer ${healthUrl}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

export const table = (rows: Record<string, string | number>[]) => {
  const first = rows[0];
  if (!first) return '';
  const keys = Object.keys(first);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k])))),
  ].join('\n');
};
