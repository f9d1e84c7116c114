import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountDevOutbox } from './dev-outbox.ts';
import { createTestApp } from './testing/test-app.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-outbox-'));
mkdirSync(path.join(dataDir, 'outbox'));
writeFileSync(
  path.join(dataDir, 'outbox', '2026-01-01-owner@acme.example-mail-x.eml'),
  'Subject: code\r\n\r\nYour Coach verification code is 123456.',
);

const onLoopback = new Hono();
mountDevOutbox(onLoopback, { devOutbox: true, dataDir });
let server: ReturnType<typeof serve>;
let base = '';
beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = serve({ fetch: onLoopback.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the outbox web view', () => {
  it('a stranger finds no outbox on a default server, and no code in the answer', async () => {
    const t = await createTestApp();
    try {
      await t.request('POST', '/api/v1/enterprise/forgotpassword', { body: { email: 'owner@acme.example' } });
      const res = await t.app.request('/dev/outbox');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('password/reset');
    } finally {
      await t.close();
    }
  });

  it('switched on, it answers a caller on this machine with the stored mail', async () => {
    const res = await fetch(`${base}/dev/outbox`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: { content: string }[] };
    expect(body.response[0]?.content).toContain('123456');
  });

  it('switched on, it refuses a request relayed by a proxy and one with no loopback socket', async () => {
    const relayed = await fetch(`${base}/dev/outbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.status).toBe(403);
    expect(await relayed.text()).not.toContain('123456');
    const noSocket = await onLoopback.request('/dev/outbox');
    expect(noSocket.status).toBe(403);
  });
});
