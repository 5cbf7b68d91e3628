import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';

/*
 * The real app on BENCH_SERVE_DATABASE_URL, in its own process so the load generator does not
 * share its event loop. Prints `listening <port>` once it accepts connections; SIGTERM closes it.
 */
const databaseUrl = process.env.BENCH_SERVE_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_SERVE_DATABASE_URL is not set');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-bench-'));
const app = await buildApp({ ...configFromEnv({}), dataDir, databaseUrl, seedDemo: false, logLevel: 'warn' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('The server has no port');
process.stdout.write(`listening ${address.port}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
});
