/** What a process does: everything (one box), answer HTTP only, or take background jobs only. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** How startServer is started: main.ts reads them from the environment (start/from-env.ts), tests pass them. */
export type StartOptions = {
  /**
   * ROLE: `all` (one box: HTTP and background jobs), `api` (HTTP only; its jobs are taken by a worker) or
   * `worker` (background jobs only, and a health check on `port`).
   */
  role?: Role;
  /** WORKER_CONCURRENCY: recordings a worker hears at once (default one on the embedded engine, four on a service). */
  workerConcurrency?: number;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM the health check says not-ready at once, and for this long the server still
   * answers (each answer with `Connection: close`) while a proxy moves its traffic elsewhere; then it stops.
   */
  shutdownDrainMs?: number;
  /** SITE_ORIGINS: origins of the static marketplace on another host (a CDN) whose pages may call the public API. */
  siteOrigins?: string[];
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
  /** SITE_BUILD_GAP_SECONDS: the least time between the starts of two marketplace builds (default 30 s). */
  siteBuildGapMs?: number;
  /** STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY): Stripe instead of the embedded test mode. */
  paymentEnv?: Record<string, string | undefined>;
  /** COACH_API_URL, COACH_API_KEY, COACH_MODEL, COACH_TRANSCRIBE_MODEL (built-in engine without them). */
  coachEnv?: Record<string, string | undefined>;
  /** S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_PUBLIC_URL: an S3-compatible bucket instead of DATA_DIR/uploads. */
  storageEnv?: Record<string, string | undefined>;
  /** API_KEY_RATE_LIMIT: requests an API key may make per minute (default 600). */
  apiKeyRateLimit?: number;
  /** SCIM_RATE_LIMIT: requests a SCIM token may make per minute (default 600). */
  scimRateLimit?: number;
  /** LTI_KEY_DAYS: days the tool's LTI signing key is used before a new one replaces it (default 90). */
  ltiKeyDays?: number;
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
