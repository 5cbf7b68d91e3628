import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { replicaSkipReason, startStreamingReplica } from '../test/streaming-replica.ts';
import { databaseUrl, log, recreateDatabase, SERVER_URL, withClient } from './bench-kit.ts';
import { percentile } from './drive.ts';

/*
 * GET user/shipments on the demo data, read from the primary and from a streaming replica side
 * by side (decision 0040): what the replica's routing adds to a list call. A replica of the
 * BENCH_DATABASE_URL server (or, when that server takes no replication connections, of a primary
 * of its own) is started on loopback and stopped at the end. Three ways, interleaved call by call
 * so the machine's load weighs on each alike, through inject() in this process:
 *
 *   primary        an app without DATABASE_REPLICA_URL;
 *   replica        an app with it, a session that changed nothing (no replay check);
 *   replica+check  the same app, a session that changed something (one replay check per call).
 *
 *   npm run bench:replica [-- --calls N]     alone, N calls each way (500 by default)
 *   npm run bench -- --lists read-replica    the same through the bench's list choice
 */

const args = process.argv.slice(2);
const CALLS = args.includes('--calls') ? Number(args[args.indexOf('--calls') + 1]) : 500;
const TEMPLATE = 'bench_read_replica_demo';

type Session = { authorization: string; cookie: string };

async function loginAs(app: FastifyInstance, email: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS.login}`,
    payload: { userName: email, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
  return { authorization: `Bearer ${(response.json() as { token: string }).token}`, cookie };
}

async function appOf(dataDir: string, databaseUrlOf: string, replicaUrl?: string): Promise<FastifyInstance> {
  const app = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl: databaseUrlOf,
    databaseReplicaUrl: replicaUrl,
    publicUrl: 'http://portal.test',
    logLevel: 'error',
    seedDemo: true,
    mailWorker: false,
    webhookWorker: false,
  });
  await app.ready();
  return app;
}

async function measure(): Promise<void> {
  // The demo's logins hash as the tests' do: the bench measures lists, not password hashing.
  process.env.PASSWORD_HASH_COST ??= '12';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-bench-replica-'));
  // The demo brokerage, seeded once into a template database the replica's primary copies.
  const templateUrl = await recreateDatabase(TEMPLATE);
  await (await appOf(dataDir, templateUrl)).close();
  const replica = await startStreamingReplica(SERVER_URL, TEMPLATE);
  const apps: FastifyInstance[] = [];
  try {
    log(`read replica bench: streaming from ${replica.primaryKind}`);
    const onPrimary = await appOf(dataDir, replica.primaryUrl);
    const withReplica = await appOf(dataDir, replica.primaryUrl, replica.replicaUrl);
    apps.push(onPrimary, withReplica);
    const primarySession = await loginAs(onPrimary, 'primary@demo.test');
    const quietSession = await loginAs(withReplica, 'primary@demo.test');
    const writerSession = await loginAs(withReplica, 'primary@demo.test');
    // A change of the writer's session: its lists check the replica's replay from now on.
    const changed = await withReplica.inject({
      method: 'PUT',
      url: `${API_BASE}${API_PATHS.reportSubscriptions}`,
      headers: writerSession,
      payload: { reports: [] },
    });
    if (changed.statusCode !== 200) throw new Error(`the writer's change answered ${changed.statusCode}`);
    await replica.caughtUp();

    const ways = [
      { name: 'primary', app: onPrimary, session: primarySession, times: [] as number[] },
      { name: 'replica', app: withReplica, session: quietSession, times: [] as number[] },
      { name: 'replica+check', app: withReplica, session: writerSession, times: [] as number[] },
    ];
    const url = `${API_BASE}${API_PATHS.shipments}`;
    for (let call = -50; call < CALLS; call += 1) {
      for (const way of ways) {
        const started = process.hrtime.bigint();
        const response = await way.app.inject({ method: 'GET', url, headers: way.session });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) throw new Error(`${way.name} answered ${response.statusCode}`);
        // The first 50 calls of each warm the connections and prepared statements.
        if (call >= 0) way.times.push(ms);
      }
    }
    for (const way of ways) {
      const sorted = [...way.times].sort((a, b) => a - b);
      log(
        `  ${way.name.padEnd(14)} p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p95 ${percentile(sorted, 0.95).toFixed(2)} ms  (${CALLS} calls)`,
      );
    }
  } finally {
    for (const app of apps) await app.close();
    await replica.close();
    await withClient(databaseUrl('postgres'), (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}

const skipReason = replicaSkipReason(SERVER_URL);
if (skipReason) log(`read replica: skipped (${skipReason})`);
else await measure();
