import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/browser-session.ts';

/**
 * Each worker starts its own built portal on its own port and data folder (e2e/fixtures.ts), a copy of
 * the one global setup seeded, so the files spread over workers while the tests within a file keep
 * their order. E2E_WORKERS sets how many.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Recording a trace of every test made the suite about a third slower on two cores, so none is
 * recorded unless E2E_TRACE asks (`E2E_TRACE=retain-on-failure npm run test:e2e` to look into a
 * failure); a failing test still leaves a screenshot.
 */
const TRACE_MODES = ['off', 'on', 'retain-on-failure'] as const;
const TRACE = TRACE_MODES.find((mode) => mode === process.env.E2E_TRACE) ?? 'off';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The limits stop a hang; a machine that other work keeps busy draws and answers several times slower.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: './test-results',
  use: {
    headless: true,
    trace: TRACE,
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
