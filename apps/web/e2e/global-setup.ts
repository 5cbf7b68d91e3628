import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparedTemplate } from '../../api/test/prepared-templates.ts';
import { ADMIN_KEY_ENV, SEEDED_DATA_DIR_ENV, basePort, startPortalServer } from './portal-server.ts';

const brokerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/dist/cli/broker.js');

/** A data folder with the demo data: a copy of the one npm test prepared, or seeded by a portal started and stopped here. */
async function seededDataDir(): Promise<string> {
  // The embedded database's template is a portal's data folder.
  const prepared = preparedTemplate();
  if (prepared) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clearport-e2e-'));
    fs.cpSync(prepared.dataDir, dataDir, { recursive: true });
    return dataDir;
  }
  const server = await startPortalServer(basePort() + 30, 900_000);
  await server.stop({ keepData: true });
  return server.dataDir;
}

/**
 * Seeds the demo data once: each worker's portal starts from a copy of its folder. Seeding costs the
 * server about 30 s of CPU, starting on a seeded folder about 4 s; two workers seeding side by side on
 * a loaded machine took minutes to answer. An API key of the admin scope is made in it too, for the
 * tests that make a broker's sign-in links.
 */
export default async function globalSetup() {
  const dataDir = await seededDataDir();
  process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  const made = execFileSync(
    process.execPath,
    [brokerScript, 'api-keys', 'create', 'Browser tests', '--scopes', 'admin'],
    {
      env,
      encoding: 'utf8',
    },
  );
  process.env[ADMIN_KEY_ENV] = made.trim().split('\n').at(-1)!;
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
