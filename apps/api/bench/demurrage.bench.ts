import os from 'node:os';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runDemurrageReminders } from '../src/modules/containers/demurrage-reminders.worker.ts';
import { filledDatabase, log, migrate, timedSteps, withClient } from './bench-kit.ts';
import { accountNameSql, companyNameSql, personNameSql } from './bench-names.ts';

/*
 * The demurrage watch's daily run (docs/decisions/0031-demurrage-reminders.md) over 1,000,000
 * containers with free days, on PostgreSQL: 1,000 companies in five time zones, 2,000 accounts,
 * 250,000 shipments of four containers. Last free days are spread over 240 days around the run's
 * day; 60% of the containers are at the terminal, 35% gated out (a detention last free day), 5%
 * returned. The database (bench_demurrage_1m) is filled once and reused while its count matches.
 * Each run is measured inside a transaction that is rolled back, so every round is the day's
 * first run; the second run of the same transaction is the cost of each later poll that day.
 *
 *   npm run bench -- --lists demurrage
 */

const DATABASE = 'bench_demurrage_1m';
const CONTAINERS = 1_000_000;
const COMPANIES = 1_000;
const CONTAINERS_A_SHIPMENT = 4;
const ROUNDS = 3;
const TARGET_SECONDS = 60;
/** The run's instant: a Thursday, 10:00 in New York. */
const RUN_AT = new Date('2030-01-03T15:00:00Z');
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/Berlin'];

async function fill(url: string): Promise<void> {
  await migrate(url);
  await withClient(url, async (client) => {
    const step = timedSteps(client);
    await client.query('BEGIN');
    // The run reads none of what the tables' triggers keep (the shipments' lists): the fill skips them.
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await step(
      'companies',
      `INSERT INTO companies (name, primary_contact, time_zone)
       SELECT ${companyNameSql('n')}, ${personNameSql('n')}, ($2::text[])[1 + n % cardinality($2::text[])]
       FROM generate_series(1, $1::int) n`,
      [COMPANIES, ZONES],
    );
    await step(
      'accounts',
      `INSERT INTO accounts (company_id, account_no, name)
       SELECT c.id, (700000 + c.id * 10 + k)::text, ${accountNameSql('c.id * 2 + k')}
       FROM companies c CROSS JOIN generate_series(0, 1) k ORDER BY c.id, k`,
    );
    await step(
      'shipments',
      `INSERT INTO shipments (account_id, file_number, status)
       SELECT a.ids[1 + g % cardinality(a.ids)], 'DM' || lpad(g::text, 8, '0'), 'released'
       FROM generate_series(1, $1::int) g, (SELECT array_agg(id ORDER BY id) AS ids FROM accounts) a
       ORDER BY g`,
      [CONTAINERS / CONTAINERS_A_SHIPMENT],
    );
    await step(
      'containers',
      `INSERT INTO containers (shipment_id, container_no)
       SELECT s.id, 'DMCU' || lpad(((s.id * ${CONTAINERS_A_SHIPMENT} + k) % 10000000)::text, 7, '0')
       FROM shipments s CROSS JOIN generate_series(1, ${CONTAINERS_A_SHIPMENT}) k ORDER BY s.id, k`,
    );
    await step(
      'free days',
      `INSERT INTO container_free_days (container_id, discharged_at, terminal_last_free_day, gated_out_at,
         detention_last_free_day, empty_returned_at)
       SELECT id, lfd - 5, lfd,
         CASE WHEN r >= 0.60 THEN (lfd - 1)::timestamptz END,
         CASE WHEN r >= 0.60 THEN lfd + 4 + (id % 5) END,
         CASE WHEN r >= 0.95 THEN (lfd + 3)::timestamptz END
       FROM (
         SELECT id, DATE '2030-01-03' + ((id::bigint * 7919) % 240 - 120)::int AS lfd,
           ((id::bigint * 104729) % 1000) / 1000.0 AS r
         FROM containers
       ) drawn`,
    );
    await client.query('COMMIT');
    await step('vacuum analyze', 'VACUUM ANALYZE companies, accounts, shipments, containers, container_free_days');
  });
}

async function ensureFilled(): Promise<string> {
  return filledDatabase(DATABASE, {
    wanted: `${CONTAINERS} containers with free days`,
    async check(url) {
      const count = await withClient(url, async (client) => {
        const result = await client.query<{ count: string }>('SELECT count(*) FROM container_free_days');
        return Number(result.rows[0]!.count);
      }).catch(() => 0);
      return { isFilled: count === CONTAINERS, line: `${count} containers with free days` };
    },
    fill,
  });
}

/** Thrown to roll a measured run back, so every round is the day's first run. */
class RolledBack extends Error {}

/** The CPU seconds a process has used, from /proc; undefined where it cannot be read. */
async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const url = await ensureFilled();
const db = await connectDatabase({ databaseUrl: url });
try {
  await migrateToLatest(db);
  log(`\ndemurrage reminders: the daily run over ${CONTAINERS} containers, ${os.cpus().length} cores`);
  const rounds: { seconds: number; again: number; nodeCpu: number; dbCpu: number | undefined; queued: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await db
      .transaction()
      .execute(async (trx) => {
        const backend = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        const pid = backend.rows[0]!.pid;
        const dbCpuBefore = await cpuSecondsOf(pid);
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        const summary = await runDemurrageReminders(trx, RUN_AT);
        const seconds = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpuBefore);
        const dbCpuAfter = await cpuSecondsOf(pid);
        const againStarted = performance.now();
        await runDemurrageReminders(trx, RUN_AT);
        rounds.push({
          seconds,
          again: (performance.now() - againStarted) / 1000,
          nodeCpu: (cpu.user + cpu.system) / 1e6,
          dbCpu: dbCpuBefore === undefined || dbCpuAfter === undefined ? undefined : dbCpuAfter - dbCpuBefore,
          queued: summary.due + summary.chargesStarted,
        });
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  }
  const best = rounds.reduce((one, other) => (other.seconds < one.seconds ? other : one));
  for (const [index, round] of rounds.entries()) {
    log(
      `  round ${index + 1}: ${round.seconds.toFixed(2)} s, ${round.queued} reminders queued; ` +
        `CPU: node ${round.nodeCpu.toFixed(2)} s, database ${round.dbCpu === undefined ? 'n/a' : `${round.dbCpu.toFixed(2)} s`}; ` +
        `the same day's next run ${round.again.toFixed(2)} s`,
    );
  }
  log(
    `  target: the run over ${CONTAINERS} containers < ${TARGET_SECONDS} s: best ${best.seconds.toFixed(2)} s, ` +
      `${best.seconds < TARGET_SECONDS ? 'met' : 'MISSED'}`,
  );
} finally {
  await db.destroy();
}
