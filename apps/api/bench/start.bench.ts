import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiDir, freePort } from '../test/server-process.ts';
import { log } from './bench-kit.ts';

/*
 * The warm start of the built server on a seeded embedded database, as `npm start` runs it:
 * `node dist/server.js` on a data folder the first run seeded, timed until /healthz first
 * answers. For each run, the CPU seconds the server's process used by then (user and system,
 * from /proc/<pid>/stat) and the wall time from the spawn; then, apart, what PGlite alone costs:
 * a process that imports it, opens the same folder and answers `SELECT 1`. CPU time does not
 * depend on the machine's load as wall time does. Build first (npm run build).
 *
 *   npm run bench:start -- [--runs 5] [--data-dir <a seeded folder, kept>] [--cpu-prof <folder>]
 */

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 5);
const profileDir = option('--cpu-prof');
const GOALS = { cpuSeconds: 1.5, wallSeconds: 3 };
const CLOCK_TICKS_PER_SECOND = 100;
const SERVER = path.join(apiDir, 'dist/server.js');

/** The CPU seconds (user + system) process `pid` has used so far. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) / CLOCK_TICKS_PER_SECOND;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

type Start = { cpuSeconds: number; wallSeconds: number };

/** One start of the built server on `dataDir`: CPU and wall seconds until /healthz answers 200. */
async function startOnce(dataDir: string, nodeArgs: readonly string[] = []): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const isUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (isUp) {
        const wallSeconds = (performance.now() - started) / 1000;
        return { cpuSeconds: await cpuSecondsOf(child.pid!), wallSeconds };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop(child);
  }
}

/** What opening the folder's PGlite and answering `SELECT 1` costs a process, importing PGlite included. */
async function pgliteOpenOnce(dataDir: string): Promise<Start> {
  const script = `
    const started = performance.now();
    const { PGlite } = await import('@electric-sql/pglite');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const before = process.cpuUsage();
    const db = await PGlite.create({ dataDir: ${JSON.stringify(path.join(dataDir, 'db'))}, extensions: { btree_gin, pg_trgm } });
    await db.query('SELECT 1');
    const used = process.cpuUsage();
    const all = (used.user + used.system) / 1e6;
    process.stdout.write(JSON.stringify({ cpuSeconds: all, wallSeconds: (performance.now() - started) / 1000,
      openCpuSeconds: all - (before.user + before.system) / 1e6 }));
    await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`opening PGlite alone exited with ${code}`);
  return JSON.parse(output) as Start;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const range = (values: readonly number[]) =>
  `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)} (median ${median(values).toFixed(2)})`;

if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build first`);
const givenDataDir = option('--data-dir');
const dataDir = givenDataDir ? path.resolve(givenDataDir) : await mkdtemp(path.join(os.tmpdir(), 'clearport-start-'));
try {
  if (!existsSync(path.join(dataDir, 'db'))) {
    log(`seeding the demo data in ${dataDir} (the first start; not counted)`);
    await startOnce(dataDir);
  }
  await startOnce(dataDir); // the files in the page cache, as a warm start finds them
  const starts: Start[] = [];
  const opens: Start[] = [];
  for (let run = 1; run <= RUNS; run++) {
    starts.push(await startOnce(dataDir));
    opens.push(await pgliteOpenOnce(dataDir));
  }
  if (profileDir) {
    await startOnce(dataDir, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`]);
    log(`a CPU profile of one more start is in ${path.resolve(profileDir)}`);
  }
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  const cpu = starts.map((start) => start.cpuSeconds);
  const wall = starts.map((start) => start.wallSeconds);
  const pgliteCpu = opens.map((open) => open.cpuSeconds);
  const besides = cpu.map((seconds, index) => seconds - pgliteCpu[index]!);
  log(`\n${new Date().toISOString()}, ${os.cpus().length} cores, load average ${load}, ${RUNS} warm starts`);
  log(`built server to a served /healthz: CPU ${range(cpu)} s, wall ${range(wall)} s`);
  log(
    `PGlite alone (import, open the folder, SELECT 1, in a process of its own): CPU ${range(pgliteCpu)} s, ` +
      `wall ${range(opens.map((open) => open.wallSeconds))} s`,
  );
  log(`the server besides PGlite: CPU ${range(besides)} s`);
  const cpuBesides = median(besides);
  const wallMedian = median(wall);
  log(
    `goals: CPU besides PGlite ${cpuBesides.toFixed(2)} s <= ${GOALS.cpuSeconds}: ${cpuBesides <= GOALS.cpuSeconds ? 'met' : 'MISSED'}; ` +
      `wall ${wallMedian.toFixed(2)} s <= ${GOALS.wallSeconds} (on an idle machine): ${wallMedian <= GOALS.wallSeconds ? 'met' : 'MISSED'}`,
  );
} finally {
  if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
}
