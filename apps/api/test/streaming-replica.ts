import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from '../src/db/pg-driver.ts';

/*
 * A streaming replica of PostgreSQL on loopback, for the read replica's tests (decision 0040).
 * The primary is the given server when it takes replication connections from 127.0.0.1;
 * otherwise a primary of its own (initdb) on a free port, so no system setting is changed.
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 */

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const SERVER_PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup', 'pg_dump', 'psql'];
const isRoot = process.getuid?.() === 0;

/** Why a replica cannot be started here, or undefined when it can. */
export function replicaSkipReason(serverUrl: string | undefined): string | undefined {
  if (!serverUrl) return 'TEST_DATABASE_URL is not set';
  const missing = SERVER_PROGRAMS.filter((program) => !existsSync(path.join(BIN, program)));
  if (missing.length > 0)
    return `PostgreSQL's server programs are not in ${BIN} (${missing.join(', ')}); set PG_BIN_DIR`;
  return undefined;
}

async function pgProgram(program: string, args: string[]): Promise<string> {
  const file = path.join(BIN, program);
  const { stdout } = isRoot
    ? await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/' })
    : await run(file, args, { cwd: '/' });
  return stdout;
}

/** Gives a file or folder to the `postgres` user when running as root, so its programs may use it. */
async function giveToPostgres(file: string): Promise<void> {
  if (!isRoot) return;
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
  await chown(file, uid, 0);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function query<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

function urlOf(port: number, database: string): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/**
 * Whether the server of `serverUrl` can be streamed from 127.0.0.1 without changing its settings:
 * wal_level, max_wal_senders and a pg_hba.conf line for replication. The reason when it cannot.
 */
export async function whyNotReplicable(serverUrl: string): Promise<string | undefined> {
  const [settings] = await query<{ wal_level: string; max_wal_senders: string }>(
    serverUrl,
    `SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders') AS max_wal_senders`,
  );
  if (!settings || !['replica', 'logical'].includes(settings.wal_level)) return `wal_level is ${settings?.wal_level}`;
  if (Number(settings.max_wal_senders) <= 0) return 'max_wal_senders is 0';
  const rules = await query<{ type: string; database: string[]; address: string | null; netmask: string | null }>(
    serverUrl,
    `SELECT type, database, address, netmask FROM pg_hba_file_rules WHERE error IS NULL ORDER BY line_number`,
  );
  const replication = rules.find(
    (rule) =>
      rule.type.startsWith('host') &&
      rule.database.some((name) => name === 'replication') &&
      (rule.address === '127.0.0.1' || rule.address === 'all' || rule.address === '0.0.0.0'),
  );
  return replication ? undefined : 'pg_hba.conf has no line for replication connections from 127.0.0.1';
}

export type StreamingReplica = {
  /** The test's database on the primary and on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** Which primary streams: the server of serverUrl, or the test's own and why. */
  primaryKind: string;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops both servers it started, drops the database, removes the folders; safe after any failure. */
  close(): Promise<void>;
};

/**
 * A database `replica_test_<random>` on the primary, copied from `template` (a seeded database of
 * the server of `serverUrl`), and a replica of the primary's cluster that streams it.
 */
export async function startStreamingReplica(serverUrl: string, template: string): Promise<StreamingReplica> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'clearport-replica-'));
  await giveToPostgres(root);
  const database = `replica_test_${randomBytes(5).toString('hex')}`;
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
    await rm(root, { recursive: true, force: true });
  };
  const startServer = async (dataDir: string, port: number) => {
    await pgProgram('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(root, `${path.basename(dataDir)}.log`),
      '-w',
      '-t',
      '120',
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c fsync=off`,
      'start',
    ]);
  };
  const stopServer = (dataDir: string) => pgProgram('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

  try {
    const reason = await whyNotReplicable(serverUrl);
    let primaryAdminUrl = serverUrl;
    let primaryKind = `the server ${new URL(serverUrl).host}`;
    const server = new URL(serverUrl);
    if (reason) {
      primaryKind = `a primary of its own, since on ${new URL(serverUrl).host} ${reason}`;
      const primaryDir = path.join(root, 'primary');
      const port = await freePort();
      await pgProgram('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
      await startServer(primaryDir, port);
      cleanups.push(() => stopServer(primaryDir));
      primaryAdminUrl = urlOf(port, 'postgres');
      await query(primaryAdminUrl, `CREATE DATABASE ${database}`);
      const dumpFile = path.join(root, 'template.sql');
      await pgProgram('pg_dump', [
        '-f',
        dumpFile,
        '-h',
        server.hostname,
        '-p',
        server.port || '5432',
        '-U',
        decodeURIComponent(server.username || 'postgres'),
        '--no-owner',
        template,
      ]);
      await pgProgram('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', urlOf(port, database), '-f', dumpFile]);
    } else {
      await query(serverUrl, `CREATE DATABASE ${database} TEMPLATE ${template}`);
      cleanups.push(() => query(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    }
    const primary = new URL(primaryAdminUrl);
    const primaryUrl = urlOf(Number(primary.port || 5432), database);

    const replicaDir = path.join(root, 'replica');
    const replicaPort = await freePort();
    await pgProgram('pg_basebackup', [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      // A spread checkpoint, the default, takes minutes on an idle server.
      '--checkpoint=fast',
    ]);
    // A Debian cluster keeps its settings in /etc, not in its data folder: the copy gets its own,
    // with the limits a hot standby may not have below its primary's.
    if (!existsSync(path.join(replicaDir, 'postgresql.conf'))) {
      const limits = await query<{ name: string; setting: string }>(
        primaryAdminUrl,
        `SELECT name, setting FROM pg_settings WHERE name IN ('max_connections', 'max_worker_processes',
          'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
      );
      const settings = ['hot_standby = on', ...limits.map(({ name, setting }) => `${name} = ${setting}`)];
      await writeFile(path.join(replicaDir, 'postgresql.conf'), `${settings.join('\n')}\n`);
      await writeFile(path.join(replicaDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
      await writeFile(path.join(replicaDir, 'pg_ident.conf'), '');
      for (const file of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) {
        await giveToPostgres(path.join(replicaDir, file));
      }
    }
    let isRunning = false;
    const start = async () => {
      await startServer(replicaDir, replicaPort);
      isRunning = true;
    };
    const stop = async () => {
      if (!isRunning) return;
      await stopServer(replicaDir);
      isRunning = false;
    };
    await start();
    cleanups.push(stop);
    const replicaUrl = urlOf(replicaPort, database);
    const resumeReplay = async () => {
      await query(replicaUrl, 'SELECT pg_wal_replay_resume()');
    };
    // Replay resumes before the replica stops: a paused standby would wait for it to shut down.
    cleanups.push(() => (isRunning ? resumeReplay() : Promise.resolve()));

    return {
      primaryUrl,
      replicaUrl,
      primaryKind,
      async pauseReplay() {
        await query(replicaUrl, 'SELECT pg_wal_replay_pause()');
        await waitUntil(
          async () =>
            (await query<{ state: string }>(replicaUrl, 'SELECT pg_get_wal_replay_pause_state() AS state'))[0]
              ?.state === 'paused',
        );
      },
      resumeReplay,
      async caughtUp() {
        const [row] = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
        await waitUntil(
          async () =>
            (
              await query<{ done: boolean }>(replicaUrl, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
                row!.lsn,
              ])
            )[0]?.done === true,
        );
      },
      stop,
      start,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Waits until `condition` holds, checking every 100 ms for up to `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
