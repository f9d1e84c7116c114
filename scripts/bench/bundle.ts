/**
 * The dashboard's first-load JavaScript for /login: every script the browser fetches to show the sign-in
 * form (entry, preloaded chunks, the lazy login route), measured in a real Chromium against the built app,
 * then compressed here with brotli (q11) and gzip (-9) as a CDN would serve them. Prints, never judges.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { kb, REPO_ROOT, spawnServer, table } from './shared.ts';

/** The first load's brotli bytes, with one language's strings. */
const FIRST_LOAD_TARGET = 140 * 1024;

const compressed = (bytes: Buffer) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/**
 * What the video player adds, only when it opens: its lazy chunks (plyr and the player, the dialog,
 * plyr's CSS and icons) and hls.js, fetched only for HLS addresses.
 */
const printPlayerChunks = (dist: string) => {
  const assets = path.join(dist, 'assets');
  const rows = readdirSync(assets)
    .filter((name) => /^(video-player|video-player-dialog|plyr-sprite|hls)-[\w-]+\.(js|css|svg)$/.test(name))
    .sort()
    .map((name) => ({ file: `/assets/${name}`, ...compressed(readFileSync(path.join(assets, name))) }));
  console.log('\nVideo player, lazy (fetched when the player opens; hls only for HLS addresses)');
  console.log(
    table(rows.map((r) => ({ file: r.file, raw: kb(r.raw), gzip: kb(r.gzip), brotli: kb(r.brotli) }))),
  );
};

export const benchBundle = async () => {
  const dist = path.join(REPO_ROOT, 'dashboard/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('Build the dashboard first (pnpm build).');
  const port = 3411;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-bundle-'));
  const server = await spawnServer(
    'server/src/main.ts',
    { PORT: String(port), DATA_DIR: dataDir },
    `http://127.0.0.1:${port}/api/v1/health`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const rows = [...scripts].sort().map((urlPath) => {
      const bytes = readFileSync(path.join(dist, urlPath));
      return {
        file: urlPath,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
    const total = rows.reduce(
      (t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
      {
        raw: 0,
        gzip: 0,
        brotli: 0,
      },
    );
    console.log('\nDashboard first-load JS for /login');
    console.log(
      table([
        ...rows.map((r) => ({
          file: r.file,
          raw: kb(r.raw),
          gzip: kb(r.gzip),
          brotli: kb(r.brotli),
          target: '',
        })),
        {
          file: `total (${rows.length} files)`,
          raw: kb(total.raw),
          gzip: kb(total.gzip),
          brotli: kb(total.brotli),
          target: `brotli <= ${kb(FIRST_LOAD_TARGET)}`,
        },
      ]),
    );
    printPlayerChunks(dist);
    return total;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchBundle();
