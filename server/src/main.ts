import { existsSync } from 'node:fs';
import { Server } from 'node:http';
import path from 'node:path';
import { health } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createTokens, loadSecret } from './auth/tokens.ts';
import { createBackground } from './background.ts';
import { answerClientErrors } from './client-errors.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrations.ts';
import { withStartupLock } from './db/startup-lock.ts';
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
import { exitOnSignals, gracefulServer, HARD_DEADLINE_MS } from './shutdown.ts';
import { createSitePublisher, type SitePublisher } from './site-publisher.ts';
import { optionsFromEnv } from './start/from-env.ts';
import type { Role, StartOptions } from './start/options.ts';

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

export type { StartOptions } from './start/options.ts';

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
  const role = options.role ?? 'all';
  const dataDir = path.resolve(root, options.dataDir ?? 'data');
  const { db, kind } = connect({ dataDir, databaseUrl: options.databaseUrl });
  const { mail, sms } = createMail({
    smtpUrl: options.smtpUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    smsEnv: options.smsEnv ?? {},
  });
  const secret = loadSecret({ jwtSecret: options.jwtSecret, dataDir });
  const storage = createStorage({ env: options.storageEnv ?? {}, dataDir, secret: `${secret}:uploads` });
  // Processes that start together on one database migrate and seed it once: the others wait, then find it done.
  await withStartupLock(db, kind, async () => {
    await migrateToLatest(db as never);
    const empty = !(await db.selectFrom('enterprises').select('id').limit(1).executeTakeFirst());
    if (options.seed !== false && empty) await seedDemo(db, { storage });
  });
  const siteSource = path.join(root, 'sites/marketplace');
  const publishing =
    role !== 'worker' &&
    options.marketplaceDir === undefined &&
    options.buildSite !== false &&
    existsSync(path.join(siteSource, 'node_modules/.bin/astro'));
  let publisher: SitePublisher | undefined;
  const background = createBackground();
  const coachEnv = options.coachEnv ?? {};
  // The embedded engine runs in its own threads; a configured service is called from here. An API process never
  // hears a recording (a worker does), so it starts no engine.
  const speech =
    role === 'api'
      ? apiOnlySpeech()
      : coachEnv.COACH_API_URL
        ? speechFor(coachEnv)
        : workerSpeech({ threads: options.workerConcurrency ?? 1 });
  const jobs = { poke: () => {} };
  let draining = false;
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
    lifecycle: { draining: () => draining },
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
      ...(options.scimRateLimit ? { scimRateLimit: options.scimRateLimit } : {}),
      ...(options.ltiKeyDays ? { ltiKeyDays: options.ltiKeyDays } : {}),
      validateResponses: options.validateResponses ?? false,
      ssoAllowPrivate: options.ssoAllowPrivate ?? false,
      webauthnOrigins: options.webauthnOrigins ?? [],
      siteOrigins: options.siteOrigins ?? [],
      integrations: {
        secret,
        allowPrivateAddresses: options.webhooksAllowPrivate ?? false,
        timeoutMs: options.webhookTimeoutMs ?? 10_000,
      },
    },
  };
  // Background jobs resume here after a restart: what a crash left is taken again when its lease runs out. An API
  // process leaves them to the workers, which find them by polling.
  const runner =
    role === 'api'
      ? null
      : startJobs(deps, {
          ...(options.jobLeaseMs ? { leaseMs: options.jobLeaseMs } : {}),
          ...(options.workerConcurrency ? { speechConcurrency: options.workerConcurrency } : {}),
        });
  if (runner) jobs.poke = runner.poke;
  const server = await listen(role === 'worker' ? workerHealth(deps, role) : createApp(deps).fetch, port);
  const graceful = gracefulServer(server);
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  if (publishing)
    publisher = createSitePublisher({
      siteSource,
      outRoot: path.join(dataDir, 'site'),
      apiUrl: `http://127.0.0.1:${actualPort}`,
      ...(options.siteBuildGapMs !== undefined ? { minGapMs: options.siteBuildGapMs } : {}),
      ...(options.quiet ? { log: () => {} } : {}),
    });
  const drainMs = options.shutdownDrainMs ?? 0;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    role,
    deps,
    publisher: () => publisher,
    /** How long a stop may take: the drain, then the requests in flight and the rest. */
    deadlineMs: drainMs + HARD_DEADLINE_MS,
    /**
     * Graceful stop: the health check says not-ready and, for SHUTDOWN_DRAIN_MS, requests are still answered with
     * `Connection: close`; then no new connection is taken, the requests in flight are answered, idle keep-alive
     * sockets are closed, a site build under way ends, the job in hand finishes, and the database closes once
     * nothing can use it any more.
     */
    close: async () => {
      draining = true;
      graceful.drain();
      // No new job is taken from now on; the one in hand finishes (or its lease passes it to another worker).
      const jobsStopped = runner?.stop();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      const [report] = await Promise.all([graceful.shutdown(), publisher?.stop(), jobsStopped]);
      // Mail a call handed to the background goes out before the database closes.
      await background.idle();
      if ('close' in speech && typeof speech.close === 'function') await speech.close();
      await db.destroy();
      return report;
    },
  };
};

