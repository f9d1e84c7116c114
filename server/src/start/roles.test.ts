import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { health } from '@coach/shared/contract/auth';
import { marketplace } from '@coach/shared/contract/marketplace';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from '../jobs/queue.ts';
import { startServer } from '../main.ts';
import { optionsFromEnv } from './from-env.ts';
import type { StartOptions } from './options.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
};

/** A PostgreSQL database of the test's own, dropped afterwards. */
const freshDatabase = async () => {
  const name = `coach_roles_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
  });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const dataFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coach-roles-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** The marketplace's course search, as the site's search box sends it (answers on an empty database too). */
const searchCourses = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${marketplace.getSearchList.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ search: 'talk' }),
  });

/** A server process's worth of the app in this process, stopped after the test. */
const start = async (options: StartOptions) => {
  const running = await startServer({
    port: 0,
    quiet: true,
    buildSite: false,
    dashboardDir: null,
    marketplaceDir: null,
    seed: false,
    ...options,
  });
  let closed = false;
  cleanups.push(async () => {
    if (!closed) await running.close();
  });
  return {
    ...running,
    close: async () => {
      closed = true;
      return running.close();
    },
  };
};

describe('ROLE and its settings from the environment', () => {
  it('is all by default, api or worker when asked, and anything else stops the start', () => {
    expect(optionsFromEnv({}).role).toBe('all');
    expect(optionsFromEnv({ ROLE: 'api' }).role).toBe('api');
    expect(optionsFromEnv({ ROLE: 'worker', PORT: '4000', WORKER_HEALTH_PORT: '4100' })).toMatchObject({
      role: 'worker',
      port: 4100,
    });
    expect(() => optionsFromEnv({ ROLE: 'both' })).toThrow('ROLE must be all, api or worker');
  });

  it('bounds WORKER_CONCURRENCY and SHUTDOWN_DRAIN_MS and reads SITE_ORIGINS as origins', () => {
    expect(optionsFromEnv({ WORKER_CONCURRENCY: '2', SHUTDOWN_DRAIN_MS: '5000' })).toMatchObject({
      workerConcurrency: 2,
      shutdownDrainMs: 5000,
    });
    expect(() => optionsFromEnv({ WORKER_CONCURRENCY: '0' })).toThrow('WORKER_CONCURRENCY');
    expect(() => optionsFromEnv({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow('SHUTDOWN_DRAIN_MS');
    expect(optionsFromEnv({ SITE_ORIGINS: 'https://cdn.example, https://www.example/' }).siteOrigins).toEqual(
      ['https://cdn.example', 'https://www.example'],
    );
    expect(() => optionsFromEnv({ SITE_ORIGINS: 'https://cdn.example/site' })).toThrow('SITE_ORIGINS');
    expect(optionsFromEnv({ SITE_BUILD_GAP_SECONDS: '0' }).siteBuildGapMs).toBe(0);
    expect(optionsFromEnv({ SITE_BUILD_GAP_SECONDS: '45' }).siteBuildGapMs).toBe(45_000);
    expect(optionsFromEnv({}).siteBuildGapMs).toBeUndefined();
    expect(() => optionsFromEnv({ SITE_BUILD_GAP_SECONDS: '-1' })).toThrow('SITE_BUILD_GAP_SECONDS');
  });
});

describe('processes started together on one PostgreSQL database', () => {
  it('migrate and seed it once: three API processes at once all start, with one set of demo data', async () => {
    const databaseUrl = await freshDatabase();
    const roles = ['api', 'api', 'api'] as const;
    const started = await Promise.all(
      roles.map((role) => start({ role, databaseUrl, dataDir: dataFolder(), seed: true })),
    );
    expect(started.map((s) => s.role)).toEqual(roles);
    const migrations = await started[0]?.deps.db
      .selectFrom('kysely_migration' as never)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const names = await started[0]?.deps.db
      .selectFrom('kysely_migration' as never)
      .select((eb) =>
        eb.fn
          .count<string>(eb.ref('name' as never))
          .distinct()
          .as('n'),
      )
      .executeTakeFirstOrThrow();
    expect(Number(migrations?.n)).toBeGreaterThan(20);
    expect(Number(migrations?.n)).toBe(Number(names?.n));
    const owners = await started[0]?.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@acme.example')
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('an API process and a worker', () => {
  it('the API answers calls and takes no job; the worker answers only its health check and takes the job', async () => {
    const databaseUrl = await freshDatabase();
    const api = await start({ role: 'api', databaseUrl, dataDir: dataFolder() });
    expect((await searchCourses(api.url)).status).toBe(200);
    const jobId = await enqueue(api.deps.db, 'speech-analysis', { analysisId: 'no-such-analysis' });
    api.deps.jobs.poke();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const waiting = await api.deps.db
      .selectFrom('jobs')
      .select('attempts')
      .where('id', '=', jobId)
      .executeTakeFirst();
    expect(waiting?.attempts).toBe(0);

    const worker = await start({ role: 'worker', databaseUrl, dataDir: dataFolder(), jobLeaseMs: 60_000 });
    const ready = await fetch(`${worker.url}${health.path}`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ response: { status: 'ok', db: 'postgres', role: 'worker' } });
    expect((await searchCourses(worker.url)).status).toBe(404);
    let attempts = 0;
    for (let tries = 0; tries < 50 && attempts === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const row = await api.deps.db
        .selectFrom('jobs')
        .select('attempts')
        .where('id', '=', jobId)
        .executeTakeFirst();
      attempts = row?.attempts ?? 0;
    }
    expect(attempts).toBeGreaterThan(0);

    const stopping = worker.close();
    const notReady = await fetch(`${worker.url}${health.path}`).catch(() => null);
    // Either the drain's 503 or, once it has stopped listening, no answer at all: never "ready".
    if (notReady) expect(notReady.status).toBe(503);
    await stopping;
  });
});

describe('draining before a stop (SHUTDOWN_DRAIN_MS)', () => {
  it('says not-ready at once, still answers new connections with Connection: close, then stops', async () => {
    const running = await start({ dataDir: dataFolder(), shutdownDrainMs: 1500 });
    expect((await fetch(`${running.url}${health.path}`)).status).toBe(200);
    const started = Date.now();
    const stopping = running.close();
    const probe = await fetch(`${running.url}${health.path}`);
    expect(probe.status).toBe(503);
    expect(await probe.json()).toMatchObject({ code: 'SHUTTING_DOWN', message: 'Shutting down' });
    expect(probe.headers.get('retry-after')).toBe('5');
    // A request on a new connection during the drain is answered, and told to close its connection.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const call = await searchCourses(running.url);
    expect(call.status).toBe(200);
    expect(call.headers.get('connection')).toBe('close');
    await stopping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await expect(fetch(`${running.url}${health.path}`)).rejects.toThrow();
  });
});

describe('the marketplace on another origin (SITE_ORIGINS)', () => {
  it('grants CORS to the site origins only, preflight included, never with credentials', async () => {
    const running = await start({ dataDir: dataFolder(), siteOrigins: ['https://cdn.example'] });
    const url = `${running.url}${marketplace.sendContactUsDetails.path}`;
    const preflight = (origin: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const granted = await preflight('https://cdn.example');
    expect(granted.status).toBe(204);
    expect(granted.headers.get('access-control-allow-origin')).toBe('https://cdn.example');
    expect(granted.headers.get('access-control-allow-methods')).toContain('POST');
    expect(granted.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(granted.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    const search = await searchCourses(running.url, { origin: 'https://cdn.example' });
    expect(search.status).toBe(200);
    expect(search.headers.get('access-control-allow-origin')).toBe('https://cdn.example');
    expect(search.headers.get('vary')?.toLowerCase()).toContain('origin');
    const other = await searchCourses(running.url, { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // The back office's calls never answer CORS, whatever the origin.
    const backOffice = await fetch(`${running.url}/api/v1/enterprise/auth/me`, {
      headers: { origin: 'https://cdn.example' },
    });
    expect(backOffice.headers.get('access-control-allow-origin')).toBeNull();
  });
});
