import { existsSync } from 'node:fs';
import { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createTokens, loadSecret } from './auth/tokens.ts';
import { createBackground } from './background.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrations.ts';
import type { Deps } from './deps.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { coachFor } from './providers/coach.ts';
import { dnsResolver } from './providers/dns.ts';
import { createMail } from './providers/mail.ts';
import { paymentsFor } from './providers/payments.ts';
import { speechFor } from './providers/speech/index.ts';
import { workerSpeech } from './providers/speech/worker.ts';
import { createStorage } from './providers/storage.ts';
import { createSearchCache } from './search-cache.ts';
import { createSearchTrigrams } from './search-trigrams.ts';
import { DEMO_LOGINS, seedDemo } from './seed/seed.ts';
import { exitOnSignals, gracefulServer } from './shutdown.ts';
import { createSitePublisher, type SitePublisher } from './site-publisher.ts';

/** The folder holding pnpm-workspace.yaml (relative defaults resolve from there), else cwd. */
export const findRepoRoot = (from = process.cwd()) => {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
};

export type StartOptions = {
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  smtpUrl?: string;
  jwtSecret?: string;
  publicUrl?: string;
  marketplaceHosts?: string[];
  dashboardDir?: string | null;
  marketplaceDir?: string | null;
  trustProxy?: boolean;
  quiet?: boolean;
  seed?: boolean;
  supportEmail?: string;
  /** DEV_OUTBOX=1: serve the outbox's web view at /dev/outbox to loopback callers (off by default). */
  devOutbox?: boolean;
  /**
   * Build the marketplace site in the background against this server and publish it (default: on when the
   * site's sources are here and no fixed marketplaceDir is given; SITE_BUILD=0 turns it off).
   */
  buildSite?: boolean;
  /** STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY): Stripe instead of the embedded test mode. */
  paymentEnv?: Record<string, string | undefined>;
  /** COACH_API_URL, COACH_API_KEY, COACH_MODEL, COACH_TRANSCRIBE_MODEL (built-in engine without them). */
  coachEnv?: Record<string, string | undefined>;
  /** S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_PUBLIC_URL: an S3-compatible bucket instead of DATA_DIR/uploads. */
  storageEnv?: Record<string, string | undefined>;
  /** API_KEY_RATE_LIMIT: requests an API key may make per minute (default 600). */
  apiKeyRateLimit?: number;
  /** JOB_LEASE_MS: how long a background job is held by the process that claimed it (default 5 minutes). */
  jobLeaseMs?: number;
  /** WEBHOOKS_ALLOW_PRIVATE=1: webhooks and the LRS may be on private networks and plain http. */
  webhooksAllowPrivate?: boolean;
  /** SSO_ALLOW_PRIVATE=1: single sign-on's identity providers may be on private networks and plain http. */
  ssoAllowPrivate?: boolean;
  /** SSO_DNS_SERVERS: the DNS servers that prove single sign-on domains (comma-separated; the system's by default). */
  ssoDnsServers?: string[];
  /** WEBHOOK_TIMEOUT_MS: how long one webhook or xAPI POST may take (default 10 s). */
  webhookTimeoutMs?: number;
  /** SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM, SMS_API_URL: a Twilio-compatible SMS provider instead of the outbox. */
  smsEnv?: Record<string, string | undefined>;
  /** VALIDATE_RESPONSES=1: every answer is checked against its contract schema (the e2e servers; off by default). */
  validateResponses?: boolean;
  /** WEBAUTHN_ORIGINS: origins besides PUBLIC_URL's whose pages may use passkeys. */
  webauthnOrigins?: string[];
};

