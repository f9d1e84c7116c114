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
});
