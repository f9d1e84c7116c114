import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { health } from '@coach/shared/contract/auth';
import { marketplace } from '@coach/shared/contract/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from './compression.ts';
import { createTestApp } from './testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, acceptEncoding?: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '10.19.1.1',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify(body),
  });
const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('API answers compressed on the fly', () => {
  it('compresses a large JSON answer with brotli, gzip for a gzip-only client, nothing for the rest', async () => {
    const plain = await post(marketplace.getHomepage.path, {});
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    const json = (await bodyOf(plain)).toString();
    expect(json.length).toBeGreaterThan(4096);
    expect(JSON.parse(json).response.totalCoursesCount).toBe(45);

    const br = await post(marketplace.getHomepage.path, {}, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('application/json');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBody = await bodyOf(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(json.length / 3);
    expect(JSON.parse(brotliDecompressSync(brBody).toString()).response.totalCoursesCount).toBe(45);

    const gz = await post(marketplace.getHomepage.path, {}, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBody = await bodyOf(gz);
    expect(Number(gz.headers.get('content-length'))).toBe(gzBody.length);
    expect(JSON.parse(gunzipSync(gzBody).toString()).response.totalCoursesCount).toBe(45);
  });
  it('leaves a small JSON answer as it is, whatever the client accepts', async () => {
    for (const accept of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const res = await t.app.request(health.path, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBeNull();
      const body = await bodyOf(res);
      expect(body.length).toBeLessThan(1024);
      expect(JSON.parse(body.toString()).response.status).toBe('ok');
    }
    // Refusals too (the error envelope is small).
    const refused = await post(marketplace.getInstitute.path, { slug: 'NOT A SLUG' }, 'br');
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(((await refused.json()) as { success: number }).success).toBe(0);
  });
});

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli on a tie and honours q-values, wildcards and refusals', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=1, gzip;q=0.9')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
  });
});
