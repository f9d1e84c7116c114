import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './adapter.ts';

const addressOf = async (trustProxy: boolean, forwarded?: string) => {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trustProxy)));
  const res = await app.request('/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
  return res.text();
};

describe("the caller's address", () => {
  it('behind a trusted proxy is the last forwarded address, the one the proxy saw, not one the client wrote', async () => {
    expect(await addressOf(true, '203.0.113.7')).toBe('203.0.113.7');
    // A proxy that appends keeps the client's own header in front: a made-up address there changes nothing.
    expect(await addressOf(true, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressOf(true, '10.0.0.1,198.51.100.2 , 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('without a trusted proxy ignores the header altogether', async () => {
    expect(await addressOf(false, '198.51.100.1')).not.toBe('198.51.100.1');
  });
});
