import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Registration } from '../adapter.ts';
import { createApp } from '../app.ts';
import { createTokens } from '../auth/tokens.ts';
import { createBackground } from '../background.ts';
import { connect } from '../db/connect.ts';
import type { Deps } from '../deps.ts';
import type { JobRunner } from '../jobs/queue.ts';
import { startJobs } from '../jobs/start-jobs.ts';
import { builtinCoach, type CoachEngine } from '../providers/coach.ts';
import { mapResolver } from '../providers/dns.ts';
import { createMail, type MailProvider } from '../providers/mail.ts';
import { type PaymentProvider, paymentsFor } from '../providers/payments.ts';
import { workerSpeech } from '../providers/speech/worker.ts';
import { localStorage } from '../providers/storage.ts';
import { createSearchCache } from '../search-cache.ts';
import { createSearchTrigrams } from '../search-trigrams.ts';
import { databaseUrl, PG_ADMIN_URL } from './seed-template.ts';

/** Tests read arbitrary response fields; real clients get them typed from the contract schemas. */
type TestEnvelope = {
  success: 0 | 1;
  message: string;
  code?: string;
  field?: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on response fields of many shapes
  response?: any;
};

/**
 * A seeded app on a real database: a SQLite file in a temp dir, or (TEST_DB=postgres) a fresh
 * PostgreSQL database coach_test_<random> that close() drops.
 */
