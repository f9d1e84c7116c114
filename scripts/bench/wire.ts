/**
 * Bytes on the wire: what the dashboard's first screen (/login) and each marketplace
 * page type load, as the one process sends it to a client that accepts brotli, one that accepts only gzip, and one
 * that accepts neither. Chromium opens each page against the real server (demo data, the site built and published
 * by the server itself) and lists what it fetched; each of those addresses is then fetched again over plain
 * node:http with each Accept-Encoding, counting the body bytes as they arrive (headers not counted). Prints, never
 * judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { kb, spawnServer, table } from './shared.ts';

const DASHBOARD_TARGET_KB = 140;
const SITE_HTML_TARGET_KB = 30;
const SITE_JS_TARGET_KB = 65;

type Kind = 'html' | 'js' | 'css' | 'other';
type Fetched = { url: string; kind: Kind };
type Wire = { br: number; gzip: number; identity: number; encoding: string };

/** One GET, the body counted as sent (node:http never decodes it). */
const bodyBytes = (url: string, acceptEncoding: string | null) =>
  new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });

const onTheWire = async (url: string): Promise<Wire> => {
  const br = await bodyBytes(url, 'br');
  const gzip = await bodyBytes(url, 'gzip');
  const identity = await bodyBytes(url, null);
  return { br: br.bytes, gzip: gzip.bytes, identity: identity.bytes, encoding: br.encoding };
};

const kindOf = (resourceType: string, urlPath: string): Kind =>
  resourceType === 'document'
    ? 'html'
    : resourceType === 'script' || urlPath.endsWith('.js')
      ? 'js'
      : resourceType === 'stylesheet' || urlPath.endsWith('.css')
        ? 'css'
        : 'other';

/** Every same-origin GET a page makes until the network is idle (islands that hydrate when idle included). */
const firstLoad = async (
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
  urlPath: string,
  ready?: (page: import('@playwright/test').Page) => Promise<void>,
) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fetched = new Map<string, Fetched>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin !== base || req.method() !== 'GET') return;
    fetched.set(url.href, { url: url.href, kind: kindOf(req.resourceType(), url.pathname) });
  });
  const response = await page.goto(`${base}${urlPath}`, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${urlPath} answered ${response?.status()}`);
  if (ready) await ready(page);
  await context.close();
  return [...fetched.values()];
};

const measure = async (files: Fetched[]) => {
  const rows: (Fetched & Wire)[] = [];
  for (const file of files) rows.push({ ...file, ...(await onTheWire(file.url)) });
  return rows;
};

const sum = (rows: Wire[]) =>
  rows.reduce((t, r) => ({ br: t.br + r.br, gzip: t.gzip + r.gzip, identity: t.identity + r.identity }), {
    br: 0,
    gzip: 0,
    identity: 0,
  });

/** Polls until the server's first site build is published (the marketplace answers 503 until then). */
const waitForSite = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`The marketplace was not published within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
};

export const benchWire = async () => {
  const port = 3431;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-wire-'));
  const server = await spawnServer(
    'server/src/main.ts',
    { PORT: String(port), DATA_DIR: dataDir, SITE_BUILD: '1', LOG_REQUESTS: '0' },
    `${base}/api/v1/health`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // 1. The dashboard's first screen for a visitor: the sign-in page, in English (one language's strings).
    const dashboard = await measure(
      await firstLoad(browser, base, '/login', (page) =>
        page.getByRole('button', { name: 'Sign in', exact: true }).waitFor(),
      ),
    );
    const dashboardTotal = sum(dashboard);
    console.log('\nDashboard first load (/login): response bodies on the wire');
    console.log(
      table([
        ...dashboard.map((r) => ({
          file: new URL(r.url).pathname,
          kind: r.kind,
          'sent as': r.encoding,
          brotli: kb(r.br),
          gzip: kb(r.gzip),
          none: kb(r.identity),
          target: '',
        })),
        {
          file: `total (${dashboard.length} files)`,
          kind: '',
          'sent as': '',
          brotli: kb(dashboardTotal.br),
          gzip: kb(dashboardTotal.gzip),
          none: kb(dashboardTotal.identity),
          target: `<= ${DASHBOARD_TARGET_KB} KB brotli`,
        },
      ]),
    );

    // 2. Each marketplace page type, from the site the server built and published.
    await waitForSite(`${base}/marketplace/home`, 10 * 60_000);
    const home = await fetch(`${base}/marketplace/home`).then((r) => r.text());
    const courseHref = /href="(\/marketplace\/course-detail\/[^"/]+)\/?"/.exec(home)?.[1];
    const institutionHref = /href="(\/marketplace\/institution\/[^"/]+)\/?"/.exec(home)?.[1];
    const pages = [
      ['home', '/marketplace/home'],
      ['course detail', courseHref ?? '/marketplace/course-detail/none'],
      ['institution', institutionHref ?? '/marketplace/institution/english-priority'],
      ['landing page', '/genu'],
      ['payment status', '/marketplace/paymentstatus'],
    ] as const;
    const rows: Record<string, string>[] = [];
    for (const [name, urlPath] of pages) {
      const files = await measure(await firstLoad(browser, base, urlPath));
      const part = (kind: Kind) => sum(files.filter((f) => f.kind === kind));
      const html = part('html');
      const js = part('js');
      const css = part('css');
      const other = part('other');
      const total = sum(files);
      rows.push({
        page: name,
        'HTML br': kb(html.br),
        'HTML target': `<= ${SITE_HTML_TARGET_KB} KB`,
        'HTML none': kb(html.identity),
        'JS br': kb(js.br),
        'JS target':
          name === 'institution' || name === 'payment status' ? 'none' : `<= ${SITE_JS_TARGET_KB} KB`,
        'CSS br': kb(css.br),
        'other br': kb(other.br),
        'total br': kb(total.br),
        'total gzip': kb(total.gzip),
        'total none': kb(total.identity),
        files: String(files.length),
      });
    }
    console.log('\nMarketplace pages: response bodies on the wire (everything the page fetched until idle)');
    console.log(pages.map(([name, urlPath]) => `  ${name}: ${urlPath}`).join('\n'));
    console.log(table(rows));
    return { dashboard: dashboardTotal };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchWire();
