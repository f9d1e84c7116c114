import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { health } from '@coach/shared/contract/auth';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './main.ts';

/**
 * Requests Node's HTTP parser refuses before the app sees them, sent over real sockets to the real server: each gets
 * the API's error envelope instead of a bare status with an empty body.
 */

let running: Awaited<ReturnType<typeof startServer>>;
let dataDir = '';
let port = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'coach-client-errors-'));
  running = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    seed: false,
    buildSite: false,
    dashboardDir: null,
    marketplaceDir: null,
  });
  port = Number(new URL(running.url).port);
});
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
const rawRequest = (bytes: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.write(bytes);
  });

describe('a request Node refuses before the app', () => {
  it('a GET with a 200 KB query string is a 431 in the error envelope', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${tasks.getMyTasks.path}?search=${'a'.repeat(200_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: 0,
      message: 'The address or headers of the request are too long',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('a request with a malformed header line is a 400 in the error envelope', async () => {
    const res = await rawRequest(
      `GET ${tasks.getMyTasks.path} HTTP/1.1\r\nHost: localhost\r\nnot a header\r\n\r\n`,
    );
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      success: 0,
      message: 'The request could not be read',
      code: 'VALIDATION_FAILED',
    });
  });

  it('goes on answering other requests after refusing them', async () => {
    await rawRequest('NOT-HTTP\r\n\r\n');
    const res = await fetch(`http://127.0.0.1:${port}${health.path}`);
    expect(res.status).toBe(200);
  });
});