/** Migrates, seeds an empty database, and listens. Used by main and by e2e/bench scripts. */
export const startServer = async (options: StartOptions = {}) => {
  const root = findRepoRoot();
  const port = options.port ?? 3000;
  const publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');
  // Checked before anything starts: a browser uses a passkey only on a page whose host is the relying party's id
  // (PUBLIC_URL's hostname) or below it, so an origin elsewhere in WEBAUTHN_ORIGINS is a mistake.
  const rpId = new URL(publicUrl).hostname;
  for (const origin of options.webauthnOrigins ?? []) {
    const host = new URL(origin).hostname;
    if (host !== rpId && !host.endsWith(`.${rpId}`))
      throw new Error(
        `WEBAUTHN_ORIGINS: ${origin} is not on ${rpId} (PUBLIC_URL's host), so no browser would allow it`,
      );
  }
  const dataDir = path.resolve(root, options.dataDir ?? 'data');
  const { db, kind } = connect({ dataDir, databaseUrl: options.databaseUrl });
  await migrateToLatest(db as never);
  const { mail, sms } = createMail({
    smtpUrl: options.smtpUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    smsEnv: options.smsEnv ?? {},
  });
  const secret = loadSecret({ jwtSecret: options.jwtSecret, dataDir });
  const storage = createStorage({ env: options.storageEnv ?? {}, dataDir, secret: `${secret}:uploads` });
  const empty = !(await db.selectFrom('enterprises').select('id').limit(1).executeTakeFirst());
  if (options.seed !== false && empty) await seedDemo(db, { storage });
  const siteSource = path.join(root, 'sites/marketplace');
  const publishing =
    options.marketplaceDir === undefined &&
    options.buildSite !== false &&
    existsSync(path.join(siteSource, 'node_modules/.bin/astro'));
  let publisher: SitePublisher | undefined;
  const background = createBackground();
  const coachEnv = options.coachEnv ?? {};
  // The embedded engine runs in its own thread; a configured service is called from here.
  const speech = coachEnv.COACH_API_URL ? speechFor(coachEnv) : workerSpeech();
  const jobs = { poke: () => {} };
  const searchCache = createSearchCache();
  const searchTrigrams = createSearchTrigrams();
  const deps: Deps = {
    db,
    dbKind: kind,
    mail,
    sms,
    dns: dnsResolver(options.ssoDnsServers ?? []),
    tokens: createTokens(secret),
    // Upload addresses are signed with their own key derived from the secret.
    storage,
    background,
    site: {
      changed: () => {
        searchCache.clear();
        searchTrigrams.courses.stale();
        publisher?.changed();
      },
    },
    searchCache,
    searchTrigrams,
    ...paymentsFor(db, options.paymentEnv ?? {}),
    coach: coachFor(coachEnv),
    speech,
    jobs,
    config: {
      dataDir,
      publicUrl,
      trustProxy: options.trustProxy ?? false,
      marketplaceHosts: options.marketplaceHosts ?? [],
      dashboardDir:
        options.dashboardDir === undefined ? path.join(root, 'dashboard/dist') : options.dashboardDir,
      marketplaceDir:
        options.marketplaceDir !== undefined
          ? options.marketplaceDir
          : publishing
            ? () => publisher?.dir() ?? null
            : path.join(root, 'sites/marketplace/dist'),
      production: process.env.NODE_ENV === 'production',
      devOutbox: options.devOutbox ?? false,
      quiet: options.quiet ?? false,
      supportEmail: options.supportEmail ?? 'support@coach.example',
      ...(options.apiKeyRateLimit ? { apiKeyRateLimit: options.apiKeyRateLimit } : {}),
      validateResponses: options.validateResponses ?? false,
      ssoAllowPrivate: options.ssoAllowPrivate ?? false,
      webauthnOrigins: options.webauthnOrigins ?? [],
      integrations: {
        secret,
        allowPrivateAddresses: options.webhooksAllowPrivate ?? false,
        timeoutMs: options.webhookTimeoutMs ?? 10_000,
      },
    },
  };
  const app = createApp(deps);
  // Background jobs resume here after a restart: what a crash left is taken again when its lease runs out.
  const runner = startJobs(deps, options.jobLeaseMs ? { leaseMs: options.jobLeaseMs } : {});
  jobs.poke = runner.poke;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port }, () => resolve(s));
  });
  if (!(server instanceof Server)) throw new Error('Expected an HTTP/1.1 server');
  const graceful = gracefulServer(server);
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  if (publishing)
    publisher = createSitePublisher({
      siteSource,
      outRoot: path.join(dataDir, 'site'),
      apiUrl: `http://127.0.0.1:${actualPort}`,
      ...(options.quiet ? { log: () => {} } : {}),
    });
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    deps,
    publisher: () => publisher,
    /**
     * Graceful stop: answers the requests in flight (with `Connection: close`), closes idle keep-alive
     * sockets, ends a site build under way, then closes the database once nothing can use it any more.
     */
    close: async () => {
      const [report] = await Promise.all([graceful.shutdown(), publisher?.stop(), runner.stop()]);
      // Mail a call handed to the background goes out before the database closes.
      await background.idle();
      if ('close' in speech && typeof speech.close === 'function') await speech.close();
      await db.destroy();
      return report;
    },
  };
};

