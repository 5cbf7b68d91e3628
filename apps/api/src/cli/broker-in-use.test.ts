import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copySeededDemo } from '../../test/seeded-template.ts';
import { apiDir, freePort, startServerProcess } from '../../test/server-process.ts';
import { bundled } from '../../test/source-bundle.ts';
import { DATABASE_IN_USE_EXIT } from './broker.ts';

/**
 * The embedded database serves one process. While the portal runs on a data folder, the command
 * line refuses at once and writes nothing; once the portal has stopped, or died (kill -9), it runs.
 * (The portal's own kill -9 and restart are tested in test/crash-upload.test.ts.)
 */

const run = promisify(execFile);
let dataDir: string;
let removeCopy: (() => Promise<void>) | undefined;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  // A copy of the run's seeded demo folder, so the portal opens a database instead of creating one.
  if (!process.env.TEST_DATABASE_URL) {
    ({ dataDir, remove: removeCopy } = await copySeededDemo(inject('seededTemplate'), 'clearport-in-use-'));
  }
});
afterAll(async () => {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await removeCopy?.();
});

const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: apiDir });
const broker = (...args: string[]) =>
  run(process.execPath, [...bundled('cli/broker'), ...args], { cwd: apiDir, env: env() }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

async function startPortal(): Promise<ChildProcess> {
  const output: string[] = [];
  const server = await startServerProcess({
    args: bundled('server'),
    env: { PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' },
    output,
  });
  servers.push(server);
  return server;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the command line beside a running portal', () => {
  it('refuses every command while the portal holds the embedded database, and writes nothing', async () => {
    const portal = await startPortal();
    expect(await readFile(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(portal.pid));

    for (const command of [['api-keys', 'create', 'Customs system'], ['api-keys', 'list'], ['delivery-orders']]) {
      const refused = await broker(...command);
      expect(refused.code, command.join(' ')).toBe(DATABASE_IN_USE_EXIT);
      expect(refused.stderr).toContain(`is in use by process ${portal.pid} (the portal is running)`);
      expect(refused.stderr).toContain('Nothing was written.');
      expect(refused.stdout).toBe('');
    }
    // Help needs no database.
    expect(await broker('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: npm run broker') });
    // Nor does telling a command that is none from one the database would refuse.
    expect(await broker('imprt', 'lines.csv')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^There is no command imprt\.\n\nUsage: npm run broker/),
    });
    expect(await broker('import')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^import takes one FILE\./),
    });

    portal.kill('SIGTERM');
    await once(portal, 'exit');
    expect(await broker('api-keys', 'list')).toMatchObject({ code: 0, stdout: 'No API key is made.\n' });
    expect(await broker('api-keys', 'create', 'Customs system')).toMatchObject({ code: 0 });
  }, 300_000);

  it('takes over the lock a process killed with -9 left behind', async () => {
    // A process that held the folder and is gone without letting go, as a portal killed with -9 is.
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    await writeFile(path.join(dataDir, 'db.lock'), String(gone.pid));
    expect(await broker('api-keys', 'list')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^id\tname\tkey\tscopes\tcreated\texpires\tlast used\trevoked\n1\tCustoms system\t/,
      ),
    });
  });
});
