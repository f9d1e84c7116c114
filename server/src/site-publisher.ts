import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import lockfile from 'proper-lockfile';
import { COMPRESSIBLE_EXTENSIONS, ENCODED_SUFFIX } from './compression.ts';

export type SitePublisher = {
  /** The folder visitors are served from now, or null before the first build has finished. */
  dir: () => string | null;
  /** Ask for a rebuild (courses or institutions changed); changes close together share one build. */
  changed: () => void;
  /** Resolves when a build started after this call has been published (or failed). */
  settled: () => Promise<void>;
  /** Whether the last build failed (the previous site stays published). */
  lastError: () => string | null;
  /**
   * Stops for good: no further build starts, and a build under way is ended (its half-written folder removed)
   * before this resolves. The site still published stays; the next start builds afresh at once.
   */
  stop: () => Promise<void>;
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of a built site except its pages
 * (`app.js` → `app.js.br`, `app.js.gz`), for static-files.ts to send by content negotiation. Pages are left out:
 * each answer carries its own nonce, so they are compressed per request. A copy no smaller than its file is not
 * kept. Runs on the thread pool, two files at a time, so the event loop keeps answering meanwhile.
 */
export const precompressStatic = async (dir: string) => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => {
      const ext = path.extname(file);
      return ext !== '.html' && COMPRESSIBLE_EXTENSIONS.has(ext);
    });
  let written = 0;
  const work = async (file: string) => {
    const bytes = await readFile(file);
    const copies = {
      br: await brotliAsync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip: await gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [encoding, copy] of Object.entries(copies) as [keyof typeof copies, Buffer][])
      if (copy.length < bytes.length) {
        await writeFile(`${file}${ENCODED_SUFFIX[encoding]}`, copy);
        written++;
      }
  };
  const queue = [...files];
  await Promise.all(
    [1, 2].map(async () => {
      for (let file = queue.shift(); file; file = queue.shift())
        if ((await stat(file)).size > 0) await work(file);
    }),
  );
  return { files: files.length, written };
};

/**
 * Two Astro builds of one source folder at once spoil each other's output (a page may name a stylesheet its build
 * never wrote: seen with two servers on one checkout, as the e2e workers run them). Every process that builds from
 * the folder takes this lock first; a holder that dies leaves it stale after 30 s. A lock lost while held (its
 * folder deleted, or not refreshed in time) is logged: proper-lockfile's default throws it where nothing can catch
 * it, which would end the whole server over its marketplace build.
 */
