/**
 * Server latency under a 10-second loopback load: p50/p99 and req/s for `general/auth/me` and
 * `general/user-groups` (demo seed + 100,000 extra members), next to a bare Hono route doing the same
 * query. Server and baseline each run in their own process; autocannon runs here. Prints, never judges.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@coach/server';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import autocannon from 'autocannon';
import { spawnServer, table } from './shared.ts';

const EXTRA_MEMBERS = Number(process.env.BENCH_EXTRA_MEMBERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
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

export const load = async (name: string, options: autocannon.Options) => {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const failures = result.non2xx + result.errors;
  return {
    route: name,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'req/s': Math.round(result.requests.average),
    failures,
  };
};

export const benchApi = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-api-'));
  try {
    const started = Date.now();
    const ids = await prepareData(dataDir);
    console.log(
      `\nSeeded the demo plus ${EXTRA_MEMBERS.toLocaleString('en')} members in ${Date.now() - started} ms`,
    );
    const port = 3413;
    const barePort = 3414;
    const baseUrl = `http://127.0.0.1:${port}`;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const product = await spawnServer(
      'server/src/main.ts',
      { PORT: String(port), DATA_DIR: dataDir },
      `${baseUrl}/api/v1/health`,
    );
    const bare = await spawnServer(
      'scripts/bench/bare-server.ts',
      {
        PORT: String(barePort),
        DATA_DIR: dataDir,
        BENCH_USER_ID: ids.userId,
        BENCH_ENTERPRISE_ID: ids.enterpriseId,
      },
      `${bareUrl}/health`,
    );
    try {
      const token = await signIn(baseUrl, dataDir);
      const auth = { [TOKEN_HEADER.enterprise]: token };
      const groupsBody = JSON.stringify({ searchQuery: '', currentPage: 2 });
      const json = { 'content-type': 'application/json' };
      const rows = [];
      rows.push(await load('general/auth/me', { url: `${baseUrl}${enterpriseAuth.me.path}`, headers: auth }));
      rows.push(await load('bare Hono: same query', { url: `${bareUrl}/me` }));
      rows.push(
        await load('general/user-groups', {
          url: `${baseUrl}${enterpriseAuth.userGroups.path}`,
          method: 'POST',
          headers: { ...auth, ...json },
          body: groupsBody,
        }),
      );
      rows.push(
        await load('bare Hono: same query', {
          url: `${bareUrl}/groups`,
          method: 'POST',
          headers: json,
          body: groupsBody,
        }),
      );
      console.log(`\nLoopback load: ${DURATION} s per route, ${CONNECTIONS} connections, SQLite`);
      console.log(table(rows));
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      const [me, bareMe, groups, bareGroups] = rows;
      if (me && bareMe && groups && bareGroups)
        console.log(
          `\nThroughput of the bare route over the product route (the adapter's cost): me ${ratio(bareMe['req/s'], me['req/s'])}x, user-groups ${ratio(bareGroups['req/s'], groups['req/s'])}x`,
        );
      return rows;
    } finally {
      await product.stop();
      await bare.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchApi();
