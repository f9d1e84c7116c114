import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './support/env.ts';

/**
 * Journeys run against the one-process server (API + built dashboard + built site) with the demo seed,
 * in Debian's Chromium. The server starts on a fresh data folder every run.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        // Recorded tasks: a fake microphone that needs no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && pnpm --dir "${REPO_ROOT}/server" exec tsx src/main.ts`,
    // Ready once the marketplace site is published too (the server builds it in the background).
    url: `${E2E_BASE_URL}/marketplace/home`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      NODE_ENV: 'test',
      // The webhooks journey's receivers listen on 127.0.0.1 (issue 20): private addresses allowed for it.
      WEBHOOKS_ALLOW_PRIVATE: '1',
    },
  },
});
