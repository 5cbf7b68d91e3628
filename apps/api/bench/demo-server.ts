import type { ChildProcess } from 'node:child_process';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { startServerProcess } from '../test/server-process.ts';
import { loginAs } from './bench-kit.ts';

/** The built server with the demo data, as `npm start` serves it, for the benches that measure it. */

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
  return loginAs(base, 'primary@demo.test', DEMO_PASSWORD);
}
