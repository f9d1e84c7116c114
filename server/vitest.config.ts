import { defineConfig } from 'vitest/config';

// The same suite runs twice: on a SQLite file and on a fresh PostgreSQL database (issue 2 §3).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
      { extends: true, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } },
    ],
  },
});
