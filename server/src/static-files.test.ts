import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from './deps.ts';
import { precompressStatic } from './site-publisher.ts';
import { mountStatic } from './static-files.ts';

const root = mkdtempSync(path.join(tmpdir(), 'coach-static-'));
const dashboardDir = path.join(root, 'dashboard');
const marketplaceDir = path.join(root, 'marketplace');
mkdirSync(path.join(dashboardDir, 'assets'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'marketplace', 'home'), { recursive: true });
mkdirSync(path.join(marketplaceDir, '_astro'), { recursive: true });
writeFileSync(path.join(dashboardDir, 'index.html'), '<html>spa</html>');
writeFileSync(path.join(dashboardDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// Astro's dist: pages at their spec paths, assets under /_astro/.
writeFileSync(path.join(marketplaceDir, 'marketplace', 'home', 'index.html'), '<html>market</html>');
writeFileSync(path.join(marketplaceDir, '_astro', 'island-x1.js'), 'export {}');
writeFileSync(path.join(marketplaceDir, '404.html'), '<html>site 404</html>');
// The other languages under their prefix, each with its own 404 page (Astro's /es/404/index.html).
mkdirSync(path.join(marketplaceDir, 'es', 'marketplace', 'home'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'es', '404'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'ar', 'story-up'), { recursive: true });
writeFileSync(path.join(marketplaceDir, 'es', 'marketplace', 'home', 'index.html'), '<html>mercado</html>');
writeFileSync(path.join(marketplaceDir, 'es', '404', 'index.html'), '<html>404 es</html>');
writeFileSync(path.join(marketplaceDir, 'ar', 'story-up', 'index.html'), '<html>story ar</html>');

// A script, a stylesheet and a page large enough to compress, and a video (already compressed: sent as it is).
const bigScript = `export const words = [${Array.from({ length: 800 }, (_, i) => `"word number ${i}"`).join(',')}];`;
writeFileSync(path.join(dashboardDir, 'assets', 'index-big1.js'), bigScript);
writeFileSync(path.join(dashboardDir, 'assets', 'index-big1.css'), `.a{color:red}\n`.repeat(400));
const bigPage = `<!doctype html><html><head><title>Courses</title></head><body>${'<p>A course about speaking.</p>'.repeat(300)}</body></html>`;
mkdirSync(path.join(marketplaceDir, 'marketplace', 'big'));
writeFileSync(path.join(marketplaceDir, 'marketplace', 'big', 'index.html'), bigPage);
mkdirSync(path.join(dashboardDir, 'media'));
const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
writeFileSync(path.join(dashboardDir, 'media', 'demo.mp4'), video);

const config: AppConfig = {
  dataDir: root,
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
  marketplaceHosts: ['market.example'],
  dashboardDir,
  marketplaceDir,
  production: false,
  devOutbox: false,
  quiet: true,
};
const app = new Hono();
mountStatic(app, config);
// The builds' step: brotli and gzip copies beside the text files (the dashboard's Vite plugin does the same).
beforeAll(async () => {
  await precompressStatic(dashboardDir);
  await precompressStatic(marketplaceDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('one-box static serving', () => {
  it('serves the SPA index for app routes and unknown paths, without caching', async () => {
    for (const url of ['/', '/login', '/enterprise/dashboard', '/whatever']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toBe('<html>spa</html>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });
  it('serves hashed assets with a long cache and never escapes the folder', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/../../etc/passwd')).status).not.toBe(500);
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
  it('serves the marketplace site and redirects a marketplace host to its home', async () => {
    expect(await (await app.request('/marketplace/home')).text()).toBe('<html>market</html>');
    expect(await (await app.request('/marketplace/home/')).text()).toBe('<html>market</html>');
    const island = await app.request('/_astro/island-x1.js');
    expect(island.headers.get('content-type')).toContain('javascript');
    expect(island.headers.get('cache-control')).toContain('immutable');
    const res = await app.request('http://market.example/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/marketplace/home');
  });
  it('answers an unknown course or institution with the site’s 404 page and status 404, on any host', async () => {
    for (const url of [
      '/marketplace/course-detail/no-such-course',
      '/marketplace/institution/no-such-institution',
      'http://market.example/marketplace/course-detail/no-such-course',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('<html>site 404</html>');
    }
  });
  it('serves the other languages under their prefix, with their own 404 page and status 404', async () => {
    expect(await (await app.request('/es/marketplace/home')).text()).toBe('<html>mercado</html>');
    expect(await (await app.request('/ar/story-up/')).text()).toBe('<html>story ar</html>');
    for (const url of ['/es/marketplace/course-detail/no-such-course', '/es/marketplace']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('<html>404 es</html>');
    }
    // Spec §2's /404 is the site's page too, with its header and colours, not the dashboard's.
    for (const url of ['/404', 'http://market.example/404']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('<html>site 404</html>');
    }
    // A language without its own 404 page built falls back to the English one.
    const arabic = await app.request('/ar/marketplace/course-detail/no-such-course');
    expect(arabic.status).toBe(404);
    expect(await arabic.text()).toBe('<html>site 404</html>');
    // A prefix that is no language of the site stays the dashboard's.
    expect(await (await app.request('/xx/marketplace/home')).text()).toBe('<html>spa</html>');
  });
});

describe('compressed static files', () => {
  it('sends the brotli copy to a client that accepts br, with Vary and the length of what is sent', async () => {
    const res = await get('/assets/index-big1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const body = await bodyOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(bigScript.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(bigScript);
  });
  it('sends gzip to a gzip-only client, and honours q-values (br;q=0 refuses brotli)', async () => {
    for (const accept of ['gzip', 'gzip;q=1, br;q=0', 'br;q=0.2, gzip;q=0.8', 'identity, gzip;q=0.5']) {
      const res = await get('/assets/index-big1.css', { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      const body = await bodyOf(res);
      expect(Number(res.headers.get('content-length')), accept).toBe(body.length);
      expect(gunzipSync(body).toString(), accept).toBe('.a{color:red}\n'.repeat(400));
    }
    // A wildcard accepts brotli too.
    expect(
      (await get('/assets/index-big1.css', { 'accept-encoding': '*' })).headers.get('content-encoding'),
    ).toBe('br');
  });
  it('sends the file as it is to a client that accepts neither, still with Vary', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await get('/assets/index-big1.js', headers);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(res.headers.get('content-length'))).toBe(bigScript.length);
      expect(await res.text()).toBe(bigScript);
    }
  });
  it('compresses the marketplace’s scripts the same way, and each page per request with its own nonce', async () => {
    const island = await get('/_astro/island-x1.js', { 'accept-encoding': 'br' });
    // Nine bytes do not shrink: no copy was kept, the file goes out as it is.
    expect(island.headers.get('content-encoding')).toBeNull();
    expect(await island.text()).toBe('export {}');
    const pages = await Promise.all([1, 2].map(() => get('/marketplace/big', { 'accept-encoding': 'br' })));
    const htmls = await Promise.all(
      pages.map(async (res) => {
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('content-security-policy')).toContain('nonce-');
        const body = await bodyOf(res);
        expect(Number(res.headers.get('content-length'))).toBe(body.length);
        return brotliDecompressSync(body).toString();
      }),
    );
    expect(htmls[0]).toContain('<p>A course about speaking.</p>');
    expect(htmls[0]).not.toBe(htmls[1]);
    const gzipped = await get('/marketplace/big', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(await bodyOf(gzipped)).toString()).toContain('<title>Courses</title>');
    const plain = await get('/marketplace/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe((await bodyOf(plain)).length);
    // A page under 1 KB is not worth it.
    const small = await get('/marketplace/home', { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
  it('sends a video as it is, with Range answered 206 and the exact bytes', async () => {
    const whole = await get('/media/demo.mp4', { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBeNull();
    expect(whole.headers.get('vary')).toBeNull();
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect((await bodyOf(whole)).equals(video)).toBe(true);
    const cases: [string, number, number][] = [
      ['bytes=100-1099', 100, 1099],
      ['bytes=4000-', 4000, 4999],
      ['bytes=-500', 4500, 4999],
      ['bytes=4990-9999', 4990, 4999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get('/media/demo.mp4', { range, 'accept-encoding': 'br' });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/5000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('content-encoding'), range).toBeNull();
      expect((await bodyOf(res)).equals(video.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await get('/media/demo.mp4', { range: 'bytes=6000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');
    // A range it cannot read, or several, gets the whole file.
    for (const range of ['bytes=abc', 'bytes=0-1,5-9', 'items=0-9']) {
      const res = await get('/media/demo.mp4', { range });
      expect(res.status, range).toBe(200);
      expect((await bodyOf(res)).length, range).toBe(5000);
    }
  });
  it('answers a range of a text file with its own bytes, never encoded', async () => {
    const res = await get('/assets/index-big1.js', { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(bigScript.slice(0, 10));
  });
  it('ignores a copy older than its file (a rebuild that left it behind)', async () => {
    const file = path.join(dashboardDir, 'assets', 'stale-1.js');
    writeFileSync(`${file}.br`, 'not brotli at all');
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(file, bigScript);
    const res = await get('/assets/stale-1.js', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(readFileSync(file, 'utf8'));
  });
});