type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Listens on `port` (0: any free one) and answers with `fetch`. */
const listen = async (fetch: FetchHandler, port: number) => {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port }, () => resolve(s));
  });
  if (!(server instanceof Server)) throw new Error('Expected an HTTP/1.1 server');
  // A request Node refuses itself (headers past its limit, a malformed request line) gets the envelope too.
  answerClientErrors(server);
  // An idle kept-alive connection stays open past the idle time of the clients and proxies before it (60 s at
  // cloud load balancers): closed at Node's 5 s, a request a client sent on it at that moment met ECONNRESET (seen
  // in e2e). The headers' timeout stays above it, as Node asks; stopping closes idle connections (shutdown.ts).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
};

/** How long an idle kept-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;

/**
 * A worker's only HTTP: the health check at the API's path, ready while it takes jobs and 503 once it stops (so an
 * orchestrator neither routes to it nor restarts it mid-drain).
 */
const workerHealth =
  (deps: Deps, role: Role): FetchHandler =>
  (request) => {
    if (new URL(request.url).pathname !== health.path)
      return Response.json({ success: 0, message: 'Not found', code: ERROR_CODES.notFound }, { status: 404 });
    if (deps.lifecycle?.draining())
      return Response.json(
        { success: 0, message: 'Shutting down', code: ERROR_CODES.shuttingDown },
        { status: 503, headers: { 'retry-after': '5' } },
      );
    return Response.json({ success: 1, message: 'OK', response: { status: 'ok', db: deps.dbKind, role } });
  };

/** The speech provider of an API process: never called, as only workers hear recordings. */
const apiOnlySpeech = (): Deps['speech'] => ({
  kind: 'embedded',
  transcribe: async () => {
    throw new Error('ROLE=api does not hear recordings: a worker (ROLE=worker or all) does');
  },
});

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const running = await startServer(optionsFromEnv(process.env));
  if (running.role === 'worker')
    console.log(
      `Coach worker taking jobs; health at ${running.url}${health.path} (database: ${running.deps.dbKind})`,
    );
  else
    console.log(
      `Coach ${running.role === 'api' ? 'API' : 'is'} running on ${running.url} (database: ${running.deps.dbKind})`,
    );
  if (running.deps.config.devOutbox)
    console.log(`DEV_OUTBOX=1: mail and codes at ${running.url}/dev/outbox (this machine only)`);
  else console.log(`Mail and codes: files in ${path.join(running.deps.config.dataDir, 'outbox')}`);
  console.log('Demo logins (password for all):');
  for (const login of DEMO_LOGINS)
    console.log(
      `  ${login.who.padEnd(22)} ${login.email.padEnd(24)} ${login.password}  ${running.url}${login.url}`,
    );
  exitOnSignals({ stop: running.close, deadlineMs: running.deadlineMs });
}
