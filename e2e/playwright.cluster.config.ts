import { defineConfig, devices } from '@playwright/test';
import { BROWSER_ARGS, CHROMIUM_PATH } from './support/env.ts';

/**
 * The cluster test (cluster/): the reference deployment on one machine, started by the spec itself (nginx, two API
 * processes, a worker, PostgreSQL, an S3 server, the site on its own origin), then nodes killed and restarted.
 */
export default defineConfig({
  testDir: './cluster',
  outputDir: './test-results/cluster',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: BROWSER_ARGS },
  },
  projects: [{ name: 'cluster', use: { ...devices['Desktop Chrome'] } }],
});
