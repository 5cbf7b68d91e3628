import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { apiDir, freePort } from '../test/server-process.ts';
import { log, recreateDatabase, sessionHeaders } from './bench-kit.ts';
import { loginAsDemoPrimary, startDemoServer } from './demo-server.ts';

/*
 * The built server's memory under a steady read load: on PGlite (a temporary data folder with
 * the demo data), then on PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, with the
 * demo data). 16 clients ask for the main reads in turn (the shipments list, Home and its
 * counts, a shipment's page, the invoices) for some minutes; the server's resident set size
 * (RSS) is printed at the start, each minute and at its peak. Not a test: it prints figures.
 *
 *   npm run bench:memory                              5 minutes on each database
 *   npm run bench:memory -- --minutes 1               shorter
 *   npm run bench:memory -- --databases pglite        one database
 */

const DATABASE_NAME = 'bench_memory';
const CONNECTIONS = 16;
const SAMPLE_MS = 1_000;

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const minutes = Number(option('--minutes') ?? 5);
if (!(minutes > 0)) throw new Error(`--minutes is not a positive number: ${option('--minutes')}`);
const databases = (option('--databases') ?? 'pglite,postgres').split(',');

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

/** The process's resident set size from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

async function readRoutes(base: string): Promise<{ token: string; paths: string[] }> {
  const token = await loginAsDemoPrimary(base);
  const list = await fetch(`${base}${API_BASE}${API_PATHS.shipments}`, {
    headers: sessionHeaders(token),
  });
  const { data } = (await list.json()) as { data: Array<{ id: number }> };
  const shipmentId = data[0]?.id;
  if (shipmentId === undefined) throw new Error('the demo user sees no shipment');
  return {
    token,
    paths: [
      API_PATHS.shipments,
      `${API_PATHS.shipments}?source=home`,
      apiPath(API_PATHS.shipmentDetail, { id: shipmentId }),
      API_PATHS.invoices,
    ].map((each) => `${API_BASE}${each}`),
  };
}

type Run = { database: string; start: number; peak: number; perMinute: number[]; requests: number; errors: number };

async function measure(database: string): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-memory-'));
  const databaseUrl = database === 'postgres' ? await recreateDatabase(DATABASE_NAME) : '';
  const port = await freePort();
  const server = await startDemoServer(port, dataDir, databaseUrl);
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, paths } = await readRoutes(base);
    const pid = server.pid!;
    const start = await rssOf(pid);
    log(`${database}: ${mib(start)} at the start`);
    let peak = start;
    const perMinute: number[] = [];
    const startedAt = Date.now();
    const sampler = setInterval(() => {
      void rssOf(pid).then((rss) => {
        peak = Math.max(peak, rss);
        const minute = Math.floor((Date.now() - startedAt) / 60_000);
        if (minute > perMinute.length && perMinute.length < Math.ceil(minutes)) {
          perMinute.push(rss);
          log(`${database}: ${mib(rss)} after ${perMinute.length} min (peak ${mib(peak)})`);
        }
      });
    }, SAMPLE_MS);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: Math.round(minutes * 60),
      headers: sessionHeaders(token),
      requests: paths.map((each) => ({ method: 'GET' as const, path: each })),
    });
    clearInterval(sampler);
    const end = await rssOf(pid);
    peak = Math.max(peak, end);
    if (perMinute.length < Math.ceil(minutes)) perMinute.push(end);
    return {
      database,
      start,
      peak,
      perMinute,
      requests: result.requests.total,
      errors: result.non2xx + result.errors,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(apiDir, 'dist', 'server.js'))) {
  throw new Error('Build the server first: npm run build -w apps/api');
}
log(`memory: ${CONNECTIONS} clients for ${minutes} min on ${databases.join(', ')}, ${os.cpus().length} cores`);
const runs: Run[] = [];
for (const database of databases) runs.push(await measure(database));
log('');
log('database   start     peak      each minute                                   requests   not 2xx  growth/min');
for (const run of runs) {
  const growth =
    run.perMinute.length > 1 ? (run.perMinute.at(-1)! - run.perMinute[0]!) / (run.perMinute.length - 1) : 0;
  log(
    [
      run.database.padEnd(10),
      mib(run.start).padEnd(9),
      mib(run.peak).padEnd(9),
      run.perMinute.map(mib).join(', ').padEnd(45),
      String(run.requests).padEnd(10),
      String(run.errors).padEnd(8),
      `${growth >= 0 ? '+' : ''}${(growth / 1024 ** 2).toFixed(1)} MiB`,
    ].join(' '),
  );
}
