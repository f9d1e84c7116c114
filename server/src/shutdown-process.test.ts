import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/seed.ts';
import { freePort } from './testing/server-process.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-sigterm-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Result = { status?: number; connection?: string; error?: string; sentBeforeSignal: boolean };

describe('the server process on SIGTERM', () => {
  it('finishes the requests in flight, lets go of keep-alive clients and exits 0 within 10 s', async () => {
    const port = await freePort();
    const empty = path.join(dataDir, 'static');
    mkdirSync(empty, { recursive: true });
    // As `pnpm start` runs it.
    const child = spawn(process.execPath, [tsxCli, 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SITE_BUILD: '0',
        LOG_REQUESTS: '0',
        STATIC_DASHBOARD_DIR: empty,
        STATIC_MARKETPLACE_DIR: empty,
        // An API process (ROLE=api, as behind the reference deployment's proxy): a process that also hears
        // recordings waits for the one in flight, and the seed's took past the 9.5 s grace on a busy machine.
        ROLE: 'api',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );

    try {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      let signalled = false;
      const call = (method: string, urlPath: string, body?: Buffer, via = agent, hold?: Promise<void>) =>
        new Promise<Result>((resolve) => {
          const request = http.request({
            host: '127.0.0.1',
            port,
            method,
            path: urlPath,
            agent: via,
            headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
          });
          let sentBeforeSignal = false;
          request.once('finish', () => {
            sentBeforeSignal = !signalled;
          });
          request.on('response', (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode, connection: res.headers.connection, sentBeforeSignal }),
            );
          });
          request.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ error: error.code ?? error.message, sentBeforeSignal }),
          );
          if (!(body && hold)) request.end(body);
          else {
            request.write(body.subarray(0, 10));
            void hold.then(() => request.end(body.subarray(10)));
          }
        });

      // Up once it answers (migrating and seeding take a few seconds; on a machine busy with other suites, tsx's
      // first compile and the seed took more than 20). A hang guard, not a timing.
      const upBy = Date.now() + 60_000;
      while ((await call('GET', '/api/v1/health')).status !== 200) {
        if (Date.now() > upBy) throw new Error(`The server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // A keep-alive client that keeps calling, as a polling dashboard does, with a login in flight.
      const results: Result[] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const result = await call('GET', '/api/v1/health');
          results.push(result);
          if (result.error) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A login on its own keep-alive connection whose body is only half sent when the signal comes.
      const loginAgent = new http.Agent({ keepAlive: true });
      const heard = new Promise<void>((resolve) => {
        const listen = () => (output.includes('SIGTERM') ? resolve() : setTimeout(listen, 5));
        listen();
      });
      const login = call(
        'POST',
        '/api/v1/enterprise/login',
        Buffer.from(JSON.stringify({ email: 'owner@acme.example', password: DEMO_PASSWORD })),
        loginAgent,
        heard,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      signalled = true;
      const signalledAt = Date.now();
      child.kill('SIGTERM');

      const inFlight = await login;
      const exit = await Promise.race([
        exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
      ]);
      polling = false;
      await poller;
      agent.destroy();
      loginAgent.destroy();

      expect(exit, `no exit within 10 s:\n${output}`).not.toBeNull();
      expect(exit?.code, output).toBe(0);
      expect(exit ? exit.at - signalledAt : Infinity).toBeLessThan(10_000);
      // The call in flight is answered, and tells the client not to reuse the connection.
      expect(inFlight, output).toMatchObject({ status: 200, connection: 'close' });
      // Every call sent before the signal was answered: none was reset.
      expect(
        results.filter((r) => r.sentBeforeSignal && r.status !== 200),
        output,
      ).toEqual([]);
      expect(output).toContain('SIGTERM');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
  }, 90_000);
});
