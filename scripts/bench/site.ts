/**
 * The marketplace pages' weight: per page type the JavaScript a visitor's browser loads without
 * opening anything (each island's script and its static imports, brotli q11, each file once per page) and the
 * HTML raw and brotli, next to the targets; then Lighthouse mobile for every page type (every landing page
 * included), median of LIGHTHOUSE_RUNS runs (default 3), in Debian's Chromium against the real one-process
 * server with the demo data. Chunks imported only by `import()` (the contact form with its phone input, loaded
 * when the form comes into view or opens) are not counted: they are not fetched with the page. Then the image bytes
 * the home, course and institution pages fetch in Chromium at 390 px (2x) and 1280 px (1x). Prints, never judges.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PARTNER_LANDING_PATHS } from '@coach/shared/constants/institutions';
import { chromium } from '@playwright/test';
import { waitForIdleJobs } from './api.ts';
import { kb, spawnServer, table } from './shared.ts';

const TARGET = { jsKb: 65, htmlKb: 30, score: 100, fcpMs: 1200, tbtMs: 30, cls: 0.01 };

const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** Each script compressed once, however many pages load it. */
const brotliSizes = new Map<string, number>();
const brotliOfFile = (file: string) => {
  let size = brotliSizes.get(file);
  if (size === undefined) {
    size = brotli(readFileSync(file));
    brotliSizes.set(file, size);
  }
  return size;
};

