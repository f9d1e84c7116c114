import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from './request-log.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the request log (LOG_REQUESTS)', () => {
  it('writes one line per answered request, the lines of one turn of the event loop in one write', async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
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
});
