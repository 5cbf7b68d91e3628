import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-tests.ts'],
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
      // Both cores: by default a run keeps one free, which leaves these tests in one worker here.
      maxWorkers: 2,
      // The files of a worker share its modules and jsdom: a fresh one per file tripled the run's time.
      isolate: false,
      // A shared two-core machine can run a test several times slower than an idle one: 5 s (the
      // default) failed tests that take a second or two alone.
      testTimeout: 90_000,
      // The portal shows instants in the user's zone: the tests' user is in UTC wherever they run.
      env: { TZ: 'UTC' },
    },
  }),
);
