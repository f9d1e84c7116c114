import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from './deps.ts';
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
// The other languages under their prefix (issue 18), each with its own 404 page (Astro's /es/404/index.html).
mkdirSync(path.join(marketplaceDir, 'es', 'marketplace', 'home'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'es', '404'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'ar', 'story-up'), { recursive: true });
writeFileSync(path.join(marketplaceDir, 'es', 'marketplace', 'home', 'index.html'), '<html>mercado</html>');
writeFileSync(path.join(marketplaceDir, 'es', '404', 'index.html'), '<html>404 es</html>');
writeFileSync(path.join(marketplaceDir, 'ar', 'story-up', 'index.html'), '<html>story ar</html>');

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
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
    // A language without its own 404 page built falls back to the English one.
    const arabic = await app.request('/ar/marketplace/course-detail/no-such-course');
    expect(arabic.status).toBe(404);
    expect(await arabic.text()).toBe('<html>site 404</html>');
    // A prefix that is no language of the site stays the dashboard's.
    expect(await (await app.request('/xx/marketplace/home')).text()).toBe('<html>spa</html>');
  });
});
