import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The screenshot tour: every built screen at 1280 and 390 px, written to e2e/screens/ for a person to look at.
 * Not part of `pnpm test`; run with `pnpm --filter @coach/e2e tour`.
 */
export default defineConfig({
  ...base,
  testDir: './tour',
  testMatch: '**/*.tour.ts',
  reporter: [['list']],
  projects: [
    { name: 'desktop', use: { ...base.use, viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...base.use, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
