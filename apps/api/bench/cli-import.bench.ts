import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { importFile } from '../src/cli/broker-import.ts';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createMailer } from '../src/lib/mail.ts';
import { localStorage } from '../src/lib/storage.ts';
import {
  containerNumber,
  createRng,
  DAY_MS,
  HOUR_MS,
  isoDate,
  timestampText,
  type Rng,
} from '../src/seed/demo-numbers.ts';
import { log, recreateDatabase } from './bench-kit.ts';
import { accountName, companyName } from './bench-names.ts';

/*
 * `npm run broker -- import FILE`'s speed: a first import of one NDJSON file through importFile,
 * the command's own code, on PostgreSQL (a fresh bench_cli_import database on BENCH_DATABASE_URL's
 * server) and on the embedded PGlite (a fresh temporary folder). The file is what a customs system
 * exports: 5 companies with 4 accounts each, then per shipment its shipment record, two containers
 * with their tracking events and a master bill, ETAs spread over six months. Prints records/s,
 * the CPU seconds of this process (PGlite's work included, PostgreSQL's server not) and the
 * 1-minute load average before and after, beside the targets.
 *
 *   npm run bench -- --import                          12,500 shipments: 50,025 records
 *   npm run bench -- --import --shipments 2500         fewer
 *   npm run bench -- --import --databases pglite       one database
 */

const DATABASE = 'bench_cli_import';
const args = process.argv.slice(2);
const argument = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SHIPMENTS = Number(argument('--shipments') ?? 12_500);
const DATABASES = (argument('--databases') ?? 'postgres,pglite').split(',');
const TARGETS: Record<string, number> = { postgres: 2_000, pglite: 1_000 };

const COMPANIES = 5;
const ACCOUNTS_PER_COMPANY = 4;
const ORIGINS = ['Shanghai', 'Ningbo', 'Yantian', 'Busan', 'Kaohsiung', 'Ho Chi Minh City', 'Rotterdam', 'Hamburg'];
const LINES = [
  { line: 'Maersk', owner: 'MSKU', bill: 'MAEU', vessels: ['Maersk Ohio', 'Maersk Kentucky', 'Gerda Maersk'] },
  { line: 'MSC', owner: 'MSCU', bill: 'MEDU', vessels: ['MSC Gulsun', 'MSC Anna', 'MSC Loreto'] },
  { line: 'CMA CGM', owner: 'CMAU', bill: 'CMDU', vessels: ['CMA CGM Marco Polo', 'CMA CGM Jacques Saade'] },
  { line: 'Evergreen', owner: 'EGHU', bill: 'EGLV', vessels: ['Ever Ace', 'Ever Given', 'Ever Alot'] },
] as const;
const TERMINALS = [
  { name: 'APM Terminals Elizabeth', code: '4601', port: 'New York/Newark' },
  { name: 'Port Newark Container Terminal', code: '4601', port: 'New York/Newark' },
  { name: 'Pier 400 Los Angeles', code: '2704', port: 'Los Angeles' },
  { name: 'Savannah Garden City Terminal', code: '1703', port: 'Savannah' },
] as const;
const STATUSES = [
  [SHIPMENT_STATUSES.submitted, 30],
  [SHIPMENT_STATUSES.released, 35],
  [SHIPMENT_STATUSES.pendingDocuments, 8],
  [SHIPMENT_STATUSES.pendingRelease, 10],
  [SHIPMENT_STATUSES.accepted, 10],
  [SHIPMENT_STATUSES.cbpDocsReviewHold, 4],
  [SHIPMENT_STATUSES.isfHold, 3],
] as const;
const FIRST_ETA = Date.UTC(2026, 5, 1);

const accountNo = (company: number, account: number) => String(70_000 + company * 100 + account);

