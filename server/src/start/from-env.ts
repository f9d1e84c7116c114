import { ROLES, type Role, type StartOptions } from './options.ts';

/** A whole number within bounds, or the start stops with the rule it broke rather than guessing. */
const wholeNumber = (name: string, value: string, min: number, max: number, unit: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number ${unit} from ${min} to ${max}`);
  return n;
};

/** WEBAUTHN_ORIGINS, SITE_ORIGINS: comma-separated origins (scheme, host and port, no path). */
export const originsOf = (name: string, value: string) =>
  value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const origin = URL.canParse(o) ? new URL(o).origin : 'null';
      if (origin === 'null' || origin !== o.replace(/\/$/, ''))
        throw new Error(`${name}: "${o}" is not an origin such as http://localhost:5173`);
      return origin;
    });

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const roleOf = (value: string | undefined): Role => {
  const role = (value ?? 'all').trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) throw new Error('ROLE must be all, api or worker');
  return role as Role;
};

/** The server's settings from its environment (docs/configuration.md lists them all). */
export const optionsFromEnv = (env: NodeJS.ProcessEnv): StartOptions => {
  const role = roleOf(env.ROLE);
  const port = env.PORT ? wholeNumber('PORT', env.PORT, 0, 65_535, '') : 3000;
  return {
    role,
    // A worker answers only its health check, on WORKER_HEALTH_PORT (PORT's default otherwise).
    port:
      role === 'worker' && env.WORKER_HEALTH_PORT
        ? wholeNumber('WORKER_HEALTH_PORT', env.WORKER_HEALTH_PORT, 0, 65_535, '')
        : port,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL,
    marketplaceHosts: list(env.MARKETPLACE_HOSTS).map((h) => h.toLowerCase()),
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
    ...(env.SITE_BUILD_GAP_SECONDS
      ? {
          siteBuildGapMs:
            wholeNumber('SITE_BUILD_GAP_SECONDS', env.SITE_BUILD_GAP_SECONDS, 0, 3600, 'of seconds') * 1000,
        }
      : {}),
    ...(env.JOB_LEASE_MS
      ? { jobLeaseMs: wholeNumber('JOB_LEASE_MS', env.JOB_LEASE_MS, 1000, 24 * 3_600_000, 'of ms') }
      : {}),
    ...(env.API_KEY_RATE_LIMIT
      ? {
          apiKeyRateLimit: wholeNumber(
            'API_KEY_RATE_LIMIT',
            env.API_KEY_RATE_LIMIT,
            1,
            1_000_000,
            'of requests per minute',
          ),
        }
      : {}),
    ...(env.LTI_KEY_DAYS
      ? { ltiKeyDays: wholeNumber('LTI_KEY_DAYS', env.LTI_KEY_DAYS, 1, 3650, 'of days') }
      : {}),
    ...(env.SCIM_RATE_LIMIT
      ? {
          scimRateLimit: wholeNumber(
            'SCIM_RATE_LIMIT',
            env.SCIM_RATE_LIMIT,
            1,
            1_000_000,
            'of requests per minute',
          ),
        }
      : {}),
    ...(env.WORKER_CONCURRENCY
      ? { workerConcurrency: wholeNumber('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, 1, 64, 'of jobs') }
      : {}),
    ...(env.SHUTDOWN_DRAIN_MS
      ? { shutdownDrainMs: wholeNumber('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0, 120_000, 'of ms') }
      : {}),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    ssoAllowPrivate: env.SSO_ALLOW_PRIVATE === '1',
    ...(env.SSO_DNS_SERVERS ? { ssoDnsServers: list(env.SSO_DNS_SERVERS) } : {}),
    ...(env.WEBHOOK_TIMEOUT_MS
      ? { webhookTimeoutMs: wholeNumber('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 1000, 60_000, 'of ms') }
      : {}),
    validateResponses: env.VALIDATE_RESPONSES === '1',
    webauthnOrigins: originsOf('WEBAUTHN_ORIGINS', env.WEBAUTHN_ORIGINS ?? ''),
    siteOrigins: originsOf('SITE_ORIGINS', env.SITE_ORIGINS ?? ''),
  };
};