/** The scripts a page loads up front: islands' component and renderer scripts, script tags, and their static imports. */
const pageBytes = (dist: string, htmlFile: string) => {
  const html = readFileSync(htmlFile);
  const text = html.toString();
  const js = new Set<string>();
  const visit = (url: string) => {
    if (js.has(url)) return;
    js.add(url);
    const file = path.join(dist, url);
    if (!existsSync(file)) return;
    const source = readFileSync(file, 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy.
    for (const m of source.matchAll(/(?:from|import)\s*["'](\.\.?\/[^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(url), m[1] ?? ''));
  };
  for (const m of text.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/[^"]+\.js)"/g))
    visit(m[1] ?? '');
  const jsBrotli = [...js].reduce((total, url) => {
    const file = path.join(dist, url);
    return total + (existsSync(file) ? brotliOfFile(file) : 0);
  }, 0);
  return {
    htmlRaw: html.length,
    htmlBrotli: brotli(html),
    js: jsBrotli,
    files: js.size,
    islands: (text.match(/<astro-island/g) ?? []).length,
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Lighthouse 13 (mobile, its default) in Debian's Chromium, a fresh browser per run; the median of `runs`. */
const lighthouse = async (url: string, runs: number) => {
  const { default: run } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const results: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
  const errors: string[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const lhr = (
        await run(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        })
      )?.lhr;
      if (!lhr) continue;
      if (lhr.runtimeError) {
        errors.push(lhr.runtimeError.code);
        continue;
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    runs: results.length,
    errors,
    score: median(results.map((r) => r.score)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
  };
};

/** Polls until the server's first site build is published (the marketplace answers 503 until then). */
const waitForSite = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (
    (await fetch(url).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline)
      throw new Error(`The marketplace was not published within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
};

const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

/** The viewports images are measured at: a phone (390 px, 2x) and a laptop (1280 px, 1x). */
const IMAGE_VIEWPORTS = [
  { name: '390 px', width: 390, height: 844, deviceScaleFactor: 2 },
  { name: '1280 px', width: 1280, height: 800, deviceScaleFactor: 1 },
] as const;

/**
 * The image bytes a page fetches in Chromium (each response's body as sent, each address once): on load (what
 * the first screen asks for) and after scrolling to the end (every lazy cover too), with their formats.
 */
const imageBytes = async (url: string) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results: Record<string, { load: number; scrolled: number; count: number; types: string }> = {};
    for (const viewport of IMAGE_VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.deviceScaleFactor,
      });
      const page = await context.newPage();
      const images = new Map<string, { bytes: number; type: string }>();
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'image' || request.url().startsWith('data:')) return;
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        images.set(request.url(), {
          bytes: sizes.responseBodySize,
          type: (await response?.headerValue('content-type'))?.replace('image/', '') ?? '?',
        });
      });
      const total = () => [...images.values()].reduce((sum, i) => sum + i.bytes, 0);
      await page.goto(url, { waitUntil: 'networkidle' });
      const load = total();
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += viewport.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState('networkidle');
      const types = [...new Set([...images.values()].map((i) => i.type))].sort().join('/');
      results[viewport.name] = { load, scrolled: total(), count: images.size, types };
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
};

export const benchSite = async () => {
  const port = Number(process.env.BENCH_SITE_PORT ?? 3441);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-site-'));
  const server = await spawnServer(
    'server/src/main.ts',
    { PORT: String(port), DATA_DIR: dataDir, SITE_BUILD: '1', LOG_REQUESTS: '0' },
    `${base}/api/v1/health`,
  );
  try {
    await waitForSite(`${base}/marketplace/home`, 600_000);
    // Lighthouse's runs must not share the cores with the demo seed's speech analysis.
    await waitForIdleJobs(dataDir, undefined);
    const dist = path.join(
      dataDir,
      'site',
      readFileSync(path.join(dataDir, 'site', 'current'), 'utf8').trim(),
    );
    const courseId = readdirSync(path.join(dist, 'marketplace/course-detail'))[0] ?? '';
    const pages: [string, string][] = [
      ['home', '/marketplace/home'],
      ['course detail', `/marketplace/course-detail/${courseId}`],
      ['institution', '/marketplace/institution/english-priority'],
      ...PARTNER_LANDING_PATHS.map((p): [string, string] => [`landing ${p}`, p]),
      ['payment status', '/marketplace/paymentstatus'],
      ['404', '/404'],
    ];
    const fileOf = (urlPath: string) =>
      urlPath === '/404' ? path.join(dist, '404.html') : path.join(dist, urlPath, 'index.html');

    console.log(
      `\nMarketplace bytes per page (JS loaded with the page, brotli q11; targets: JS <= ${TARGET.jsKb} KB on home,` +
        ` course and landing pages, HTML <= ${TARGET.htmlKb} KB brotli)`,
    );
    console.log(
      table(
        pages.map(([name, urlPath]) => {
          const w = pageBytes(dist, fileOf(urlPath));
          return {
            page: name,
            islands: w.islands,
            'JS files': w.files,
            'JS brotli': kb(w.js),
            'JS target': `<= ${TARGET.jsKb} KB ${mark(w.js <= TARGET.jsKb * 1024)}`,
            'HTML raw': kb(w.htmlRaw),
            'HTML brotli': kb(w.htmlBrotli),
            'HTML target': `<= ${TARGET.htmlKb} KB ${mark(w.htmlBrotli <= TARGET.htmlKb * 1024)}`,
          };
        }),
      ),
    );
    // Where the bytes go: the largest scripts any page loads up front (React's runtime is shared by every island).
    const largest = [...brotliSizes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log('\nLargest scripts loaded up front (brotli)');
    console.log(
      table(largest.map(([file, size]) => ({ file: path.relative(dist, file), brotli: kb(size) }))),
    );

    console.log(
      '\nImage bytes a page fetches in Chromium (on load / after scrolling to the end; images fetched; formats)',
    );
    const imageRows: Record<string, string | number>[] = [];
    for (const [name, urlPath] of pages.filter(([n]) =>
      ['home', 'course detail', 'institution'].includes(n),
    )) {
      const measured = await imageBytes(`${base}${urlPath}`);
      imageRows.push({
        page: name,
        ...Object.fromEntries(
          Object.entries(measured).map(([viewport, m]) => [
            viewport,
            `${kb(m.load)} / ${kb(m.scrolled)} (${m.count}; ${m.types})`,
          ]),
        ),
      });
    }
    console.log(table(imageRows));

    if (process.env.LIGHTHOUSE_RUNS === '0') return;
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const rows: Record<string, string | number>[] = [];
    // SITE_PAGES=home,institution measures only those pages with Lighthouse.
    const only = process.env.SITE_PAGES?.split(',');
    for (const [name, urlPath] of pages.filter(([n]) => n !== '404' && (!only || only.includes(n)))) {
      const r = await lighthouse(`${base}${urlPath}`, runs);
      if (r.runs === 0) {
        const none = `no result (${r.errors.join(', ') || 'failed'})`;
        rows.push({ page: name, score: none, 'FCP ms': '-', 'LCP ms': '-', 'TBT ms': '-', CLS: '-' });
        continue;
      }
      rows.push({
        page: name,
        score: `${r.score} (${mark(r.score >= TARGET.score)})`,
        'FCP ms': `${Math.round(r.fcp)} (${mark(r.fcp <= TARGET.fcpMs)})`,
        'LCP ms': Math.round(r.lcp),
        'TBT ms': `${Math.round(r.tbt)} (${mark(r.tbt <= TARGET.tbtMs)})`,
        CLS: `${r.cls.toFixed(3)} (${mark(r.cls <= TARGET.cls)})`,
      });
    }
    console.log(
      `\nLighthouse 13 mobile, median of ${runs} run(s), Debian Chromium, local server` +
        ` (targets: score ${TARGET.score}, FCP <= ${TARGET.fcpMs} ms, TBT <= ${TARGET.tbtMs} ms, CLS <= ${TARGET.cls})`,
    );
    console.log(table(rows));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchSite();