/** One shipment's four records: the shipment, two containers with their tracking, its master bill. */
function recordsOfShipment(rng: Rng, index: number): unknown[] {
  const fileNumber = formatEntryNumber('BRK', 1_000_000 + index);
  const carrier = rng.pick(LINES);
  const terminal = rng.pick(TERMINALS);
  const origin = rng.pick(ORIGINS);
  const eta = FIRST_ETA + rng.int(0, 182) * DAY_MS + rng.int(6, 20) * HOUR_MS;
  const loaded = eta - rng.int(18, 35) * DAY_MS;
  const container = (serial: number) => ({
    kind: 'container',
    file_number: fileNumber,
    container_no: containerNumber(carrier.owner, String(serial).padStart(6, '0')),
    tracking_events: [
      { location: origin, type: 'Gate in full', date: isoDate(loaded - 2 * DAY_MS) },
      { location: origin, type: 'Loaded on vessel', date: isoDate(loaded) },
      { location: 'At sea', type: 'In transit', date: isoDate(loaded + 5 * DAY_MS) },
      ...(eta < FIRST_ETA + 120 * DAY_MS
        ? [{ location: terminal.port, type: 'Discharged', date: isoDate(eta + rng.int(4, 30) * HOUR_MS) }]
        : []),
    ],
  });
  return [
    {
      kind: 'shipment',
      file_number: fileNumber,
      account_no: accountNo(rng.int(0, COMPANIES - 1), rng.int(0, ACCOUNTS_PER_COMPANY - 1)),
      status: rng.weighted(STATUSES),
      customer_reference_no: `PO-${rng.digits(6)}`,
      est_time_arrive: timestampText(eta),
      origin,
      destination_terminal: terminal.name,
      steamship_line: carrier.line,
      vessel_name: rng.pick(carrier.vessels),
      unlading_code: terminal.code,
      unlading_name: terminal.port,
      transport_mode: '11',
      transport_mode_description: 'Vessel, containerized',
    },
    container(index * 2),
    container(index * 2 + 1),
    {
      kind: 'bill_of_lading',
      file_number: fileNumber,
      bill_lading: `${carrier.bill}${rng.digits(9)}`,
      is_master: true,
    },
  ];
}

/** Writes the file: the companies and accounts, then every shipment; its number of records. */
async function writeFile(file: string): Promise<number> {
  const rng = createRng(2026_11_26);
  const out = createWriteStream(file);
  let records = 0;
  const write = async (record: unknown) => {
    records += 1;
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  };
  for (let company = 0; company < COMPANIES; company++) {
    const companyId = `BRK-C${company + 1}`;
    await write({ kind: 'company', company_id: companyId, name: companyName(company + 1) });
    for (let account = 0; account < ACCOUNTS_PER_COMPANY; account++) {
      const name = accountName((company + 1) * ACCOUNTS_PER_COMPANY + account);
      await write({ kind: 'account', account_no: accountNo(company, account), company_id: companyId, name });
    }
  }
  for (let index = 0; index < SHIPMENTS; index++)
    for (const record of recordsOfShipment(rng, index)) await write(record);
  out.end();
  await once(out, 'finish');
  return records;
}

async function openDatabase(name: string, folder: string): Promise<Db> {
  const db =
    name === 'postgres'
      ? await connectDatabase({ databaseUrl: await recreateDatabase(DATABASE) })
      : await connectDatabase({ pgliteDir: path.join(folder, 'db') });
  await migrateToLatest(db);
  return db;
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-cli-import-'));
try {
  const file = path.join(folder, 'records.ndjson');
  const records = await writeFile(file);
  const megabytes = (await stat(file)).size / 1e6;
  log(
    `CLI import: ${SHIPMENTS.toLocaleString('en-US')} shipments, ${records.toLocaleString('en-US')} records ` +
      `(${megabytes.toFixed(1)} MB of NDJSON), first import; ${os.cpus().length} cores`,
  );
  for (const name of DATABASES) {
    const db = await openDatabase(name, path.join(folder, name));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const context = {
      db,
      log: quiet,
      storage: localStorage(path.join(folder, name, 'files')),
      mailer: createMailer({ from: 'bench@clearport.test', outboxDir: path.join(folder, name, 'outbox') }, quiet),
      publicUrl: 'http://portal.test',
    };
    try {
      const loadBefore = os.loadavg()[0]!;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const summary = await importFile(context, file);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const loadAfter = os.loadavg()[0]!;
      const perSecond = records / seconds;
      const target = TARGETS[name]!;
      log(
        `${name}: ${records.toLocaleString('en-US')} records in ${seconds.toFixed(1)} s, ` +
          `${perSecond.toFixed(0)} records/s (target ≥ ${target}: ${perSecond >= target ? 'met' : 'MISSED'}), ` +
          `CPU ${cpuSeconds.toFixed(1)} s of this process, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} ` +
          `[created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, refused ${summary.refused}` +
          `${summary.stopped ? `, stopped on line ${summary.stopped.line}: ${summary.stopped.reason}` : ''}]`,
      );
      for (const refusal of summary.refusals.slice(0, 5)) log(`  line ${refusal.line}: ${refusal.reason}`);
    } finally {
      await db.destroy();
    }
  }
  log(new Date().toISOString());
} finally {
  await rm(folder, { recursive: true, force: true });
}
