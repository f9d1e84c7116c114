import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { startSwiftS3 } from '../../scripts/object-store/swift-s3.mjs';
import { REPO_ROOT } from '../support/env.ts';

/**
 * The reference deployment on one machine (docs/deploying.md): nginx in front of two API processes (ROLE=api), one
 * worker (ROLE=worker), PostgreSQL, an S3 server (OpenStack Swift with s3api) and the marketplace site served from
 * a second origin. Every process is the real server started as `pnpm start` runs it.
 */
export const PORTS = { proxy: 3700, api1: 3701, api2: 3702, worker: 3703, site: 3705, store: 3720 } as const;
export const PROXY = `http://127.0.0.1:${PORTS.proxy}`;
export const SITE = `http://127.0.0.1:${PORTS.site}`;
export const API = {
  api1: `http://127.0.0.1:${PORTS.api1}`,
  api2: `http://127.0.0.1:${PORTS.api2}`,
} as const;
export const WORKER_HEALTH = `http://127.0.0.1:${PORTS.worker}/api/v1/health`;
/** The jobs' lease here: a killed worker's job is taken again after this long. */
export const JOB_LEASE_MS = 4000;

export type NodeName = 'api1' | 'api2' | 'worker';
type Running = { child: ChildProcess; output: { text: string }; exited: Promise<void> };

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_DIR = path.join(REPO_ROOT, 'server');

const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/** Polls `check` until it is true, or throws `what` after `ms`. */
export const waitUntil = async (check: () => Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const healthy = (url: string) => async () => (await fetch(url)).status === 200;

export const startCluster = async () => {
  const dir = path.join(tmpdir(), `coach-cluster-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const dataDir = path.join(dir, 'data');
  for (const sub of ['data', 'static', 'site', 'tmp', 'logs'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  const dbName = `coach_cluster_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const databaseUrl = Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

  const store = await startSwiftS3({
    port: PORTS.store,
    dir: path.join(dir, 'swift'),
    bucket: 'coach-cluster',
  });
  // The bucket, readable by anyone (browsers load recordings and videos from it), made as an operator would.
  const s3 = new S3Client({
    endpoint: store.env.S3_ENDPOINT,
    region: store.env.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: store.env.AWS_ACCESS_KEY_ID,
      secretAccessKey: store.env.AWS_SECRET_ACCESS_KEY,
    },
  });
  // Swift's proxy answers its health check before its account server is up: 503 "reduce your request rate" until then.
  await waitUntil(
    () =>
      s3.send(new CreateBucketCommand({ Bucket: store.env.S3_BUCKET, ACL: 'public-read' })).then(
        () => true,
        () => false,
      ),
    'the object store to make the bucket',
  );

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // One secret for every process: a token signed by one is read by the others.
    JWT_SECRET: `cluster-${crypto.randomUUID()}`,
    // The mail outbox is the one shared folder (a real deployment sends mail over SMTP_URL instead).
    DATA_DIR: dataDir,
    PUBLIC_URL: PROXY,
    TRUST_PROXY: '1',
    SITE_ORIGINS: SITE,
    SITE_BUILD: '0',
    LOG_REQUESTS: '0',
    STATIC_DASHBOARD_DIR: path.join(dir, 'static'),
    STATIC_MARKETPLACE_DIR: path.join(dir, 'static'),
    SHUTDOWN_DRAIN_MS: '2000',
    JOB_LEASE_MS: String(JOB_LEASE_MS),
    NODE_ENV: 'test',
    ...store.env,
  };
  const nodes = new Map<NodeName, Running>();
  // The processes end with the test run, however it ends.
  const killAll = () => {
    for (const node of nodes.values()) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const start = async (name: NodeName) => {
    const role = name === 'worker' ? 'worker' : 'api';
    const port = PORTS[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...env,
        ROLE: role,
        PORT: String(port),
        ...(role === 'worker' ? { WORKER_HEALTH_PORT: String(port) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { text: '' };
    child.stdout?.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    nodes.set(name, { child, output, exited });
    const url = role === 'worker' ? WORKER_HEALTH : `http://127.0.0.1:${port}/api/v1/health`;
    await waitUntil(healthy(url), `${name} to answer its health check:\n${output.text}`, 90_000);
  };

  /** kill -9: the process ends at once, mid-request or mid-job. */
  const kill = async (name: NodeName) => {
    const node = nodes.get(name);
    node?.child.kill('SIGKILL');
    await node?.exited;
  };

  /** SIGTERM, as an orchestrator stops a process: it drains, finishes what it holds and exits. */
  const stop = async (name: NodeName) => {
    const node = nodes.get(name);
    node?.child.kill('SIGTERM');
    await node?.exited;
    return node?.child.exitCode;
  };

  // The first API process migrates and seeds; the others start together with it in a real roll-out, which the
  // server suite covers (start/roles.test.ts); here they follow so the site can be built from seeded data.
  await start('api1');
  await Promise.all([start('api2'), start('worker')]);

  // nginx runs a copy of the reference configuration, which a rolling restart edits to take a process out.
  const proxyConfig = readFileSync(path.join(REPO_ROOT, 'e2e/cluster/nginx.conf'), 'utf8');
  const proxyConfigFile = path.join(dir, 'nginx.conf');
  writeFileSync(proxyConfigFile, proxyConfig);
  const nginx = spawn('nginx', ['-p', dir, '-c', proxyConfigFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  process.once('exit', () => nginx.kill('SIGKILL'));
  await waitUntil(healthy(`${PROXY}/api/v1/health`), 'nginx to proxy the API');

  // The static site for the CDN: built against the cluster, calling the API at the proxy's origin.
  execFileSync('pnpm', ['exec', 'astro', 'build', '--outDir', path.join(dir, 'site')], {
    cwd: path.join(REPO_ROOT, 'sites/marketplace'),
    env: {
      ...process.env,
      API_URL: PROXY,
      PUBLIC_API_URL: PROXY,
      SITE_CACHE_DIR: path.join(dir, 'site-cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: 'pipe',
  });

  return {
    dir,
    dataDir,
    db,
    store,
    start,
    kill,
    stop,
    output: (name: NodeName) => nodes.get(name)?.output.text ?? '',
    /**
     * Takes an API process out of the proxy's rotation (`down`), or puts every one back (null), as an operator does
     * around a restart: nginx reloads gracefully (the old workers finish the requests they hold), and from then on
     * no new request reaches that process.
     */
    proxyWithout: async (name: 'api1' | 'api2' | null) => {
      const edited = name
        ? proxyConfig.replace(new RegExp(`(server 127\\.0\\.0\\.1:${PORTS[name]} [^;]*);`), '$1 down;')
        : proxyConfig;
      if (name && edited === proxyConfig) throw new Error(`No upstream line for ${name}`);
      writeFileSync(proxyConfigFile, edited);
      nginx.kill('SIGHUP');
      // The new workers take over within a few milliseconds; the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
    /** What nginx logged (warnings and errors) since `mark`: why a request failed at the proxy. */
    proxyLog: (mark = 0) =>
      existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8').slice(mark)
        : '',
    shutdown: async () => {
      for (const name of nodes.keys()) await kill(name);
      nginx.kill('SIGTERM');
      await nginxExited;
      await db.end();
      s3.destroy();
      await store.stop();
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
export type Cluster = Awaited<ReturnType<typeof startCluster>>;
