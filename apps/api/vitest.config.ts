import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share its modules: each file importing the whole app anew cost a minute a run.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // Cheaper password hashes (2^12 instead of 2^17): the suites log in thousands of times.
    env: { PASSWORD_HASH_COST: '12' },
  },
});
