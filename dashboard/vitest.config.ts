import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Screens driven by user-event through whole forms take a few seconds on two busy cores; 5 s was too tight
      // there (a timing is never what these tests check).
      testTimeout: 15_000,
      // At least two files at a time (Vitest's default leaves one core idle, so one file ran at a time on two
      // cores): 77 s instead of 135 s here.
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  }),
);