export const createTestApp = async ({
  extraCalls = [],
  payments,
  coach,
  hearSeed = false,
  runJobs = true,
  sms: smsProvider,
}: {
  extraCalls?: Registration[];
  /** A text-message provider instead of the outbox (the SMS tests' fake of the provider's API). */
  sms?: MailProvider;
  payments?: PaymentProvider;
  coach?: CoachEngine;
  /**
   * Whether the job runner hears the demo's 19 seeded recordings, as a fresh server does at first start. Off by
   * default: every suite would otherwise load the speech models and transcribe them in the background (and a suite
   * that waits for its own recording with `jobsIdle()` would wait for all 19 first); their analyses stay pending.
   */
  hearSeed?: boolean;
  /**
   * Whether the app's own job runners work the queue, as the server's do. The queue's suite turns them off: its
   * runners of their own would otherwise race the app's speech runner for the very jobs they test.
   */
  runJobs?: boolean;
} = {}) => {
  // A copy of the run's seeded demo (seed-template.ts, vitest's global setup).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-test-'));
  /** The DNS TXT records the suite's domains hold (name → values), as a suite sets them. */
  const dnsRecords = new Map<string, string[]>();
  const searchCache = createSearchCache();
  const searchTrigrams = createSearchTrigrams();
  let dbName: string | undefined;
  cpSync(inject(process.env.TEST_DB === 'postgres' ? 'seedPgDir' : 'seedDir'), dataDir, { recursive: true });
  if (process.env.TEST_DB === 'postgres') {
    dbName = `coach_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('seedDatabase')}`);
    await admin.end();
  }
  const { db, kind } = connect({ dataDir, databaseUrl: dbName ? databaseUrl(dbName) : undefined });
  const storage = localStorage({ dataDir, secret: 'test-upload-secret' });
  if (!hearSeed) await db.deleteFrom('jobs').where('kind', '=', 'speech-analysis').execute();
  const { mail, sms } = createMail({ outboxDir: path.join(dataDir, 'outbox') });
  const background = createBackground();
  const speech = workerSpeech();
  const jobs = { poke: () => {} };
  const deps: Deps = {
    db,
    dbKind: kind,
    mail,
    sms: smsProvider ?? sms,
    dns: mapResolver(dnsRecords),
    tokens: createTokens('test-secret-test-secret-test-secret'),
    storage,
    background,
    site: {
      changed: () => {
        searchCache.clear();
        searchTrigrams.courses.stale();
      },
    },
    searchCache,
    searchTrigrams,
    ...(payments ? { payments, testPayments: null } : paymentsFor(db, {})),
    coach: coach ?? builtinCoach(),
    speech,
    jobs,
    config: {
      dataDir,
      publicUrl: 'http://localhost:3000',
      trustProxy: true,
      marketplaceHosts: [],
      dashboardDir: null,
      marketplaceDir: null,
      production: false,
      devOutbox: false,
      quiet: true,
      // Production's rule (private addresses refused); suites with receivers on 127.0.0.1 switch it on.
      integrations: { secret: 'test-integrations-secret', allowPrivateAddresses: false, timeoutMs: 2000 },
      // Every answer of every test is checked against its contract schema: a mismatch fails the test, not a client.
      validateResponses: true,
    },
  };
  const app = createApp(deps, { extraCalls });
  // The real job runner, as the server starts it: suites that record wait for it with `jobsIdle()`.
  // Retries of the suites' deliberately undecodable recordings are expected: not logged.
  const runner: JobRunner = runJobs
    ? startJobs(deps, { pollMs: 200, log: () => {} })
    : { poke: () => {}, idle: async () => {}, stop: async () => {} };
  jobs.poke = runner.poke;
  let ipCounter = 0;

  type Opts = {
    body?: unknown;
    raw?: string;
    /** A multipart body (the boundary header is set by the runtime). */
    form?: FormData;
    token?: string;
    adminToken?: string;
    ip?: string;
    /** More request headers (e.g. X-Client-Platform). */
    extraHeaders?: Record<string, string>;
  };
  const request = async (
    method: string,
    url: string,
    { body, raw, form, token, adminToken, ip = '10.0.0.1', extraHeaders = {} }: Opts = {},
  ) => {
    const headers: Record<string, string> = form
      ? { 'x-forwarded-for': ip, ...extraHeaders }
      : { 'content-type': 'application/json', 'x-forwarded-for': ip, ...extraHeaders };
    if (token) headers['x-access-token'] = token;
    if (adminToken) headers['x-admin-token'] = adminToken;
    const res = await app.request(url, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: form ?? raw ?? JSON.stringify(body ?? {}) }),
    });
    const json = (await res.json()) as TestEnvelope;
    // Mail sent after the answer (forgot password, register) is in the outbox before the test reads it.
    await background.idle();
    return { status: res.status, headers: res.headers, json };
  };

  /** The latest 6-digit code sent to `to` (mail or sms), read from the outbox like the e2e tests do. */
  const lastCode = (to: string) => {
    const dir = path.join(dataDir, 'outbox');
    const safe = to.replace(/[^a-zA-Z0-9@.+-]/g, '_');
    // A notice (a task assigned, feedback) carries no code: passed over.
    const files = readdirSync(dir)
      .filter((f) => f.includes(safe) && !f.includes('-notice-'))
      .sort();
    const last = files[files.length - 1];
    if (!last) throw new Error(`no message for ${to}`);
    // Any language: the message's only 6-digit number, in its body after the headers.
    const [, body = ''] = readFileSync(path.join(dir, last), 'utf8').split('\r\n\r\n');
    const match = /(?<!\d)(\d{6})(?!\d)/.exec(body);
    if (!match?.[1]) throw new Error('no code in message');
    return match[1];
  };
  const lastMail = (to: string) => {
    const dir = path.join(dataDir, 'outbox');
    const files = readdirSync(dir)
      .filter((f) => f.includes(to) && !f.includes('-notice-'))
      .sort();
    const last = files[files.length - 1];
    return last ? readFileSync(path.join(dir, last), 'utf8') : null;
  };

  const base = (audience: 'enterprise' | 'admin') => `/api/v1/${audience}`;
  const tokenOpt = (audience: 'enterprise' | 'admin', t: string) =>
    audience === 'admin' ? { adminToken: t } : { token: t };

  const preMfaLogin = async (
    email: string,
    audience: 'enterprise' | 'admin' = 'enterprise',
    ip = '10.0.0.1',
    password = 'Coach-demo-2026',
  ) => {
    const res = await request('POST', `${base(audience)}/login`, {
      body: { email, password },
      ip,
    });
    if (res.status !== 200) throw new Error(`login failed ${res.status} ${res.json.message}`);
    return res.json.response.accesstoken as string;
  };

  /** Logs in through the API: login → send-code by email → code from the outbox → verify-code. */
  const fullLogin = async (
    email: string,
    audience: 'enterprise' | 'admin' = 'enterprise',
    ip = '10.0.0.1',
    password?: string,
  ) => {
    const pre = await preMfaLogin(email, audience, ip, password);
    await request('POST', `${base(audience)}/mfa/auth/send-code`, {
      body: { contactMethod: 2 },
      ip,
      ...tokenOpt(audience, pre),
    });
    const res = await request('POST', `${base(audience)}/mfa/auth/verify-code`, {
      body: { code: lastCode(email) },
      ip,
      ...tokenOpt(audience, pre),
    });
    if (res.status !== 200) throw new Error(`verify failed ${res.status} ${res.json.message}`);
    return res.json.response.accesstoken as string;
  };

  /**
   * Signs in the seeded people most suites act as (spec §6 roles: Acme's default admin, its Staff and Learner
   * roles, and Globex's default admin as the other tenant), with their enterprise ids.
   */
  const signInSeeded = async (ip: string) => {
    const token = async (email: string) => fullLogin(email, 'enterprise', ip);
    const idOf = async (t: string) =>
      (
        (await request('GET', `${base('enterprise')}/general/auth/me`, { token: t, ip })).json.response as {
          _id: string;
        }
      )._id;
    const owner = await token('owner@acme.example');
    const staff = await token('staff@acme.example');
    const learner = await token('learner@acme.example');
    const globex = await token('owner@globex.example');
    return {
      owner,
      staff,
      learner,
      globex,
      ownerId: await idOf(owner),
      staffId: await idOf(staff),
      learnerId: await idOf(learner),
    };
  };

  const close = async () => {
    await runner.stop();
    await speech.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  };

  /** A second connection to the suite's database, as another server process sharing it would hold (close it). */
  const connectAgain = () => connect({ dataDir, databaseUrl: dbName ? databaseUrl(dbName) : undefined }).db;

  /** A fresh client IP per test so throttling in one test never leaks into another. */
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  return {
    app,
    deps,
    request,
    lastCode,
    lastMail,
    preMfaLogin,
    fullLogin,
    signInSeeded,
    close,
    connectAgain,
    freshIp,
    tokenOpt,
    dnsRecords,
    /** Resolves when every queued background job (speech analysis) is done. */
    jobsIdle: () => runner.idle(),
  };
};