const LOCK_WAIT_MS = 250;
const LOCK_MAX_WAITS = 1200;
const lockSource = async (siteSource: string, stopped: () => boolean, log: (line: string) => void) => {
  for (let waits = 0; ; waits++) {
    try {
      return await lockfile.lock(path.join(siteSource, 'package.json'), {
        lockfilePath: path.join(siteSource, 'node_modules', '.coach-site-build.lock'),
        // The lock is a folder of its own: the sources need no package.json (a stand-in build in the tests has none).
        realpath: false,
        stale: 30_000,
        update: 10_000,
        onCompromised: (err) => log(`Marketplace build lock lost: ${err.message}`),
      });
    } catch (err) {
      // Another process builds: wait for it, unless this server is stopping (then nothing is built).
      if ((err as { code?: string }).code !== 'ELOCKED' || waits >= LOCK_MAX_WAITS) throw err;
      if (stopped()) return null;
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  }
};

const POINTER = 'current';
const KEEP_BUILDS = 2;
/** SITE_BUILD_GAP_SECONDS' default: builds start at least this far apart (a build takes 10-20 s of a core). */
export const SITE_BUILD_GAP_MS = 30_000;
/**
 * A build is background work: run through `nice` at this niceness, it takes the cores only while the server's
 * answers (and the speech engine) leave them idle. On two cores a build at full priority held pages and media
 * loading in the same server for seconds. Without `nice` (not a Linux or macOS box) it builds at full priority.
 */
const BUILD_NICENESS = 10;
const NICE = ['/usr/bin/nice', '/bin/nice'].find((file) => existsSync(file)) ?? null;
/** A build asked to stop gets this long to exit before it is killed. */
const STOP_GRACE_MS = 2000;

/**
 * The one-process mode's marketplace: the static Astro site is built in the background against this server's
 * own API, into a fresh folder, and published by swapping a pointer only once the build has completed, so
 * visitors never see a half-built site. The previous build stays until the next one replaces it.
 */
export const createSitePublisher = ({
  siteSource,
  outRoot,
  apiUrl,
  debounceMs = 1500,
  minGapMs = SITE_BUILD_GAP_MS,
  log = (line: string) => console.log(line),
}: {
  siteSource: string;
  outRoot: string;
  apiUrl: string;
  debounceMs?: number;
  /**
   * The least time from one build's start to the next's: a stream of changes (reviews arriving one after another)
   * builds at most once in it instead of back to back, each build a core's worth for its length (9 languages).
   * A change after a quiet spell still builds after debounceMs.
   */
  minGapMs?: number;
  log?: (line: string) => void;
}): SitePublisher => {
  mkdirSync(outRoot, { recursive: true });
  const pointerFile = path.join(outRoot, POINTER);
  const readPointer = () => {
    if (!existsSync(pointerFile)) return null;
    const dir = path.join(outRoot, readFileSync(pointerFile, 'utf8').trim());
    return existsSync(path.join(dir, 'marketplace')) ? dir : null;
  };
  let current = readPointer();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let error: string | null = null;
  let stopped = false;
  let child: ReturnType<typeof spawn> | null = null;
  const waiters: (() => void)[] = [];
  let lastStarted = Number.NEGATIVE_INFINITY;
  /** Ends the wait for the gap between builds early (stop() does, so it need not wait the gap out). */
  let endGap: (() => void) | null = null;
  const gapPassed = () =>
    new Promise<void>((resolve) => {
      const wait = lastStarted + minGapMs - Date.now();
      if (wait <= 0) return resolve();
      const timer = setTimeout(() => {
        endGap = null;
        resolve();
      }, wait);
      endGap = () => {
        clearTimeout(timer);
        endGap = null;
        resolve();
      };
    });

  const astro = path.join(siteSource, 'node_modules', '.bin', 'astro');

  const buildOnce = () =>
    new Promise<void>((resolve) => {
      const name = `build-${Date.now()}`;
      const out = path.join(outRoot, name);
      const started = Date.now();
      const args = ['build', '--outDir', out];
      const build = spawn(NICE ?? astro, NICE ? ['-n', String(BUILD_NICENESS), astro, ...args] : args, {
        cwd: siteSource,
        // A production build whatever this server runs as: under NODE_ENV=test (the tests, the e2e journeys) Vite
        // took React's development build, twice the size and slower to hydrate, so the journeys ran another site.
        env: { ...process.env, NODE_ENV: 'production', API_URL: apiUrl, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
        // Its own process group, so stop() ends Astro's helpers with it.
        detached: true,
      });
      child = build;
      let stderr = '';
      build.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      build.on('error', (err) => {
        child = null;
        error = err.message;
        resolve();
      });
      const publish = async () => {
        // A server stopping publishes what just completed as it always has, without waiting for the copies
        // (the next start builds afresh anyway).
        if (!stopped)
          await precompressStatic(out).catch((err: unknown) => {
            // Without its copies the site still works, uncompressed: better than keeping the older one.
            log(`Marketplace compression failed: ${err instanceof Error ? err.message : String(err)}`);
          });
        // Publish: write the pointer beside, then rename over it (atomic on one file system).
        const temp = `${pointerFile}.${process.pid}.tmp`;
        writeFileSync(temp, name);
        renameSync(temp, pointerFile);
        current = out;
        error = null;
        log(`Marketplace site published in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        for (const old of readdirSync(outRoot)
          .filter((f) => f.startsWith('build-') && f !== name)
          .sort()
          .slice(0, -(KEEP_BUILDS - 1) || undefined))
          rmSync(path.join(outRoot, old), { recursive: true, force: true });
      };
      build.on('exit', (code) => {
        child = null;
        // Ended by stop(): not a failure to report (a build that had just completed is still published).
        if (stopped && (code !== 0 || !existsSync(path.join(out, 'marketplace')))) {
          rmSync(out, { recursive: true, force: true });
          log('Marketplace build stopped');
          resolve();
          return;
        }
        if (code !== 0 || !existsSync(path.join(out, 'marketplace'))) {
          error = `The marketplace build failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`;
          log(error);
          rmSync(out, { recursive: true, force: true });
          resolve();
          return;
        }
        void publish().finally(resolve);
      });
    });

  const run = async () => {
    do {
      // Changes made while waiting are in the build that follows: only those made once it has started ask again.
      await gapPassed();
      again = false;
      if (stopped) break;
      let release: (() => Promise<void>) | null = null;
      try {
        release = await lockSource(siteSource, () => stopped, log);
      } catch (err) {
        error = `The marketplace build waited too long for another build of its sources: ${err instanceof Error ? err.message : String(err)}`;
        log(error);
      }
      try {
        if (release && !stopped) {
          lastStarted = Date.now();
          await buildOnce();
        }
      } finally {
        await release?.().catch(() => {});
      }
    } while (again && !stopped);
    running = null;
    for (const wake of waiters.splice(0)) wake();
  };

  const start = () => {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run();
  };

  const changed = () => {
    // After stop() nothing builds; the next start builds afresh anyway.
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  };

  // The first build starts at once.
  start();

  return {
    dir: () => current,
    changed,
    settled: () =>
      new Promise<void>((resolve) => {
        if (!running && !timer) resolve();
        else waiters.push(resolve);
      }),
    lastError: () => error,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      endGap?.();
      const pid = child?.pid;
      const signal = (name: NodeJS.Signals) => {
        try {
          if (pid !== undefined) process.kill(-pid, name);
        } catch {
          // The group has already exited.
        }
      };
      signal('SIGTERM');
      const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
      await running;
      clearTimeout(kill);
      // Nothing more will build: whoever waits for one is told now.
      for (const wake of waiters.splice(0)) wake();
    },
  };
};
