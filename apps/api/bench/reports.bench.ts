import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'kysely';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { monthIndex, monthOfIndex, REPORT_MAX_MONTHS } from '@clearport/contract/reports';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { bundleServer, startServer, stopServer } from './bench-server.ts';
import {
  filledDatabase,
  getJson,
  log,
  loginAs,
  logFigures,
  sessionHeaders,
  withClient,
  type Figures,
} from './bench-kit.ts';
import { drive } from './drive.ts';
import { BENCH_PASSWORD, STATUSES_FOLLOW_AGE, generate } from './generate.ts';

/*
 * The reports and the 7501 approval's box under load, on PostgreSQL, for the importer of
 * 300,000 shipments among 1,000,000 (the database `bench_1m_large` that the shipments bench fills,
 * filled here when missing): each report over the last 12 months of the data, the release
 * report's drill-down, and Home and the list of 7501s awaiting approval under a rule of duty
 * above $2,000.
 *
 *   npm run bench -- --lists reports
 */

const DATABASE = 'bench_1m_large';
const ROUNDS = 3;
const SINGLE_SECONDS = 2;
const TARGETS = { medianMs: 30, p99Ms: 100 };

type Call = { name: string; path: string; query: Record<string, string> };

async function ensureFilled(): Promise<string> {
  return filledDatabase(DATABASE, {
    wanted: '1,000,000 shipments over 2,000 accounts, one of 300,000',
    async check(url) {
      const db = await connectDatabase({ databaseUrl: url });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      // A database filled before the entries had lines and release dates has no reports to read,
      // and one filled before the statuses followed the ETAs has recent entries liquidated.
      const found = await withClient(url, async (client) => {
        const result = await client.query<{ shipments: number; isComplete: boolean; statusesFollowAge: boolean }>(
          `SELECT (SELECT count(*) FROM shipments)::int AS shipments,
             EXISTS (SELECT 1 FROM customs_entry_lines) AND EXISTS (
               SELECT 1 FROM customs_entries WHERE release_date IS NOT NULL) AS "isComplete",
             ${STATUSES_FOLLOW_AGE} AS "statusesFollowAge"`,
        );
        return result.rows[0]!;
      });
      return {
        isFilled: found.shipments === 1_000_000 && found.isComplete && found.statusesFollowAge,
        line:
          `${found.shipments} shipments${found.isComplete ? '' : ', entries without lines or release dates'}` +
          `${found.statusesFollowAge ? '' : ', statuses drawn apart from their ETAs'}`,
      };
    },
    fill: (url) => generate(url, { shipments: 1_000_000, accounts: 2_000, largeAccountShipments: 300_000, log }),
  });
}

/** The large account's company: its primary user, and the last 12 months of its entries. */
async function largeImporter(url: string) {
  const db = await connectDatabase({ databaseUrl: url });
  try {
    const { rows } = await sql<{ email: string; company_id: number; to: string; from: string; shipments: number }>`
      WITH large AS (
        SELECT c.account_id, sum(c.shipments)::int AS shipments FROM shipment_counts c
        GROUP BY c.account_id ORDER BY 2 DESC LIMIT 1
      )
      SELECT u.email, a.company_id, large.shipments,
        to_char(max(e.entry_date), 'YYYY-MM') AS to,
        to_char(max(e.entry_date) - interval '11 months', 'YYYY-MM') AS from
      FROM large JOIN accounts a ON a.id = large.account_id
      JOIN users u ON u.company_id = a.company_id AND u.role = 3
      JOIN customs_entries e ON e.account_id = a.id
      GROUP BY u.email, a.company_id, large.shipments
      ORDER BY u.email LIMIT 1`.execute(db);
    const importer = rows[0]!;
    await sql`UPDATE companies SET entry_approval = 'above', entry_approval_threshold_cents = 200000
      WHERE id = ${importer.company_id}`.execute(db);
    return importer;
  } finally {
    await db.destroy();
  }
}

const urlOf = (origin: string, call: Call) => `${origin}${API_BASE}${call.path}?${new URLSearchParams(call.query)}`;

const url = await ensureFilled();
const importer = await largeImporter(url);
const range = { from: importer.from, to: importer.to };
const calls: Call[] = [
  { name: 'duty and fees by month', path: API_PATHS.reportDutyByMonth, query: range },
  { name: 'entries by port and mode', path: API_PATHS.reportEntriesByPort, query: range },
  { name: 'duty by HTS chapter, top 20', path: API_PATHS.reportDutyByChapter, query: range },
  { name: 'days from arrival to release', path: API_PATHS.reportReleaseDays, query: range },
  { name: 'release drill-down, over 5 days', path: API_PATHS.reportReleaseDaysEntries, query: range },
  { name: 'open invoices by age', path: API_PATHS.reportOpenInvoices, query: {} },
  { name: 'Home, with the approval box', path: API_PATHS.shipments, query: { source: 'home' } },
  { name: 'list approval=awaiting', path: API_PATHS.shipments, query: { approval: 'awaiting' } },
];
const serve = await bundleServer();
const { child, origin } = await startServer(serve, url);
try {
  const token = await loginAs(origin, importer.email, BENCH_PASSWORD);
  log(`reports: ${importer.email}, ${importer.shipments} shipments in the large account, ${range.from} to ${range.to}`);
  for (const call of calls) for (let run = 0; run < 50; run++) await getJson(urlOf(origin, call), token);
  const best: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, call] of calls.entries()) {
      const figures = await drive(urlOf(origin, call), token, 1, SINGLE_SECONDS);
      if (!best[index] || figures.medianMs < best[index].medianMs) {
        best[index] = { name: call.name, ...figures, sqlMedianMs: Number.NaN };
      }
    }
  }
  log(
    `\n${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  logFigures(best);
  const median = Math.max(...best.map((row) => row.medianMs));
  const p99 = Math.max(...best.map((row) => row.p99Ms));
  log(
    `targets (worst call): median ${median.toFixed(2)} ms ≤ ${TARGETS.medianMs}: ${median <= TARGETS.medianMs ? 'met' : 'MISSED'}; ` +
      `p99 ${p99.toFixed(2)} ms ≤ ${TARGETS.p99Ms}: ${p99 <= TARGETS.p99Ms ? 'met' : 'MISSED'}`,
  );
  // The longest table, every release of the longest range (36 months), as a file: time, size and
  // the server's memory.
  const longest = { from: monthOfIndex(monthIndex(range.to) - REPORT_MAX_MONTHS + 1), to: range.to };
  const peakKiB = async () => Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  log(`\nexport of late-releases over 0 days, ${longest.from} to ${longest.to}, 1 connection`);
  for (const format of ['csv', 'xlsx'] as const) {
    const before = await peakKiB();
    const started = performance.now();
    const response = await fetch(
      urlOf(origin, {
        name: format,
        path: apiPath(API_PATHS.reportExport, { table: 'late-releases' }),
        query: { ...longest, over: '0', format },
      }),
      { headers: sessionHeaders(token) },
    );
    const body = Buffer.from(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const rows = format === 'csv' ? body.toString('utf8').split('\r\n').length - 2 : Number.NaN;
    log(
      `  ${format}: ${response.status}, ${(body.length / 1024 / 1024).toFixed(1)} MiB${Number.isNaN(rows) ? '' : `, ${rows} rows`} ` +
        `in ${seconds.toFixed(2)} s; server peak memory ${(before / 1024).toFixed(0)} → ${((await peakKiB()) / 1024).toFixed(0)} MiB`,
    );
  }
} finally {
  await stopServer(child);
}
