import { enterpriseAuth, health } from '@coach/shared/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { SECURITY_HEADERS } from './api-answers.ts';

/**
 * The adapter builds its answers whole and the body limit judges a declared length from the
 * headers. What a client sees must not change: every header, the exact length, and the 413 for a large body
 * however it is sent.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = enterpriseAuth.login.path;

describe('answers built by the adapter', () => {
  it('carry the security headers, Vary and their exact length', async () => {
    const res = await t.app.request(health.path, { headers: { 'x-forwarded-for': '10.19.4.1' } });
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(JSON.parse(body.toString())).toMatchObject({ success: 1, response: { status: 'ok' } });
  });

  it('a refusal carries the security headers too', async () => {
    const res = await t.request('GET', enterpriseAuth.me.path, { ip: t.freshIp() });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('the 1 MB body limit', () => {
  const big = JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024), password: 'x' });
  const post = (headers: Record<string, string>, body: string | ReadableStream<Uint8Array>) =>
    t.app.request(LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': t.freshIp(), ...headers },
      body,
      // A stream body needs half duplex in undici.
      ...({ duplex: 'half' } as object),
    });

  it('refuses a declared length over 1 MB from its header', async () => {
    const res = await post({ 'content-length': String(Buffer.byteLength(big)) }, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body over 1 MB sent without a length, counting what arrives', async () => {
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * 1024)
          controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const res = await post({}, stream);
    expect(res.status).toBe(413);
  });

  it('reads a body within the limit with its length declared', async () => {
    const body = JSON.stringify({ email: 'nobody@acme.example', password: 'wrong-password' });
    const res = await post({ 'content-length': String(Buffer.byteLength(body)) }, body);
    // Read and judged: the credentials are wrong, not the body.
    expect(res.status).toBe(401);
  });
});
