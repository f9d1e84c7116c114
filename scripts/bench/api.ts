/**
 * The adapter's cost: p50/p99 and req/s for `general/auth/me` and `general/user-groups` (demo
 * seed + 100,000 extra members), each next to a bare Hono route running the same query, at 10 and 50 connections
 * and at a steady 2,000 req/s, on SQLite and PostgreSQL (BENCH_DB picks one). Server and baseline each run in
 * their own process; autocannon runs here. Prints the targets beside the figures, never judges.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@coach/server';
import { connect } from '@coach/server/db';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import autocannon from 'autocannon';
import { cpuMeter, stealMeter } from './cpu.ts';
import { type BenchDb, eachDatabase } from './databases.ts';
import { openLoop } from './open-loop.ts';
import { spawnServer, table } from './shared.ts';

const EXTRA_MEMBERS = Number(process.env.BENCH_EXTRA_MEMBERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
/** How long the bench waits for the seed's speech analysis before measuring anyway. */
const JOBS_WAIT_MS = Number(process.env.BENCH_JOBS_WAIT_MS ?? 300_000);
const OWNER = 'owner@acme.example';
const ADMIN = 'admin@coach.example';

export const prepareData = async (dataDir: string, databaseUrl?: string) => {
  const seeded = await startServer({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    quiet: true,
    dashboardDir: null,
    marketplaceDir: null,
  });
  const { db } = seeded.deps;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'enterprise_id', 'role_id', 'password_hash'])
    .where('email', '=', OWNER)
    .executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom('groups')
    .select('id')
    .where('enterprise_id', '=', owner.enterprise_id)
    .execute();
  const now = new Date().toISOString();
  const BATCH = 1000;
  for (let start = 0; start < EXTRA_MEMBERS; start += BATCH) {
    const users = Array.from({ length: Math.min(BATCH, EXTRA_MEMBERS - start) }, (_, i) => ({
      id: crypto.randomUUID(),
      enterprise_id: owner.enterprise_id,
      role_id: owner.role_id,
      name: `Bench Member ${start + i}`,
      email: `bench-${start + i}@acme.example`,
      password_hash: owner.password_hash,
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: 'active',
      email_verified_at: now,
      last_active_at: null,
      created_at: now,
    }));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(users).execute();
      await trx
        .insertInto('group_members')
        .values(users.map((u, i) => ({ group_id: groups[i % groups.length]?.id ?? '', user_id: u.id })))
        .execute();
    });
  }
  await seeded.close();
  return { userId: owner.id, enterpriseId: owner.enterprise_id };
};

/** The real sign-in over HTTP: password, email code read from the outbox, verified token. */
export const signIn = async (
  baseUrl: string,
  dataDir: string,
  audience: 'enterprise' | 'admin' = 'enterprise',
) => {
  const auth = audience === 'admin' ? adminAuth : enterpriseAuth;
  const email = audience === 'admin' ? ADMIN : OWNER;
  const post = async (callPath: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${callPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER[audience]]: token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as {
      success: number;
      message: string;
      response: { accesstoken: string };
    };
    if (json.success !== 1) throw new Error(`${callPath}: ${json.message}`);
    return json.response;
  };
  const { accesstoken: preToken } = await post(auth.login.path, { email, password: 'Coach-demo-2026' });
  await post(auth.sendCode.path, { contactMethod: 2 }, preToken);
  const outbox = path.join(dataDir, 'outbox');
  const latest =
    readdirSync(outbox)
      .filter((f) => f.includes(email))
      .sort()
      .at(-1) ?? '';
  const code = readFileSync(path.join(outbox, latest), 'utf8').match(/\b(\d{6})\b/)?.[1] ?? '';
  const { accesstoken } = await post(auth.verifyCode.path, { code }, preToken);
  return accesstoken;
};

/**
 * Seconds of the same load run first and not counted (BENCH_WARMUP_SECONDS, 0 for none). A server just started reads
 * its indexes from disk into the database's page cache and prepares its statements on its first requests: the
 * figures are the steady state a running server serves at.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** autocannon's options, plus a body per request for the fixed-rate runs (each request may ask something new). */
export type LoadOptions = autocannon.Options & { bodyOf?: (i: number) => string };

/**
 * One row of figures. With `overallRate`, the load comes at that fixed rate from open-loop.ts (see there why not
 * autocannon's rate); without, autocannon's closed loop measures throughput at `connections` in flight.
 */
export const load = async (name: string, options: LoadOptions) => {
  const seconds = options.duration ?? DURATION;
  if (options.overallRate) {
    const loaded = await openLoop({
      url: String(options.url),
      method: options.method === 'POST' ? 'POST' : 'GET',
      ...(options.headers ? { headers: options.headers as Record<string, string> } : {}),
      ...(options.bodyOf
        ? { body: options.bodyOf }
        : options.body === undefined
          ? {}
          : { body: String(options.body) }),
      rate: options.overallRate,
      seconds: Number(seconds),
      warmupSeconds: WARMUP_SECONDS,
      // At most this many requests in flight (the table's connections column); more wait for a free socket.
      ...(options.connections ? { connections: options.connections } : {}),
    });
    return { route: name, ...loaded };
  }
  const base = { connections: CONNECTIONS, ...options, duration: seconds };
  if (WARMUP_SECONDS > 0) await autocannon({ ...base, duration: WARMUP_SECONDS });
  const cpu = cpuMeter();
  const steal = stealMeter();
  const result = await autocannon(base);
  const failures = result.non2xx + result.errors;
  return {
    route: name,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'req/s': Math.round(result.requests.average),
    failures,
    'cpu ms/req': cpu(result.requests.total - failures),
    'steal ms': steal(),
  };
};

