import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import type { CompiledQuery } from 'kysely';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { executePrepared } from '../src/db/prepared-statements.ts';
import { shipmentsRepository } from '../src/modules/shipments/shipments.repository.ts';
import { criteriaOf } from '../src/modules/shipments/shipments.rules.ts';
import { apiDir, freePort } from '../test/server-process.ts';
import { log, recreateDatabase } from './bench-kit.ts';
import { loginAsDemoPrimary, startDemoServer } from './demo-server.ts';
import { drive, percentile } from './drive.ts';
import { sessionUserOf } from '../test/session-users.ts';

/*
 * The shipments list on the demo data, as `npm start` serves it: the built server on the
 * embedded default (PGlite, a temporary data folder), then on PostgreSQL (a fresh database on
 * BENCH_DATABASE_URL's server) for comparison. The list and Home on one connection, then the
 * list on 16, in three rounds; each figure is the best round. Not a test: it prints figures and
 * the embedded default's targets beside them. Build the server first (npm run build).
 *
 *   npm run bench -- --lists embedded
 */

const DATABASE_NAME = 'bench_embedded';
const ROUNDS = 3;
const SECONDS = 3;
const TARGETS = { concurrentMedianMs: 5, concurrentP99Ms: 100 };

type Figures = { medianMs: number; p99Ms: number; rps: number };
/** The list's and Home's statements alone, timed in this process: what the database takes of a request. */
type StatementTimes = { listMs: number; homeMs: number };

const SQL_RUNS = 200;

/** The median time of the list's and Home's statements for the demo's primary user, on `db`. */
async function timeStatements(db: Db): Promise<StatementTimes> {
  const user = await sessionUserOf(db, 'primary@demo.test');
  const criteria = criteriaOf({}, user);
  const request = { criteria, sort: 'est_time_arrive', direction: 'desc', page: 1, perPage: 40 } as const;
  const median = async (statement: CompiledQuery) => {
    const durations: number[] = [];
    for (let run = 0; run < SQL_RUNS + 20; run++) {
      const started = performance.now();
      await executePrepared(db, statement);
      if (run >= 20) durations.push(performance.now() - started);
    }
    return percentile(
      durations.sort((a, b) => a - b),
      0.5,
    );
  };
  return {
    listMs: await median(shipmentsRepository.listQuery(db, user, request)),
    homeMs: await median(shipmentsRepository.homeQuery(db, user, criteria, 40)),
  };
}
type Variant = { name: string; path: string; connections: number };

const VARIANTS: Variant[] = [
  { name: 'list, 1 connection', path: API_PATHS.shipments, connections: 1 },
  { name: 'Home, 1 connection', path: `${API_PATHS.shipments}?source=home`, connections: 1 },
  { name: 'list, 16 connections', path: API_PATHS.shipments, connections: 16 },
];

async function measure(database: 'pglite' | 'postgres'): Promise<{ figures: Figures[]; statements: StatementTimes }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-embedded-'));
  const port = await freePort();
  const databaseUrl = database === 'postgres' ? await recreateDatabase(DATABASE_NAME) : '';
  const server = await startDemoServer(port, dataDir, databaseUrl);
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await loginAsDemoPrimary(base);
    const best: Figures[] = [];
    // Warm the caches and the JIT first.
    for (const variant of VARIANTS)
      await drive(`${base}${API_BASE}${variant.path}`, token, variant.connections, SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, variant] of VARIANTS.entries()) {
        const figures = await drive(`${base}${API_BASE}${variant.path}`, token, variant.connections, SECONDS);
        if (!best[index] || figures.medianMs < best[index].medianMs) best[index] = figures;
      }
    }
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    // The server's database (DATA_DIR/db for PGlite), opened here once it has stopped: PGlite has
    // one user at a time.
    const db = await connectDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
    try {
      return { figures: best, statements: await timeStatements(db) };
    } finally {
      await db.destroy();
    }
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(apiDir, 'dist', 'server.js'))) {
  throw new Error('Build the server first: npm run build');
}
const runs = { pglite: await measure('pglite'), postgres: await measure('postgres') };
log(
  `\nthe demo data (primary@demo.test), ${new Date().toISOString()}, ${os.cpus().length} cores, best of ${ROUNDS} rounds`,
);
log('| variant              | database | median ms | p99 ms | req/s |');
log('|:---------------------|:---------|----------:|-------:|------:|');
for (const [index, variant] of VARIANTS.entries()) {
  for (const [database, { figures }] of Object.entries(runs)) {
    const { medianMs, p99Ms, rps } = figures[index]!;
    log(
      `| ${variant.name.padEnd(20)} | ${database.padEnd(8)} | ${medianMs.toFixed(2).padStart(9)} | ${p99Ms.toFixed(2).padStart(6)} | ${rps.toFixed(0).padStart(5)} |`,
    );
  }
}
for (const [database, { statements }] of Object.entries(runs)) {
  log(
    `${database}: the list's statement alone ${statements.listMs.toFixed(2)} ms, Home's ${statements.homeMs.toFixed(2)} ms (median of ${SQL_RUNS}, run as the app runs it)`,
  );
}
const concurrent = runs.pglite.figures[VARIANTS.length - 1]!;
const met = (value: number, target: number) =>
  `${value.toFixed(2)} ms <= ${target}: ${value <= target ? 'met' : 'MISSED'}`;
log(
  `targets, PGlite, list at 16 connections: median ${met(concurrent.medianMs, TARGETS.concurrentMedianMs)}; ` +
    `p99 ${met(concurrent.p99Ms, TARGETS.concurrentP99Ms)}`,
);
