import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './main.ts';
import { createSitePublisher } from './site-publisher.ts';

let running: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'coach-site-'));
  // Builds follow one another here as fast as they may: the gap between builds has a test of its own (below).
  running = await startServer({ port: 0, dataDir, quiet: true, dashboardDir: null, siteBuildGapMs: 0 });
}, 60_000);
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const page = async (urlPath: string) => {
  const res = await fetch(`${running.url}${urlPath}`);
  return { status: res.status, html: await res.text() };
};

/**
 * A site source whose `astro` is a shell script (`script(journal)`, its body; `$3` is the output folder), so the
 * publisher's own work is tested without a real build. `root` is removed by the test.
 */
const standInSite = (script: (journal: string) => string) => {
  const root = mkdtempSync(path.join(tmpdir(), 'coach-publisher-'));
  const siteSource = path.join(root, 'site');
  mkdirSync(path.join(siteSource, 'node_modules', '.bin'), { recursive: true });
  const journal = path.join(root, 'journal');
  const astro = path.join(siteSource, 'node_modules', '.bin', 'astro');
  writeFileSync(astro, `#!/bin/sh\n${script(journal)}\n`);
  chmodSync(astro, 0o755);
  return { root, siteSource, journal };
};

describe('the one-process marketplace publisher', () => {
  it('builds the site against its own API in the background and publishes it whole', async () => {
    const publisher = running.publisher();
    expect(publisher).toBeDefined();
    const early = await page('/marketplace/home');
    // Until the first build is published visitors get a clear 503, never a half-built site.
    if (!publisher?.dir()) expect(early.status).toBe(503);
    await publisher?.settled();
    expect(publisher?.lastError()).toBeNull();
    const home = await page('/marketplace/home');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Learn to speak with confidence');
    expect((await page('/genu')).html).toContain('GenU AI Coach');
    // A production build, though these tests run the server under NODE_ENV=test: React's development build (its
    // console invitation to install the DevTools) is not what visitors get.
    const dist = publisher?.dir() ?? '';
    const scripts = readdirSync(path.join(dist, '_astro')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts)
      expect(readFileSync(path.join(dist, '_astro', f), 'utf8'), f).not.toContain(
        'Download the React DevTools',
      );
  }, 90_000);

  it('publishes brotli and gzip copies of the site’s scripts and styles, sent to clients that accept them', async () => {
    const dist = running.publisher()?.dir() ?? '';
    const assets = readdirSync(path.join(dist, '_astro'));
    const script = assets.find(
      (f) => f.endsWith('.js') && statSync(path.join(dist, '_astro', f)).size > 4096,
    );
    expect(script).toBeDefined();
    // Every script and stylesheet over 1 KB has both copies (a copy no smaller than its file is not kept).
    for (const f of assets.filter(
      (a) => /\.(js|css)$/.test(a) && statSync(path.join(dist, '_astro', a)).size > 1024,
    )) {
      expect(assets, f).toContain(`${f}.br`);
      expect(assets, f).toContain(`${f}.gz`);
    }
    const original = readFileSync(path.join(dist, '_astro', script ?? ''));
    // Over real HTTP: fetch decodes what it accepted, and says what came.
    const res = await fetch(`${running.url}/_astro/${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(res.headers.get('content-length'))).toBe(
      statSync(path.join(dist, '_astro', `${script}.br`)).size,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    const gz = await fetch(`${running.url}/_astro/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(original)).toBe(true);
    // Pages are compressed per request (each has its own nonce): no copies beside them.
    expect(existsSync(path.join(dist, 'marketplace', 'home', 'index.html.br'))).toBe(false);
    const home = await fetch(`${running.url}/marketplace/home`, { headers: { 'accept-encoding': 'br' } });
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(await home.text()).toContain('Learn to speak with confidence');
  });

  it('rebuilds when a course changes and swaps the new build in atomically', async () => {
    const publisher = running.publisher();
    const before = readFileSync(path.join(dataDir, 'site', 'current'), 'utf8');
    const course = await running.deps.db
      .selectFrom('courses')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await running.deps.db
      .updateTable('courses')
      .set({ name: 'Freshly Renamed Course' })
      .where('id', '=', course.id)
      .execute();
    running.deps.site.changed();
    running.deps.site.changed();
    await publisher?.settled();
    const after = readFileSync(path.join(dataDir, 'site', 'current'), 'utf8');
    expect(after).not.toBe(before);
    expect((await page(`/marketplace/course-detail/${course.id}`)).html).toContain('Freshly Renamed Course');
    // The previous build is kept for requests in flight; older ones are removed.
    const builds = readdirSync(path.join(dataDir, 'site')).filter((f) => f.startsWith('build-'));
    expect(builds.length).toBeLessThanOrEqual(2);
    expect(existsSync(path.join(dataDir, 'site', after, 'marketplace', 'home', 'index.html'))).toBe(true);
  }, 90_000);

  it('stops serving a course taken off sale at once, before the site is rebuilt', async () => {
    const course = await running.deps.db
      .selectFrom('courses')
      .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
      .select(['courses.id', 'courses.name'])
      .where('courses.published', '=', 1)
      .orderBy('courses.id')
      .executeTakeFirstOrThrow();
    const offer = (published: number) =>
      running.deps.db.updateTable('courses').set({ published }).where('id', '=', course.id).execute();
    expect((await page(`/marketplace/course-detail/${course.id}`)).status).toBe(200);
    // Unpublished in the database, the site not rebuilt (nothing told it): its page is already gone, in every language.
    await offer(0);
    try {
      for (const url of [
        `/marketplace/course-detail/${course.id}`,
        `/es/marketplace/course-detail/${course.id}/`,
      ]) {
        const gone = await page(url);
        expect(gone.status, url).toBe(404);
        expect(gone.html, url).not.toContain(course.name);
      }
    } finally {
      await offer(1);
    }
    expect((await page(`/es/marketplace/course-detail/${course.id}`)).status).toBe(200);
  });

  it('two servers building from one checkout take turns, and each build names only styles it wrote', async () => {
    // A second server's publisher on the same sources, asked to build while this server rebuilds too.
    const otherOut = mkdtempSync(path.join(tmpdir(), 'coach-site-other-'));
    const siteSource = path.resolve(import.meta.dirname, '../../sites/marketplace');
    const publisher = running.publisher();
    running.deps.site.changed();
    const other = createSitePublisher({ siteSource, outRoot: otherOut, apiUrl: running.url, log: () => {} });
    try {
      await Promise.all([publisher?.settled(), other.settled()]);
      expect(other.lastError()).toBeNull();
      expect(publisher?.lastError()).toBeNull();
      for (const dir of [publisher?.dir() ?? '', other.dir() ?? '']) {
        const html = readFileSync(path.join(dir, 'marketplace', 'home', 'index.html'), 'utf8');
        const styles = [...html.matchAll(/\/_astro\/([\w.-]+\.css)/g)].map((m) => m[1] ?? '');
        expect(styles.length).toBeGreaterThan(0);
        for (const style of styles) expect(existsSync(path.join(dir, '_astro', style)), style).toBe(true);
      }
    } finally {
      await other.stop();
      rmSync(otherOut, { recursive: true, force: true });
    }
  }, 180_000);

  it('two publishers of one source folder never build at the same time (the lock)', async () => {
    // A stand-in build that notes when it starts and ends and takes a second: two at once would interleave.
    const { root, siteSource, journal } = standInSite(
      (journal) => `echo start >> "${journal}"\nsleep 1\nmkdir -p "$3/marketplace"\necho end >> "${journal}"`,
    );
    const publishers = ['a', 'b'].map((name) =>
      createSitePublisher({
        siteSource,
        outRoot: path.join(root, name),
        apiUrl: 'http://127.0.0.1:9',
        log: () => {},
      }),
    );
    try {
      await Promise.all(publishers.map((p) => p.settled()));
      for (const p of publishers) expect(p.lastError()).toBeNull();
      expect(readFileSync(journal, 'utf8').trim().split('\n')).toEqual(['start', 'end', 'start', 'end']);
    } finally {
      await Promise.all(publishers.map((p) => p.stop()));
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);

  it('builds at a low priority; changes one after another build once per gap, and stopping does not wait the gap out', async () => {
    // A stand-in build that notes the moment it starts (ms) and its niceness, and completes at once.
    const { root, siteSource, journal } = standInSite(
      (journal) => `date +%s%3N >> "${journal}"\nnice > "${journal}.nice"\nmkdir -p "$3/marketplace"`,
    );
    const niceness = `${journal}.nice`;
    const starts = () => readFileSync(journal, 'utf8').trim().split('\n').map(Number);
    const GAP = 1500;
    const publisher = createSitePublisher({
      siteSource,
      outRoot: path.join(root, 'out'),
      apiUrl: 'http://127.0.0.1:9',
      debounceMs: 50,
      minGapMs: GAP,
      log: () => {},
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await publisher.settled();
      expect(starts()).toHaveLength(1);
      // Built as background work, below the server's own priority.
      expect(Number(readFileSync(niceness, 'utf8'))).toBe(Math.min(19, getPriority() + 10));
      // Five changes 200 ms apart, the first right after the first build: one build, a gap after the first.
      for (let i = 0; i < 5; i++) {
        publisher.changed();
        await pause(200);
      }
      await publisher.settled();
      const [first = 0, second = 0] = starts();
      expect(starts()).toHaveLength(2);
      // The stand-in notes its start once its shell runs, some tens of ms after the publisher started it.
      expect(second - first).toBeGreaterThanOrEqual(GAP - 250);
      expect(publisher.lastError()).toBeNull();
      // Asked again and stopped while it waits out the gap: the stop is prompt and nothing more builds.
      publisher.changed();
      await pause(200);
      const stopping = Date.now();
      await publisher.stop();
      expect(Date.now() - stopping).toBeLessThan(GAP / 2);
      await pause(GAP);
      expect(starts()).toHaveLength(2);
    } finally {
      await publisher.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
