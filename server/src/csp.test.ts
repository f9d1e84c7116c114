import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { inlineHashes, pagePolicy } from './csp.ts';
import type { AppConfig, Deps } from './deps.ts';
import { localStorage } from './providers/storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'coach-csp-'));
const dashboardDir = path.join(root, 'dashboard');
const marketplaceDir = path.join(root, 'marketplace');
mkdirSync(path.join(dashboardDir, 'assets'), { recursive: true });
mkdirSync(path.join(marketplaceDir, 'marketplace', 'home'), { recursive: true });

// The shape of Vite's index.html: module entry from 'self', a data: favicon, nothing inline.
const DASHBOARD_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Coach</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>
<body><div id="root"></div></body></html>`;

// The shape of an Astro page with React islands: inline hydration scripts, a processed module script, an inline
// <style>, server-rendered style attributes (one with an entity), and an island script from 'self'.
const SITE_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="content-security-policy" content="script-src 'self'; style-src 'self' 'unsafe-inline' ;">
<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>
<script>(()=>{var l=(n,t)=>{window.hydrate=[n,t]};(self.Astro||(self.Astro={})).load=l;})();</script>
<script type="module" src="/_astro/page.abc.js"></script></head>
<body><section style="text-align:center"><p style='font-family:&quot;Inter&quot;, sans-serif'>Hi</p>
<astro-island uid="1" component-url="/_astro/toasts.abc.js"><div style="position:fixed;z-index:9999;top:80px"></div></astro-island>
<script type="module">var e=document.querySelectorAll(\`[data-menu]\`);</script>
<script>
  setTimeout(() => location.replace('/marketplace/home'), 1500);
</script></section></body></html>`;

writeFileSync(path.join(dashboardDir, 'index.html'), DASHBOARD_HTML);
writeFileSync(path.join(marketplaceDir, 'marketplace', 'home', 'index.html'), SITE_HTML);
writeFileSync(path.join(marketplaceDir, '404.html'), SITE_HTML);

const config: AppConfig = {
  dataDir: root,
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
  marketplaceHosts: [],
  dashboardDir,
  marketplaceDir,
  production: false,
  devOutbox: false,
  quiet: true,
};
// Pages and unknown API paths need only the config and the storage; the database is never reached.
const deps = {
  config,
  storage: {
    ...localStorage({ dataDir: root, secret: 'csp-test' }),
    browserOrigins: ['https://media.example'],
  },
} as unknown as Deps;
const app = createApp(deps);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What the browser will check, found independently of csp.ts: inline scripts (no src) and <style> bodies. */
const inlineOf = (html: string) => ({
  scripts: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !attributes.includes('src='))
    .map(([, , body = '']) => body),
  styles: [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, body = '']) => body),
});

const fetchPage = async (url: string) => {
  const res = await app.request(url);
  const policy = res.headers.get('content-security-policy') ?? '';
  return { res, policy, directives: directivesOf(policy), html: await res.text() };
};

describe('Content-Security-Policy', () => {
  for (const url of ['/login', '/', '/marketplace/home', '/marketplace/no-such-page'])
    it(`${url} carries a strict policy`, async () => {
      const { directives } = await fetchPage(url);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      const scriptSrc = directives.get('script-src') ?? [];
      expect(scriptSrc).toContain("'self'");
      for (const source of scriptSrc) expect(source).toMatch(/^('self'|'sha256-[A-Za-z0-9+/=]+')$/);
      expect(directives.get('style-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('style-src-attr')).not.toContain("'unsafe-inline'");
      expect(directives.get('img-src')).toEqual(
        expect.arrayContaining(["'self'", 'data:', 'https://media.example']),
      );
      expect(directives.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    });

  it('the dashboard index has no inline script, so script-src is only self', async () => {
    const { directives, html } = await fetchPage('/login');
    expect(inlineOf(html).scripts).toEqual([]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    // Its hls.js may fetch a playlist at an admin-entered address; the site only calls its own API.
    expect(directives.get('connect-src')).toContain('https:');
    expect((await fetchPage('/marketplace/home')).directives.get('connect-src')).not.toContain('https:');
  });

  it('every inline script, style and style attribute of a site page has its hash listed', async () => {
    for (const url of ['/marketplace/home', '/marketplace/no-such-page']) {
      const { directives, html, res } = await fetchPage(url);
      const { scripts, styles } = inlineOf(html);
      expect(scripts.length).toBe(3);
      for (const script of scripts) expect(directives.get('script-src'), url).toContain(hash(script));
      for (const style of styles) expect(directives.get('style-src'), url).toContain(hash(style));
      expect(directives.get('style-src-attr')).toEqual(
        expect.arrayContaining([
          "'unsafe-hashes'",
          hash('text-align:center'),
          hash('font-family:"Inter", sans-serif'),
          hash('position:fixed;z-index:9999;top:80px'),
        ]),
      );
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('each page response has a fresh nonce, in its policy and in the meta the page scripts read', async () => {
    const first = await fetchPage('/login');
    const second = await fetchPage('/login');
    const nonceOf = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
    const nonce = nonceOf(first.html);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.directives.get('style-src')).toContain(`'nonce-${nonce}'`);
    expect(nonceOf(second.html)).not.toBe(nonce);
  });

  it('the page shown while the first site build runs has its inline style hashed', async () => {
    const preparing = createApp({ ...deps, config: { ...config, marketplaceDir: () => null } });
    const res = await preparing.request('/marketplace/home');
    expect(res.status).toBe(503);
    const { styles, scripts } = inlineOf(await res.text());
    expect(scripts).toEqual([]);
    const directives = directivesOf(res.headers.get('content-security-policy') ?? '');
    expect(styles.length).toBe(1);
    for (const style of styles) expect(directives.get('style-src')).toContain(hash(style));
  });

  it('API answers allow nothing at all', async () => {
    const res = await app.request('/api/v1/no-such-call');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('hashes what the browser hashes: raw script text, decoded attribute values', () => {
    const hashes = inlineHashes(
      `<p style="color:&#x23;fff">x</p><script src="/a.js"></script><script>\n a()\n</script><b title="style='x'">`,
    );
    expect(hashes.scripts).toEqual([hash('\n a()\n')]);
    expect(hashes.styleAttributes).toEqual([hash('color:#fff')]);
    const policy = pagePolicy({ hashes, nonce: 'n0nce' });
    expect(policy).toContain(`script-src 'self' ${hash('\n a()\n')}`);
    expect(policy).toContain(`style-src-attr 'unsafe-hashes' ${hash('color:#fff')}`);
  });
});