/** The speech analysis the demo seed queues runs in the server's worker thread: measured load waits for it. */
export const waitForIdleJobs = async (dataDir: string, databaseUrl: string | undefined) => {
  const { db } = connect({ dataDir, databaseUrl });
  const started = Date.now();
  let left = 0;
  try {
    for (;;) {
      const pending = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      left = Number(pending?.n ?? 0);
      if (left === 0 || Date.now() - started > JOBS_WAIT_MS) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await db.destroy();
    console.log(
      `Waited ${((Date.now() - started) / 1000).toFixed(0)} s for the seed's speech analysis to finish`,
    );
    if (left > 0) console.log(`(${left} analysis jobs still pending: figures share the cores with them)`);
  }
};

const TARGET_RATIO = 1.5;
const TARGET_P99_MS = 10;
const FIXED_RATE = 2000;

type Row = Awaited<ReturnType<typeof load>>;

/** BENCH_PROFILE=1: the product server runs under --cpu-prof, and its busiest functions are printed after. */
const PROFILE = process.env.BENCH_PROFILE === '1';

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Self time per function of the server's main thread (its file's thread id is 0), busiest first. */
const printProfile = (dir: string, label: string) => {
  const file = readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\./.test(f));
  if (!file) return;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    total += us;
    const where = frame.url
      .replace(/^file:\/\//, '')
      .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '');
    const key = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\n${label}: the product server's busiest functions (self time, main thread, idle left out)`);
  console.log(
    table(
      top.map(([fn, us]) => ({
        'self ms': Math.round(us / 1000),
        share: `${((100 * us) / total).toFixed(1)}%`,
        function: fn,
      })),
    ),
  );
  rmSync(dir, { recursive: true, force: true });
};

/**
 * One database: the product and the bare baseline side by side, each route at full speed with 10 and 50
 * connections (throughput: the bare route's req/s over the product's, target at most 1.5x), then at a steady
 * 2,000 req/s (latency: p99 at most 10 ms).
 */
const benchOn = async (database: BenchDb) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-api-'));
  const dbEnv: Record<string, string> = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
  try {
    const started = Date.now();
    const ids = await prepareData(dataDir, database.databaseUrl);
    console.log(
      `\n${database.label}: seeded the demo plus ${EXTRA_MEMBERS.toLocaleString('en')} members in ${Date.now() - started} ms`,
    );
    const port = 3413;
    const barePort = 3414;
    const baseUrl = `http://127.0.0.1:${port}`;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'coach-bench-profile-')) : null;
    const product = await spawnServer(
      'server/src/main.ts',
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        ...dbEnv,
        ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      },
      `${baseUrl}/api/v1/health`,
    );
    const bare = await spawnServer(
      'scripts/bench/bare-server.ts',
      {
        PORT: String(barePort),
        DATA_DIR: dataDir,
        BENCH_USER_ID: ids.userId,
        BENCH_ENTERPRISE_ID: ids.enterpriseId,
        ...dbEnv,
      },
      `${bareUrl}/health`,
    );
    try {
      await waitForIdleJobs(dataDir, database.databaseUrl);
      const token = await signIn(baseUrl, dataDir);
      const auth = { [TOKEN_HEADER.enterprise]: token };
      const groupsBody = JSON.stringify({ searchQuery: '', currentPage: 2 });
      const json = { 'content-type': 'application/json' };
      const routes = [
        {
          name: 'general/auth/me',
          product: { url: `${baseUrl}${enterpriseAuth.me.path}`, headers: auth },
          bare: { url: `${bareUrl}/me` },
        },
        {
          name: 'general/user-groups',
          product: {
            url: `${baseUrl}${enterpriseAuth.userGroups.path}`,
            method: 'POST' as const,
            headers: { ...auth, ...json },
            body: groupsBody,
          },
          bare: { url: `${bareUrl}/groups`, method: 'POST' as const, headers: json, body: groupsBody },
        },
      ];
      const throughput: Record<string, string | number>[] = [];
      const latency: Record<string, string | number>[] = [];
      const pct = (ratio: number) => `${ratio.toFixed(2)}x`;
      for (const connections of [10, 50])
        for (const route of routes) {
          // Product and baseline back to back, so both see the same machine.
          const mine: Row = await load(route.name, { ...route.product, connections });
          const base: Row = await load('bare Hono, same query', { ...route.bare, connections });
          const ratio = mine['req/s'] > 0 ? base['req/s'] / mine['req/s'] : Number.POSITIVE_INFINITY;
          throughput.push(
            { ...mine, connections, 'bare/product': pct(ratio), target: `<= ${TARGET_RATIO}x` },
            { ...base, connections, 'bare/product': '', target: '' },
          );
        }
      for (const connections of [10, 50])
        for (const route of routes) {
          const mine: Row = await load(route.name, {
            ...route.product,
            connections,
            overallRate: FIXED_RATE,
          });
          const base: Row = await load('bare Hono, same query', {
            ...route.bare,
            connections,
            overallRate: FIXED_RATE,
          });
          latency.push(
            { ...mine, connections, target: `p99 <= ${TARGET_P99_MS} ms` },
            { ...base, connections, target: '' },
          );
        }
      console.log(
        `\n${database.label}, full speed: ${DURATION} s per run; bare/product is the baseline's req/s over the product's (the adapter's cost)`,
      );
      console.log(table(throughput));
      console.log(
        `\n${database.label}, a steady ${FIXED_RATE.toLocaleString('en')} req/s offered: ${DURATION} s per run`,
      );
      console.log(table(latency));
      return { database: database.label, throughput, latency };
    } finally {
      await product.stop();
      await bare.stop();
      if (profileDir) printProfile(profileDir, database.label);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const benchApi = () => eachDatabase(benchOn);

if (import.meta.main) await benchApi();