/** JOB_LEASE_MS as a whole number of milliseconds; anything else stops the start rather than being guessed at. */
const leaseOf = (value: string) => {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error('JOB_LEASE_MS must be a whole number of at least 1000 ms');
  return ms;
};

/** API_KEY_RATE_LIMIT as a whole number of requests per minute, at least 1. */
const rateLimitOf = (value: string) => {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error('API_KEY_RATE_LIMIT must be a whole number of requests per minute, at least 1');
  return limit;
};

/** WEBAUTHN_ORIGINS: comma-separated origins (scheme, host and port, no path); anything else stops the start. */
const originsOf = (value: string) =>
  value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const origin = URL.canParse(o) ? new URL(o).origin : 'null';
      if (origin === 'null' || origin !== o.replace(/\/$/, ''))
        throw new Error(`WEBAUTHN_ORIGINS: "${o}" is not an origin such as http://localhost:5173`);
      return origin;
    });

/** WEBHOOK_TIMEOUT_MS as a whole number of milliseconds between 1 s and 60 s. */
const timeoutOf = (value: string) => {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000 || ms > 60_000)
    throw new Error('WEBHOOK_TIMEOUT_MS must be a whole number from 1000 to 60000');
  return ms;
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const env = process.env;
  const running = await startServer({
    port: env.PORT ? Number(env.PORT) : 3000,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL,
    marketplaceHosts: (env.MARKETPLACE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    ...(env.STATIC_DASHBOARD_DIR ? { dashboardDir: env.STATIC_DASHBOARD_DIR } : {}),
    ...(env.STATIC_MARKETPLACE_DIR ? { marketplaceDir: env.STATIC_MARKETPLACE_DIR } : {}),
    trustProxy: env.TRUST_PROXY === '1',
    quiet: env.LOG_REQUESTS === '0',
    ...(env.SUPPORT_EMAIL ? { supportEmail: env.SUPPORT_EMAIL } : {}),
    devOutbox: env.DEV_OUTBOX === '1',
    storageEnv: env,
    smsEnv: env,
    paymentEnv: env,
    coachEnv: env,
    buildSite: env.SITE_BUILD !== '0',
    ...(env.JOB_LEASE_MS ? { jobLeaseMs: leaseOf(env.JOB_LEASE_MS) } : {}),
    ...(env.API_KEY_RATE_LIMIT ? { apiKeyRateLimit: rateLimitOf(env.API_KEY_RATE_LIMIT) } : {}),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    ssoAllowPrivate: env.SSO_ALLOW_PRIVATE === '1',
    ...(env.SSO_DNS_SERVERS
      ? {
          ssoDnsServers: env.SSO_DNS_SERVERS.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
    ...(env.WEBHOOK_TIMEOUT_MS ? { webhookTimeoutMs: timeoutOf(env.WEBHOOK_TIMEOUT_MS) } : {}),
    validateResponses: env.VALIDATE_RESPONSES === '1',
    webauthnOrigins: originsOf(env.WEBAUTHN_ORIGINS ?? ''),
  });
  console.log(`Coach is running on ${running.url} (database: ${running.deps.dbKind})`);
  if (running.deps.config.devOutbox)
    console.log(`DEV_OUTBOX=1: mail and codes at ${running.url}/dev/outbox (this machine only)`);
  else console.log(`Mail and codes: files in ${path.join(running.deps.config.dataDir, 'outbox')}`);
  console.log('Demo logins (password for all):');
  for (const login of DEMO_LOGINS)
    console.log(
      `  ${login.who.padEnd(22)} ${login.email.padEnd(24)} ${login.password}  ${running.url}${login.url}`,
    );
  exitOnSignals({ stop: running.close });
}
