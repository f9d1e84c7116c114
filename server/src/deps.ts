import type { Tokens } from './auth/tokens.ts';
import type { Background } from './background.ts';
import type { Db, DbKind } from './db/connect.ts';
import type { CoachEngine } from './providers/coach.ts';
import type { TxtResolver } from './providers/dns.ts';
import type { MailProvider } from './providers/mail.ts';
import type { PaymentProvider, testPayments } from './providers/payments.ts';
import type { SpeechProvider } from './providers/speech/index.ts';
import type { StorageProvider } from './providers/storage.ts';
import type { SearchCache } from './search-cache.ts';
import type { SearchTrigrams } from './search-trigrams.ts';

export type AppConfig = {
  dataDir: string;
  publicUrl: string;
  trustProxy: boolean;
  marketplaceHosts: string[];
  dashboardDir: string | null;
  /** The built marketplace site: a fixed folder, or the publisher's current build (null while the first runs). */
  marketplaceDir: string | null | (() => string | null);
  production: boolean;
  /** DEV_OUTBOX=1: the outbox's web view at /dev/outbox, for callers on loopback only (off by default). */
  devOutbox: boolean;
  quiet: boolean;
  /** Requests an API key may make per minute (API_KEY_RATE_LIMIT; default 600). */
  apiKeyRateLimit?: number;
  /** Requests a SCIM token may make per minute (SCIM_RATE_LIMIT; default 600). */
  scimRateLimit?: number;
  /** Days the tool's LTI signing key is used before a new one replaces it (LTI_KEY_DAYS; default 90). */
  ltiKeyDays?: number;
  /**
   * Whether every success's response is checked against its contract schema before it goes out (the test app turns
   * it on for every test): a mismatch is a loud 500 naming the call and the issue. Off in production (no cost).
   */
  validateResponses?: boolean;
  /** Where /enterprise/help messages go (SUPPORT_EMAIL; default support@coach.example). */
  supportEmail?: string;
  /**
   * Origins besides publicUrl's that may use passkeys (WEBAUTHN_ORIGINS): the dashboard's dev server,
   * say. Their hostname must be publicUrl's or end with it, as WebAuthn requires of an RP ID.
   */
  webauthnOrigins?: string[];
  /** Origins of the static marketplace on another host (SITE_ORIGINS): its calls answer CORS for them only. */
  siteOrigins?: string[];
  /** Webhooks and xAPI; without it events are not sent anywhere. */
  integrations?: IntegrationsConfig;
  /**
   * Single sign-on, SSO_ALLOW_PRIVATE=1: identity providers on private networks and plain http are
   * allowed (an intranet's provider, the tests'); by default, as for webhooks, only public https addresses.
   */
  ssoAllowPrivate?: boolean;
};

export type IntegrationsConfig = {
  /** Derives the key that encrypts stored signing secrets and LRS keys. */
  secret: string;
  /** WEBHOOKS_ALLOW_PRIVATE=1: receivers on private networks and plain http are allowed (tests, intranets). */
  allowPrivateAddresses: boolean;
  /** How long one POST may take (WEBHOOK_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
};

/** What every handler may use; built once per process (or per test file). */
export type Deps = {
  db: Db;
  dbKind: DbKind;
  tokens: Tokens;
  mail: MailProvider;
  sms: MailProvider;
  /** TXT records, for proving an email domain is an enterprise's (single sign-on). */
  dns: TxtResolver;
  /** Where uploaded files live: DATA_DIR/uploads, or an S3 bucket when S3_BUCKET is set. */
  storage: StorageProvider;
  /** Course payments: Stripe when configured, else the embedded test mode (whose confirm step is here). */
  payments: PaymentProvider;
  testPayments: ReturnType<typeof testPayments> | null;
  /** Task drafting and pronunciation scoring: the built-in engine, or an OpenAI-compatible one (COACH_API_URL). */
  coach: CoachEngine;
  /** Hears recordings: the embedded engine in a worker thread, or an OpenAI-compatible service. */
  speech: SpeechProvider;
  /** The background job queue: `poke` after enqueueing so the work starts now rather than at the next poll. */
  jobs: { poke: () => void };
  /** Whether the process is draining before a stop (its health check then says not-ready); absent in tests. */
  lifecycle?: { draining: () => boolean };
  /** Work started by a call and finished after its answer (mail whose timing would reveal accounts). */
  background: Background;
  /** Tells the marketplace publisher that courses or institutions changed (and empties the search cache). */
  site: { changed: () => void };
  /** The marketplace search's recent answers (search-cache.ts). */
  searchCache: SearchCache;
  /** Samples of the searched texts' trigrams, steering the searches' index lookups (search-trigrams.ts). */
  searchTrigrams: SearchTrigrams;
  config: AppConfig;
};
