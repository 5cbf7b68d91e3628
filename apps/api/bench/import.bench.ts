import os from 'node:os';
import {
  BROKER_API_BASE,
  BROKER_API_PATHS,
  MAX_BATCH_RECORDS,
  type IngestionResponse,
} from '@clearport/contract/ingestion';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { apiKeysRepository } from '../src/modules/access/api-keys.repository.ts';
import { log, recreateDatabase } from './bench-kit.ts';
import { bundleServer, startServer, stopServer } from './bench-server.ts';

/*
 * The broker API's import speed, on PostgreSQL: 100,000 shipments, each with a container (three
 * tracking events) and a master bill, 300,000 records and a company and an account, sent to
 * POST /api/broker/v1/records in batches of 1,000 by a few clients at once, into an empty
 * database (bench_import on BENCH_DATABASE_URL's server, made anew each run). Then the same
 * records again, all unchanged. Prints records per second beside the target.
 *
 *   npm run bench -- --lists import
 *   npm run bench -- --lists import --shipments 20000    fewer shipments
 */

const DATABASE = 'bench_import';
const args = process.argv.slice(2);
const SHIPMENTS = args.includes('--shipments') ? Number(args[args.indexOf('--shipments') + 1]) : 100_000;
/** Batches in flight at once: the customs system's few parallel senders. */
const CLIENTS = Number(process.env.BENCH_IMPORT_CLIENTS ?? 8);
const TARGET_RECORDS_PER_SECOND = 2_000;

function recordsOfShipment(index: number): unknown[] {
  const fileNumber = `IMP${String(index).padStart(7, '0')}`;
  return [
    {
      kind: 'shipment',
      file_number: fileNumber,
      account_no: 'IMP-ACCOUNT',
      status: index % 5 === 0 ? 'pending documents' : 'submitted',
      customer_reference_no: `PO-${index}`,
      est_time_arrive: '2026-12-01 08:00:00',
      origin: 'Shanghai',
      destination_terminal: 'APM Terminals Elizabeth',
      steamship_line: 'Maersk',
      vessel_name: 'Maersk Ohio',
    },
    {
      kind: 'container',
      file_number: fileNumber,
      container_no: `MSKU${String(index).padStart(7, '0')}`,
      tracking_events: [
        { location: 'Shanghai', type: 'Loaded on vessel', date: '2026-11-02' },
        { location: 'Pacific Ocean', type: 'In transit', date: '2026-11-10' },
        { location: 'Newark', type: 'Discharged', date: '2026-12-01' },
      ],
    },
    { kind: 'bill_of_lading', file_number: fileNumber, bill_lading: `MAEU${index}`, is_master: true },
  ];
}

function* batches(): Generator<unknown[]> {
  let batch: unknown[] = [
    { kind: 'company', company_id: 'IMP-CO', name: 'Harborview Housewares Inc' },
    { kind: 'account', account_no: 'IMP-ACCOUNT', company_id: 'IMP-CO', name: 'Long Beach Distribution' },
  ];
  for (let index = 0; index < SHIPMENTS; index += 1) {
    // A shipment and its parts stay in one batch: they are applied in order within it.
    if (batch.length + 3 > MAX_BATCH_RECORDS) {
      yield batch;
      batch = [];
    }
    batch.push(...recordsOfShipment(index));
  }
  if (batch.length > 0) yield batch;
}

/** Sends every batch, CLIENTS at a time; the outcomes counted and the records per second. */
async function importAll(origin: string, key: string) {
  const url = `${origin}${BROKER_API_BASE}${BROKER_API_PATHS.records}`;
  const outcomes: Record<string, number> = {};
  const source = batches();
  let records = 0;
  const started = performance.now();
  const send = async (batch: unknown[]) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ records: batch }),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const { results } = (await response.json()) as IngestionResponse;
    for (const result of results) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
    records += results.length;
  };
  const client = async () => {
    for (let next = source.next(); !next.done; next = source.next()) await send(next.value);
  };
  // The first batch holds the company and its account, which every other batch needs.
  const first = source.next();
  if (!first.done) await send(first.value);
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  return { outcomes, records, seconds, perSecond: records / seconds };
}

const databaseUrl = await recreateDatabase(DATABASE);
const db = await connectDatabase({ databaseUrl });
await migrateToLatest(db);
const { key } = await apiKeysRepository.create(db, { name: 'bench', scopes: ['records'], expiresAt: null });
const { child, origin } = await startServer(await bundleServer(), databaseUrl);
try {
  log(`import: ${SHIPMENTS.toLocaleString('en-US')} shipments with a container and a bill each, ${CLIENTS} clients`);
  for (const pass of ['first import', 'same records again']) {
    const run = await importAll(origin, key);
    const outcomes = Object.entries(run.outcomes)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ');
    log(
      `${pass}: ${run.records.toLocaleString('en-US')} records in ${run.seconds.toFixed(1)} s, ` +
        `${run.perSecond.toFixed(0)} records/s (target ≥ ${TARGET_RECORDS_PER_SECOND}) [${outcomes}]`,
    );
  }
  log(`${new Date().toISOString()}, ${os.cpus().length} cores`);
} finally {
  await stopServer(child);
  await db.destroy();
}
