import fs from 'node:fs';
import { SEEDED_DATA_DIR_ENV, basePort, startPortalServer } from './portal-server.ts';

/**
 * Seeds the demo data once, on a portal started and stopped here: each worker's portal starts from a
 * copy of its folder. Seeding costs the server about 30 s of CPU, starting on a seeded folder about 4 s;
 * two workers seeding side by side on a loaded machine took minutes to answer.
 */
export default async function globalSetup() {
  const server = await startPortalServer(basePort() + 30, 300_000);
  await server.stop({ keepData: true });
  process.env[SEEDED_DATA_DIR_ENV] = server.dataDir;
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
