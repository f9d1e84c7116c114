import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { ISOLATED_FILES } from './src/testing/isolated-files.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      // Screens driven by user-event through whole forms take a few seconds on two busy cores; 5 s was too tight
      // there (a timing is never what these tests check).
      testTimeout: 15_000,
      // At least two files at a time (Vitest's default leaves one core idle, so one file ran at a time on two
      // cores): 77 s instead of 135 s here.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Worker threads that keep their modules from one file to the next: a fresh jsdom and a fresh import of the
      // app for each of 94 files cost more than the tests (177 s against 57 s on a slow 2-core machine). What a
      // test leaves behind is cleared after each one (src/testing/setup.ts); files that need modules afresh run apart (src/testing/isolated-files.ts).
      pool: 'threads',
      projects: [
        {
          extends: true,
          test: {
            name: 'shared-modules',
            isolate: false,
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, ...ISOLATED_FILES],
          },
        },
        { extends: true, test: { name: 'isolated', isolate: true, include: ISOLATED_FILES } },
      ],
    },
  }),
);
