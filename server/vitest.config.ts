import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './src/testing/isolated-files.ts';

// The same suite runs twice: on a SQLite file and on a fresh PostgreSQL database.
export default defineConfig({
  test: {
    // A hang guard, not a timing (the tests that hold a time assert it themselves): the speech engine's tests take
    // 20-30 s alone on two busy cores, and with several files at once a minute of speech heard passed 30 s.
    testTimeout: 90_000,
    // Vitest runs one file at a time on a 2-core machine (its default is one worker fewer than the cores): with two
    // the suite took 4.8 min instead of 7.7 here, the database server taking the slack. More than the cores, since
    // many files wait on PostgreSQL, a child process or a timer more than they compute: on 2 cores two workers took
    // 620 s with the CPU idle a third of the time, four took 478-482 s with it always busy; three keep most of that
    // with less crowding for the speech engine's tests.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    hookTimeout: 60_000,
    // The seeded demo is made once per project and copied by every test app (src/testing/seed-template.ts).
    globalSetup: ['src/testing/seed-template.ts'],
    // Files share their modules within a worker (isolate: false): a fresh import of the server for each of 177 files
    // was a third of the suite's time (564 s against 356 s on a slow 2-core machine). Every test app has its own
    // database and settings; the files that replace a module with vi.mock, which takes effect only where the module
    // is loaded afresh, run in projects of their own, isolated (src/testing/isolated-files.ts).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { TEST_DB: 'sqlite' },
          exclude: [...configDefaults.exclude, ...ISOLATED_FILES],
        },
      },
      {
        extends: true,
        test: { name: 'sqlite-isolated', env: { TEST_DB: 'sqlite' }, isolate: true, include: ISOLATED_FILES },
      },
      {
        extends: true,
        test: {
          name: 'postgres-isolated',
          env: { TEST_DB: 'postgres' },
          isolate: true,
          include: ISOLATED_FILES,
        },
      },
      // The site publisher builds the Astro site; it does not depend on the database kind, and two
      // builds of one source folder at once would share Astro's cache, so it runs in one project only.
      // The SIGTERM test runs the server process on its default SQLite database: one project is enough.
      // Speech analytics and the phone judging are pure (no database): one run says all. So is the speech engine.
      // The kill -9 tests (speech, webhooks) run server processes on their default SQLite database, like the SIGTERM test.
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { TEST_DB: 'postgres' },
          exclude: [
            ...configDefaults.exclude,
            ...ISOLATED_FILES,
            'src/site-publisher.test.ts',
            'src/shutdown-process.test.ts',
            'src/jobs/kill-recovery.test.ts',
            'src/jobs/webhook-restart.test.ts',
            // Several processes on one SQLite file: SQLite's own locking, whatever the project's database.
            'src/db/sqlite-processes.test.ts',
            'src/services/speech/speech-analytics.test.ts',
            // The speech engine's parts (recogniser, phone aligner, noise, prosody) hear audio, not a database.
            'src/providers/speech/**/*.test.ts',
            'src/services/speech/speech-phones.test.ts',
            // The interview heard whole (four synthesised answers, twice over, and a chat model) and the seed's
            // recordings heard: the speech engine's minutes, the same on either database. What they store (interview
            // turns, jobs, analyses) runs on PostgreSQL in tasks, jobs and speech-analysis tests (65 s and 27 s saved).
            'src/routes/interview.test.ts',
            'src/seed/seed-recordings.test.ts',
          ],
        },
      },
    ],
  },
});
