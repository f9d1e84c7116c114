#!/usr/bin/env node
/**
 * A real S3-compatible object store on loopback, from Debian's packages: OpenStack Swift (account, container and
 * object servers, one replica) behind its proxy with the s3api middleware (SigV4, presigned URLs, Range,
 * multipart) and tempauth. For tests and local runs of the S3 storage adapter; nothing here is for production.
 *
 *   node scripts/object-store/swift-s3.mjs [--port 8480] [--dir /tmp/coach-swift]
 *
 * Prints the S3_* settings the server takes, stays up until SIGTERM/SIGINT, then stops the servers and removes
 * the folder. The bucket (S3_BUCKET) is for the caller to make with its S3 client (CreateBucket): Swift's own
 * token API needs memcached, which this store does without. Needs `apt-get install swift-proxy swift-object swift-container swift-account` (Python 3 from
 * /usr/bin). The key pair is made at start and lives only as long as the process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The proxy's middleware: [section name in the pipeline, Swift's entry point]. */
const FILTERS = [
  ['catch_errors', 'catch_errors'],
  ['gatekeeper', 'gatekeeper'],
  ['healthcheck', 'healthcheck'],
  ['proxy-logging', 'proxy_logging'],
  ['cache', 'memcache'],
  ['listing_formats', 'listing_formats'],
  ['copy', 'copy'],
  ['slo', 'slo'],
  ['dlo', 'dlo'],
];

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};

/** Starts the store; resolves once the proxy answers its health check. */
export const startSwiftS3 = async ({
  port = 8480,
  dir = path.join(tmpdir(), `coach-swift-${process.pid}`),
  bucket = 'coach-uploads',
} = {}) => {
  const etc = path.join(dir, 'etc');
  const devices = path.join(dir, 'data');
  mkdirSync(etc, { recursive: true });
  mkdirSync(path.join(devices, 'd1'), { recursive: true });
  const suffix = randomBytes(8).toString('hex');
  writeFileSync(
    path.join(etc, 'swift.conf'),
    `[swift-hash]\nswift_hash_path_suffix = ${suffix}\nswift_hash_path_prefix = ${suffix}\n[storage-policy:0]\nname = gold\ndefault = yes\n`,
  );
  const backends = { account: port + 3, container: port + 2, object: port + 1 };
  for (const [kind, backendPort] of Object.entries(backends)) {
    writeFileSync(
      path.join(etc, `${kind}-server.conf`),
      [
        '[DEFAULT]',
        `devices = ${devices}`,
        'mount_check = false',
        'bind_ip = 127.0.0.1',
        `bind_port = ${backendPort}`,
        'workers = 0',
        `swift_dir = ${etc}`,
        'log_level = WARNING',
        '[pipeline:main]',
        `pipeline = ${kind}-server`,
        `[app:${kind}-server]`,
        `use = egg:swift#${kind}`,
        `[${kind}-replicator]`,
        `[${kind}-updater]`,
        `[${kind}-auditor]`,
        '',
      ].join('\n'),
    );
    const builder = path.join(etc, `${kind}.builder`);
    for (const args of [
      [builder, 'create', '0', '1', '1'],
      [builder, 'add', `r1z1-127.0.0.1:${backendPort}/d1`, '1'],
      [builder, 'rebalance'],
    ]) {
      const run = spawnSync('/usr/bin/python3', ['/usr/bin/swift-ring-builder', ...args], {
        encoding: 'utf8',
      });
      // rebalance exits 1 with a warning when nothing moved; only a missing ring is a failure.
      if (run.error) throw run.error;
    }
  }
  const accessKeyId = 'coach:store';
  const secretAccessKey = randomBytes(18).toString('base64url');
  writeFileSync(
    path.join(etc, 'proxy-server.conf'),
    [
      '[DEFAULT]',
      'bind_ip = 127.0.0.1',
      `bind_port = ${port}`,
      'workers = 0',
      `swift_dir = ${etc}`,
      'log_level = WARNING',
      '[pipeline:main]',
      'pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server',
      '[app:proxy-server]',
      'use = egg:swift#proxy',
      'account_autocreate = true',
      '[filter:tempauth]',
      'use = egg:swift#tempauth',
      `user_coach_store = ${secretAccessKey} .admin`,
      '[filter:s3api]',
      'use = egg:swift#s3api',
      'location = us-east-1',
      ...FILTERS.flatMap(([section, egg]) => [`[filter:${section}]`, `use = egg:swift#${egg}`]),
      '',
    ].join('\n'),
  );
  const children = ['account', 'container', 'object', 'proxy'].map((kind) =>
    spawn('/usr/bin/python3', [`/usr/bin/swift-${kind}-server`, path.join(etc, `${kind}-server.conf`)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  // Whatever way this process ends, the servers end with it (a test runner may kill it without a goodbye).
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    const gone = Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
    );
    const late = setTimeout(killAll, 5000);
    await gone;
    clearTimeout(late);
    process.off('exit', killAll);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${endpoint}/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline || children.some((child) => child.exitCode !== null)) {
      await stop();
      throw new Error('Swift did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // Files are read where browsers read them: Swift's own API, anonymously (the bucket is public-read), Range
      // included. tempauth's user coach:store owns the account AUTH_coach.
      S3_PUBLIC_URL: `${endpoint}/v1/AUTH_coach/${bucket}`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    },
    stop,
  };
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const store = await startSwiftS3({
    port: Number(arg('port', '8480')),
    ...(arg('dir') ? { dir: arg('dir') } : {}),
  });
  for (const [key, value] of Object.entries(store.env)) console.log(`${key}=${value}`);
  const onSignal = () => store.stop().then(() => process.exit(0));
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
