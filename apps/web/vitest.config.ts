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
    },
  }),
);
