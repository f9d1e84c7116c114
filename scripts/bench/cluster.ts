/**
 * Two API processes against one, on this machine: the same load through nginx (the reference deployment's
 * configuration, e2e/cluster/nginx.conf) to one ROLE=api process, then to two, on one PostgreSQL database. Prints
 * both rows and their ratio; never judges (on two cores the load generator and nginx share the CPU with the API).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { groups } from '@coach/shared/contract/groups';
import pg from 'pg';
import { load, signIn } from './api.ts';
import { REPO_ROOT, spawnServer, table } from './shared.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROXY = 'http://127.0.0.1:3700';

const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
};

/** nginx with the reference configuration, its upstream cut to the first `processes` API processes. */
const startProxy = async (dir: string, processes: 1 | 2) => {
  const prefix = path.join(dir, `nginx-${processes}`);
  for (const sub of ['tmp', 'site']) mkdirSync(path.join(prefix, sub), { recursive: true });
  let config = readFileSync(path.join(REPO_ROOT, 'e2e/cluster/nginx.conf'), 'utf8');
  if (processes === 1) config = config.replace(/^\s*server 127\.0\.0\.1:3702 .*\n/m, '');
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = spawn('nginx', ['-p', prefix, '-c', file], { stdio: 'ignore' });
  for (let tries = 0; tries < 100; tries++) {
    if (
      await fetch(`${PROXY}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return () =>
    new Promise<void>((resolve) => {
      nginx.once('exit', () => resolve());
      nginx.kill('SIGTERM');
    });
};

export const benchCluster = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coach-bench-cluster-'));
  const dbName = `coach_bench_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const env = {
    ROLE: 'api',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    JWT_SECRET: `bench-${crypto.randomUUID()}`,
    TRUST_PROXY: '1',
    LOG_REQUESTS: '0',
    STATIC_DASHBOARD_DIR: dir,
    STATIC_MARKETPLACE_DIR: dir,
  };
  const entry = path.join(REPO_ROOT, 'server/src/main.ts');
  const api1 = await spawnServer(entry, { ...env, PORT: '3701' }, 'http://127.0.0.1:3701/api/v1/health');
  const api2 = await spawnServer(entry, { ...env, PORT: '3702' }, 'http://127.0.0.1:3702/api/v1/health');
  const rows = [];
  try {
    for (const processes of [1, 2] as const) {
      const stopProxy = await startProxy(dir, processes);
      try {
        const token = await signIn(PROXY, dir);
        // A signed-in member's list read: session, permission and a paged query, the API's common case.
        rows.push({
          ...(await load(`groups list, ${processes} API process${processes === 1 ? '' : 'es'}`, {
            url: `${PROXY}${groups.list.path}?currentPage=1`,
            headers: { 'x-access-token': token },
            connections: 20,
          })),
        });
      } finally {
        await stopProxy();
      }
    }
  } finally {
    await api1.stop();
    await api2.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nTwo API processes against one, through nginx, on PostgreSQL');
  console.log(table(rows));
  const [one, two] = rows.map((row) => Number(row['req/s']));
  if (one && two) console.log(`throughput ratio, two processes to one: ${(two / one).toFixed(2)}`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await benchCluster();
