import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { startBalancer, type Balancer } from '../test/balancer.ts';
import { apiDir, freePort, startServerProcess } from '../test/server-process.ts';
import { log, recreateDatabase } from './bench-kit.ts';
import { loginAsDemoPrimary } from './demo-server.ts';
import { drive } from './drive.ts';

/*
 * The shipments list at 16 connections (autocannon) on the demo data in one PostgreSQL database,
 * side by side in one run: one server process alone, the same process behind the round-robin
 * balancer of the tests (test/balancer.ts, which runs in this process beside autocannon: its own
 * cost), and two processes behind it (docs/decisions/0042-several-processes.md). The built server,
 * as deployed; the workers are off, so the list alone is measured. Three rounds after a warm-up;
 * each figure is the best round by median. Not a test: it prints figures. Build the server first.
 *
 *   npm run bench -- --lists processes
 */

const DATABASE_NAME = 'bench_processes';
const CONNECTIONS = 16;
const SECONDS = 5;
const ROUNDS = 3;

type Figures = { medianMs: number; p99Ms: number; rps: number };

if (!existsSync(path.join(apiDir, 'dist', 'server.js'))) {
  throw new Error('Build the server first: npm run build');
}

const databaseUrl = await recreateDatabase(DATABASE_NAME);
const storeDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-bench-store-'));
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
let balancers: Balancer[] = [];

/** dist/server.js over the bench's database and file store, in its own data folder; its origin. */
async function startProcess(seedDemo: boolean): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-bench-process-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  children.push(
    await startServerProcess({
      args: ['dist/server.js'],
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        STORAGE_URL: pathToFileURL(storeDir).href,
        TWO_FACTOR_KEY: twoFactorKey,
        SEED_DEMO: String(seedDemo),
        MAIL_WORKER: 'false',
        WEBHOOK_WORKER: 'false',
        LOG_LEVEL: 'warn',
      },
      output: [],
      timeoutMs: 300_000,
    }),
  );
  return `http://127.0.0.1:${port}`;
}

const twoFactorKey = randomBytes(32).toString('hex');
try {
  // The first seeds the demo data; the second starts on it.
  const first = await startProcess(true);
  const second = await startProcess(false);
  const alone = await startBalancer([first]);
  const both = await startBalancer([first, second]);
  balancers = [alone, both];
  // One session serves every setup: the processes share it through the database.
  const token = await loginAsDemoPrimary(first);
  const setups = [
    { name: '1 process', origin: first },
    { name: '1 process, balancer', origin: alone.url },
    { name: '2 processes, balancer', origin: both.url },
  ];
  const listUrl = (origin: string) => `${origin}${API_BASE}${API_PATHS.shipments}`;
  for (const setup of setups) await drive(listUrl(setup.origin), token, CONNECTIONS, SECONDS);
  const best: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, setup] of setups.entries()) {
      const figures = await drive(listUrl(setup.origin), token, CONNECTIONS, SECONDS);
      if (!best[index] || figures.medianMs < best[index].medianMs) best[index] = figures;
    }
  }
  log(
    `\nthe shipments list, ${CONNECTIONS} connections, demo data on PostgreSQL, ${new Date().toISOString()}, ` +
      `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}, best of ${ROUNDS} rounds of ${SECONDS} s`,
  );
  log('| setup                 | median ms | p99 ms | req/s |');
  log('|:----------------------|----------:|-------:|------:|');
  for (const [index, setup] of setups.entries()) {
    const { medianMs, p99Ms, rps } = best[index]!;
    log(
      `| ${setup.name.padEnd(21)} | ${medianMs.toFixed(2).padStart(9)} | ${p99Ms.toFixed(2).padStart(6)} | ${rps.toFixed(0).padStart(5)} |`,
    );
  }
} finally {
  for (const balancer of balancers) await balancer.close();
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const dataDir of [...dataDirs, storeDir]) await rm(dataDir, { recursive: true, force: true });
}
