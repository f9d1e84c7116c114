import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from './request-log.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the log writes to stdout, write by write. */
const capturedStdout = () => {
  const writes: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  return writes;
};

describe('the request log (LOG_REQUESTS)', () => {
  it('writes one line per answered request, the lines of one turn of the event loop in one write', async () => {
    const writes = capturedStdout();
    const app = new Hono();
    app.use('*', requestLog);
    app.get('/ok', (c) => c.json({ ok: true }));
    app.get('/missing', (c) => c.json({ ok: false }, 404));

    const [ok, missing] = await Promise.all([app.request('/ok'), app.request('/missing')]);
    expect([ok.status, missing.status]).toEqual([200, 404]);
    await new Promise((resolve) => setImmediate(resolve));

    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^GET \/ok 200 \d+ms\nGET \/missing 404 \d+ms\n$/);

    await app.request('/ok');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatch(/^GET \/ok 200 \d+ms\n$/);
  });

  it('never writes the one-time token of a reset, invitation or address-check link', async () => {
    const writes = capturedStdout();
    const app = new Hono();
    app.use('*', requestLog);
    app.get('*', (c) => c.text('page'));
    const token = 'Xq3kP9vLw2Rz8TnB5yHd7FjC4mQs6GaE1uVo0iKtYb';
    await Promise.all([
      app.request(`/password/reset/${token}`),
      app.request(`/verify-email/${token}`),
      app.request('/enterprise/members'),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = writes.join('');
    expect(logged).not.toContain(token);
    expect(logged).toMatch(
      /GET \/password\/reset\/… 200 \d+ms\nGET \/verify-email\/… 200 \d+ms\nGET \/enterprise\/members 200/,
    );
  });
});
