import { defineConfig, devices } from '@playwright/test';
import {
  BROWSER_ARGS,
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_WORKERS,
  e2eServer,
  REPO_ROOT,
} from './support/env.ts';

/**
 * Journeys run against the one-process server (API + built dashboard + built site) with the demo seed,
 * in Debian's Chromium (its headless shell, support/env.ts). Each worker has a server of its own (support/env.ts), started on a fresh data folder
 * every run; a spec file runs whole in one worker, so its journeys may build on each other.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed journey keeps its trace: each action with the page's DOM before and after it. Without the screencast
    // (screenshots: false): recording its frames in every journey, kept or not, more than doubled the CPU the
    // journeys took (38 s against 16 s without a trace for two specs, 20 s with DOM snapshots only), and the
    // failure's own screenshot is kept anyway.
    // In CI no trace at all: a clean clone's run is read from its log and the failure's screenshot, and the DOM
    // snapshots cost a fifth of the journeys' CPU on two cores (the whole test command neared 30 minutes).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    // Every context (the journeys' own too) asks for reduced motion, which the product honours everywhere (the axe
    // walk checks it): no spinner turning or toast sliding for the browser to draw on two busy cores. Five spec files
    // took 3.5 min instead of 4.2 on two workers (one run each).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: BROWSER_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    return {
      command: `rm -rf "${server.dataDir}" && pnpm --dir "${REPO_ROOT}/server" exec tsx src/main.ts`,
      // Ready once the marketplace site is published too (the server builds it in the background).
      url: `${server.baseUrl}/marketplace/home`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        // By name, not address: the public URL's hostname is the passkeys' relying party. Links in
        // mails point there; the journeys read only their paths.
        PUBLIC_URL: server.namedUrl,
        NODE_ENV: 'test',
        // Each server builds the marketplace into its own folder; Astro's cache is its own too (astro.config).
        SITE_CACHE_DIR: `${server.dataDir}/site-cache`,
        // Journeys change a course and look at the marketplace at once, again and again: each change builds when
        // asked, with no gap after the last build (site-publisher.test.ts holds the gap of a production server).
        SITE_BUILD_GAP_SECONDS: '0',
        // Every answer is checked against its contract schema, as in the server suite.
        VALIDATE_RESPONSES: '1',
        // The webhooks journey's receivers listen on 127.0.0.1: private addresses allowed for it.
        WEBHOOKS_ALLOW_PRIVATE: '1',
        // The single sign-on journey's identity provider listens on 127.0.0.1 too.
        SSO_ALLOW_PRIVATE: '1',
        // ...and its DNS server, which holds the record proving the journey's email domain (port + 500).
        SSO_DNS_SERVERS: `127.0.0.1:${server.port + 500}`,
      },
    };
  }),
});
