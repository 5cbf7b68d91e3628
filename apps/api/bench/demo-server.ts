import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { startServerProcess } from '../test/server-process.ts';

/** The built server with the demo data, as `npm start` serves it, for the benches that measure it. */

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';

/** A new, empty database of that name on BENCH_DATABASE_URL's server; its address. */
export async function recreateDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** dist/server.js on the port, seeding the demo data into DATA_DIR's PGlite or `databaseUrl`. */
export function startDemoServer(port: number, dataDir: string, databaseUrl: string): Promise<ChildProcess> {
  return startServerProcess({
    args: ['dist/server.js'],
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    output: [],
    timeoutMs: 300_000,
  });
}

/** The demo's primary user's session token. */
export async function loginAsDemoPrimary(base: string): Promise<string> {
  const response = await fetch(`${base}${API_BASE}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'primary@demo.test', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
