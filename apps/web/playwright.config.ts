import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const webDir = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two runs on one machine each have their own server.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh data folder (database, stored files, mail outbox) for each run. The runner loads this
 * file again in every worker; the environment carries the folder over, so the tests read the
 * outbox that the server writes.
 */
const DATA_DIR_ENV = 'CLEARPORT_E2E_DATA_DIR';
if (!process.env[DATA_DIR_ENV]) {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/clearport-e2e-`);
  process.env[DATA_DIR_ENV] = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The built portal: the API serving apps/web/dist, as in production.
    command: 'node ../api/dist/server.js',
    cwd: webDir,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env[DATA_DIR_ENV]!,
      WEB_DIR: path.join(webDir, 'dist'),
      LOG_LEVEL: 'warn',
    },
  },
});
