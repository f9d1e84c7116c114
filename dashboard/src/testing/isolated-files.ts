/**
 * The test files that need modules loaded afresh, run apart and isolated; the rest of the suite shares its modules
 * from one file to the next (vitest.config.ts). isolated-files.test.ts fails on a file that mocks and is missing.
 */
export const ISOLATED_FILES = [
  // vi.mock takes effect only where the module it replaces is loaded afresh.
  'src/features/admin-reports/admin-reports.test.tsx',
  'src/features/auth/passkey-sign-in.test.tsx',
  'src/features/dashboard/dashboard-page.test.tsx',
  'src/features/dashboard/getting-started.test.tsx',
  'src/features/dashboard/my-progress.test.tsx',
  'src/features/members/member-detail-page.test.tsx',
  'src/features/members/speaking-trend.test.tsx',
  'src/features/profile/passkeys-card.test.tsx',
  'src/features/reports/reports-page.test.tsx',
  // Checks which languages the i18n instance has loaded since the page opened.
  'src/i18n/languages.test.ts',
];
