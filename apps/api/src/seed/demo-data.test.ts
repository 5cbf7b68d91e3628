import {
  CBP_PORTS,
  ENTRY_TYPES,
  hmfCents,
  HOLDING_DISPOSITIONS,
  isValidEntryNumber,
  mpfCents,
} from '@clearport/contract/customs-entry';
import { STDERR_LOG } from '../lib/action.ts';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { DOCUMENT_TYPES, TRACKED_DOCUMENT_ABBREVIATIONS } from '@clearport/contract/documents';
import { ACTIVE_STATUS, SHIPMENT_UPDATES_CUTOFF_DATE } from '@clearport/contract/constants';
import { ROLES } from '@clearport/contract/roles';
import { RELEASE_DAYS_THRESHOLD } from '@clearport/contract/reports';
import { EVENT_TYPE_DOCS } from '@clearport/contract/ingestion-docs';
import { ISF_FILED_BY_CLIENT } from '@clearport/contract/shipment-detail';
import { connectDatabase, type Db } from '../db/connect.ts';
import { createTestDatabase } from '../../test/build-app.ts';
import { templateFs } from '../../test/template-database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { localStorage } from '../lib/storage.ts';
import { ingestRecords } from '../modules/ingestion/ingest.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './demo-data.ts';
import { DAY_MS } from './demo-numbers.ts';
import { planDemo, type DemoPlan } from './demo-shipments.ts';
import { brokerRecords, writeDemoPlan } from './demo-writer.ts';
import { deliveryOrdersRepository } from '../modules/delivery-orders/delivery-orders.repository.ts';

/**
 * Seeding writes 420 shipments with their files: about 10 s alone on this machine, and several
 * times that when the two cores are shared with other work. The limit only stops a seed that hangs.
 */
const SEED_TIMEOUT_MS = 300_000;
const REQUIRED_TYPES = TRACKED_DOCUMENT_ABBREVIATIONS.map((tracked) => tracked.type);
/** CBP's transport mode code of air cargo (the 7501's block 9). */
const AIR = '40';
const S = SHIPMENT_STATUSES;
/** The statuses under which CBP has released the cargo, or lets it move in bond: it may leave the terminal. */
const MAY_LEAVE: readonly string[] = [S.released, S.liquidated, S.accepted, S.admissible, S.itShipment];
const CBP_EXAMS: readonly string[] = [S.cbpIntensiveExam, S.cbpVacisExam, S.cbpVaxExam];
/** Food and drink, which FDA reviews: frozen shrimp, red wine, fresh mangoes. */
const FDA_GOODS = ['0306170040', '2204215040', '0804504055'];
/** `YYYY-MM-DD HH:MM:SS` in UTC, as stored, in milliseconds. */
const msOf = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
const dayOf = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

type Fixture = { db: Db; filesDir: string; close(): Promise<void> };

/** A migrated database in memory (PGlite) and an empty file store. */
async function openFixture(): Promise<Fixture> {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-seed-'));
  const db = await connectDatabase({});
  await migrateToLatest(db);
  return {
    db,
    filesDir,
    async close() {
      await db.destroy();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** What must come out the same on every run: the dates move with today, the rest does not. */
async function outline(db: Db) {
  return db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .leftJoin('containers', 'containers.shipment_id', 'shipments.id')
    .select(['shipments.file_number', 'accounts.account_no', 'shipments.status', 'containers.container_no'])
    .orderBy('shipments.file_number')
    .orderBy('containers.container_no')
    .execute();
}

type OutlineRow = Awaited<ReturnType<typeof outline>>[number];

/** What outline() reads once `plan` is written. */
function planOutline(plan: DemoPlan): OutlineRow[] {
  return plan.companies.flatMap((company) =>
    company.shipments.flatMap((shipment) => {
      const row = {
        file_number: shipment.row.file_number,
        account_no: shipment.accountNo,
        status: shipment.row.status,
      };
      const containers = shipment.containers.map((container) => container.container_no);
      return (containers.length > 0 ? containers : [null]).map((container_no) => ({ ...row, container_no }));
    }),
  );
}

/** Outline rows in one order, whatever the database's collation. */
function sortedOutline(rows: OutlineRow[]): OutlineRow[] {
  const key = (row: OutlineRow) => `${row.file_number}\u0000${row.container_no ?? ''}`;
  return rows.toSorted((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as the demo writes the ETA. */
const timestampText = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** A `timestamp` parameter from its text, so no driver shifts it by a time zone. */
const timestamp = (text: string) => sql<string>`cast(${text} as timestamp)`;

async function fileStart(filesDir: string, key: string): Promise<string> {
  const file = await open(path.join(filesDir, key));
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(5), 0, 5, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await file.close();
  }
}

/**
 * The run's seeded template (test/global-setup.ts): what the app's demo plugin seeded with seedDemoData
 * on an empty database of this engine. A copy of its database, and its files read where they are.
 */
async function openSeededTemplate(serverUrl?: string): Promise<Fixture> {
  const template = inject('seededTemplate');
  const filesDir = path.join(template.dataDir, 'files');
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl, template.databaseName);
    const db = await connectDatabase({ databaseUrl: database.url });
    return { db, filesDir, close: async () => (await db.destroy(), await database.drop()) };
  }
  const db = await connectDatabase({ pgliteFs: await templateFs(template.dataDir) });
  return { db, filesDir, close: () => db.destroy() };
}

function describeSeededDatabase(serverUrl?: string) {
  let fixture: Fixture;
  let db: Db;
  beforeAll(async () => {
    fixture = await openSeededTemplate(serverUrl);
    db = fixture.db;
  }, SEED_TIMEOUT_MS);
  afterAll(async () => fixture?.close());

  it('creates the five demo logins with their roles, companies and linked accounts', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    const users = await db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.email',
        'users.name',
        'users.role',
        'users.password_hash',
        'companies.name as company',
      ])
      .execute();
    const links = await db
      .selectFrom('user_accounts')
      .innerJoin('accounts', 'accounts.id', 'user_accounts.account_id')
      .select(['user_accounts.user_id', 'accounts.account_no'])
      .orderBy('accounts.account_no')
      .execute();
    const seeded = users.map((user) => ({
      email: user.email,
      role: user.role,
      name: user.name,
      company: user.company,
      accounts: links.filter((link) => link.user_id === user.id).map((link) => link.account_no),
    }));
    expect(seeded).toHaveLength(DEMO_LOGINS.length);
    expect(seeded).toEqual(expect.arrayContaining(DEMO_LOGINS.map((login) => expect.objectContaining(login))));

    const hashes = new Set(users.map((user) => user.password_hash));
    expect(hashes.size).toBe(1);
    expect(await verifyPassword(DEMO_PASSWORD, [...hashes][0]!)).toBe(true);

    const companies = await db.selectFrom('companies').select(['name', 'primary_contact']).orderBy('name').execute();
    expect(companies).toEqual(
      DEMO_LOGINS.filter((login) => login.role === ROLES.primary)
        .map((login) => ({ name: login.company, primary_contact: login.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('keeps each company’s shipments on its own accounts, with its own entry prefix', async () => {
    const accounts = await db
      .selectFrom('accounts')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .leftJoin('shipments', 'shipments.account_id', 'accounts.id')
      .select(['companies.name as company', 'accounts.account_no', 'accounts.document_tracking'])
      .select((eb) => eb.fn.count<number>('shipments.id').as('shipments'))
      .groupBy(['companies.name', 'accounts.account_no', 'accounts.document_tracking'])
      .orderBy('accounts.account_no')
      .execute();
    expect(
      accounts.map(({ company, account_no, document_tracking }) => [company, account_no, document_tracking]),
    ).toEqual([
      ['Demo Imports LLC', '40001', false],
      ['Demo Imports LLC', '40002', false],
      ['Demo Imports LLC', '40003', true],
      ['Other Trading Co', '70001', false],
    ]);
    const [first, second, third, other] = accounts.map((account) => Number(account.shipments));
    expect(first! + second! + third!).toBe(300);
    expect(first).toBeGreaterThan(second!);
    expect(other).toBe(120);

    const prefixes = await db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['accounts.account_no', sql<string>`left(shipments.file_number, 4)`.as('prefix')])
      .distinct()
      .orderBy('accounts.account_no')
      .execute();
    expect(prefixes).toEqual([
      { account_no: '40001', prefix: 'DMI-' },
      { account_no: '40002', prefix: 'DMI-' },
      { account_no: '40003', prefix: 'DMI-' },
      { account_no: '70001', prefix: 'OTC-' },
    ]);
    const fileNumbers = await db.selectFrom('shipments').select('file_number').execute();
    for (const { file_number } of fileNumbers) expect(file_number).toMatch(/^(DMI|OTC)-\d{7}-\d$/);
  });

  it('stores every status of the contract, and one outside it', async () => {
    const rows = await db.selectFrom('shipments').select('status').distinct().execute();
    const statuses = rows.map((row) => row.status);
    const known: readonly string[] = Object.values(SHIPMENT_STATUSES);
    expect(statuses).toEqual(expect.arrayContaining([...known]));
    expect(statuses.filter((status) => !known.includes(status))).not.toHaveLength(0);
  });

  it('keeps statuses coherent with the document types and the ISF', async () => {
    const shipments = await db
      .selectFrom('shipments')
      .leftJoin('document_types', (join) =>
        join.onRef('document_types.shipment_id', '=', 'shipments.id').on('document_types.required', '=', true),
      )
      .select([
        'shipments.id',
        'shipments.status',
        'shipments.isf_transaction_no',
        'shipments.isf_submit_date',
        'shipments.transport_mode',
      ])
      .select(sql<string[]>`array_agg(document_types.type order by document_types.type)`.as('required'))
      .select(sql<number>`count(*) filter (where not document_types.submitted)::int`.as('missing'))
      .groupBy('shipments.id')
      .execute();

    for (const shipment of shipments) expect(shipment.required).toEqual([...REQUIRED_TYPES].sort());
    const pendingDocuments = shipments.filter((s) => s.status === SHIPMENT_STATUSES.pendingDocuments);
    const pendingRelease = shipments.filter((s) => s.status === SHIPMENT_STATUSES.pendingRelease);
    expect(pendingDocuments.length).toBeGreaterThan(20);
    expect(pendingRelease.length).toBeGreaterThan(5);
    for (const shipment of pendingDocuments) expect(shipment.missing).toBeGreaterThan(0);
    for (const shipment of pendingRelease) {
      expect(shipment.missing).toBe(0);
      expect(shipment.isf_transaction_no).not.toBeNull();
    }

    const isf = shipments.map((s) => s.isf_transaction_no);
    expect(shipments.some((s) => s.status === SHIPMENT_STATUSES.submitted && s.isf_transaction_no === null)).toBe(true);
    expect(isf.filter((value) => value === 'N\\A').length).toBeGreaterThan(5);
    expect(isf.filter((value) => value?.startsWith('ISF-')).length).toBeGreaterThan(100);
    for (const shipment of shipments.filter((each) => each.transport_mode !== AIR)) {
      expect(shipment.isf_submit_date === null).toBe(shipment.isf_transaction_no === null);
    }

    const optional = await db.selectFrom('document_types').select('type').where('required', '=', false).execute();
    expect(optional.length).toBeGreaterThan(0);
  });

  it('has shipments with no, one, two and many containers, masters and houses', async () => {
    const counts = await db
      .selectFrom('shipments')
      .select((eb) => [
        eb
          .selectFrom('containers')
          .whereRef('containers.shipment_id', '=', 'shipments.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('containers'),
        eb
          .selectFrom('bills_of_lading')
          .whereRef('bills_of_lading.shipment_id', '=', 'shipments.id')
          .where('is_master', '=', true)
          .select(eb.fn.countAll<number>().as('n'))
          .as('masters'),
        eb
          .selectFrom('bills_of_lading')
          .whereRef('bills_of_lading.shipment_id', '=', 'shipments.id')
          .where('is_master', '=', false)
          .select(eb.fn.countAll<number>().as('n'))
          .as('houses'),
      ])
      .execute();
    const bucket = (n: unknown) => Math.min(Number(n), 3);
    for (const column of ['containers', 'masters', 'houses'] as const) {
      expect(new Set(counts.map((row) => bucket(row[column]))), column).toEqual(new Set([0, 1, 2, 3]));
    }

    const containers = await db.selectFrom('containers').select(['container_no', 'tracking_info']).execute();
    expect(new Set(containers.map((c) => c.container_no)).size).toBe(containers.length);
    for (const { container_no, tracking_info } of containers) {
      expect(container_no).toMatch(/^[A-Z]{3}U\d{7}$/);
      expect(Array.isArray(tracking_info)).toBe(true);
      for (const event of tracking_info) {
        expect(Object.keys(event).sort()).toEqual(['date', 'location', 'type']);
        expect(new Date(event.date).toISOString()).toBe(event.date);
      }
    }
    expect(containers.some((c) => c.tracking_info.length === 0)).toBe(true);

    const withEvents = (before: boolean) =>
      db
        .selectFrom('shipments')
        .innerJoin('containers', 'containers.shipment_id', 'shipments.id')
        .select('shipments.id')
        .where('shipments.est_time_arrive', before ? '<' : '>=', timestamp(SHIPMENT_UPDATES_CUTOFF_DATE))
        .where(sql<boolean>`jsonb_array_length(containers.tracking_info) > 0`)
        .limit(1)
        .execute();
    expect(await withEvents(true)).toHaveLength(1);
    expect(await withEvents(false)).toHaveLength(1);
  });

  it('places ETAs around today, so that every date filter finds shipments', async () => {
    const now = new Date();
    const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day));
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
    const ranges = {
      thisWeek: [now, new Date(now.getTime() + 7 * 86_400_000)],
      thisMonth: [utc(year, month), utc(year, month + 1)],
      last30Days: [new Date(now.getTime() - 30 * 86_400_000), now],
      last3Months: [utc(year, month - 3), now],
      yearToDate: [utc(year, 0), now],
      olderThanAYear: [utc(2000, 0), new Date(now.getTime() - 365 * 86_400_000)],
      inTwoMonths: [new Date(now.getTime() + 30 * 86_400_000), new Date(now.getTime() + 70 * 86_400_000)],
    } as const;
    for (const [name, [from, to]] of Object.entries(ranges)) {
      const rows = await db
        .selectFrom('shipments')
        .select('id')
        .where('est_time_arrive', '>=', timestamp(timestampText(from)))
        .where('est_time_arrive', '<=', timestamp(timestampText(to)))
        .execute();
      expect(rows.length, name).toBeGreaterThan(2);
    }
    const unknown = await db.selectFrom('shipments').select('id').where('est_time_arrive', 'is', null).execute();
    expect(unknown.length).toBeGreaterThan(5);
    expect(unknown.length).toBeLessThan(42);
  });

  it('spreads arrivals and entries evenly over the months, as an importer ships all year', async () => {
    const now = new Date();
    const firstOfThisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 16, 1));
    const perMonth = async (column: 'shipments.est_time_arrive' | 'entry.entry_date') => {
      const rows = await db
        .selectFrom('shipments')
        .leftJoin('customs_entries as entry', 'entry.shipment_id', 'shipments.id')
        .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
        .innerJoin('companies', 'companies.id', 'accounts.company_id')
        .select([
          sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`.as('month'),
          sql<number>`count(*)::int`.as('count'),
        ])
        .where('companies.name', '=', 'Demo Imports LLC')
        .where(sql.ref(column), '>=', sql<Date>`${since.toISOString()}::timestamp`)
        .where(sql.ref(column), '<', sql<Date>`${firstOfThisMonth.toISOString()}::timestamp`)
        .groupBy(sql`to_char(${sql.ref(column)}, 'YYYY-MM')`)
        .execute();
      return rows.map((row) => row.count).sort((a, b) => a - b);
    };
    for (const column of ['shipments.est_time_arrive', 'entry.entry_date'] as const) {
      const counts = await perMonth(column);
      expect(counts.length, column).toBe(16);
      const median = counts[8]!;
      expect(median, column).toBeGreaterThanOrEqual(8);
      expect(counts.at(-1)!, column).toBeLessThanOrEqual(2.5 * median);
      expect(counts[0]!, column).toBeGreaterThanOrEqual(median / 3);
    }
  });

  it('writes every file a row names, as a PDF', async () => {
    const documents = await db.selectFrom('documents').select(['path', 'size', 'content_type']).execute();
    const invoices = await db.selectFrom('invoices').select(['path', 'backup']).execute();
    const forms = await db
      .selectFrom('shipments')
      .select('path_to_7501')
      .where('path_to_7501', 'is not', null)
      .execute();
    const keys = [
      ...documents.map((document) => document.path),
      ...invoices.flatMap((invoice) => [invoice.path, invoice.backup]),
      ...forms.map((form) => form.path_to_7501),
    ].filter((key): key is string => key !== null);
    expect(keys.length).toBeGreaterThan(400);
    const starts = await Promise.all(keys.map((key) => fileStart(fixture.filesDir, key)));
    expect(starts.filter((start) => start !== '%PDF-')).toEqual([]);
    for (const document of documents) {
      expect(document.content_type).toBe('application/pdf');
      expect(document.size).toBeGreaterThan(500);
    }
    expect(invoices.every((invoice) => invoice.path !== null)).toBe(true);
  });

  it('files each 7501 as a document of its own shipment, some reviewed and some not', async () => {
    const forms = await db
      .selectFrom('shipments')
      .leftJoin('documents', (join) =>
        join.onRef('documents.shipment_id', '=', 'shipments.id').onRef('documents.path', '=', 'shipments.path_to_7501'),
      )
      .select(['shipments.reviewed_7501', 'documents.document_type'])
      .where('shipments.path_to_7501', 'is not', null)
      .execute();
    expect(forms.length).toBeGreaterThan(80);
    for (const form of forms) expect(form.document_type).toBe(DOCUMENT_TYPES.form7501);
    expect(new Set(forms.map((form) => form.reviewed_7501))).toEqual(new Set([true, false]));

    const supplementary = await db.selectFrom('documents').select('id').where('supplementary', '=', true).execute();
    expect(supplementary.length).toBeGreaterThan(0);
  });

  it('tells the broker’s change feed what the customers did, when they did it, in the words of its description', async () => {
    // A customer's act names who acted; the containers' free days, the brokerage's own records, name nobody.
    const events = await db
      .selectFrom('broker_events')
      .select(['id', 'type', 'user_email', 'detail', 'created_at', 'file_number'])
      .where('user_email', 'is not', null)
      .orderBy('tx')
      .orderBy('id')
      .execute();
    const countOf = (type: string) => events.filter((event) => event.type === type).length;
    const count = async (query: { execute(): Promise<Array<{ count: string | number | bigint }>> }) =>
      Number((await query.execute())[0]!.count);
    const counted = {
      'document.uploaded': await count(
        db
          .selectFrom('documents')
          .select(({ fn }) => fn.countAll().as('count'))
          .where('uploaded_by', 'is not', null),
      ),
      'note.added': await count(db.selectFrom('shipment_notes').select(({ fn }) => fn.countAll().as('count'))),
      'delivery_order.created': await count(
        db.selectFrom('delivery_orders').select(({ fn }) => fn.countAll().as('count')),
      ),
      // Air cargo's N\A is no one's filing: the ISF is for ocean cargo only.
      'isf.filed': await count(
        db
          .selectFrom('shipments')
          .select(({ fn }) => fn.countAll().as('count'))
          .where('isf_transaction_no', '=', ISF_FILED_BY_CLIENT)
          .where('transport_mode', '!=', AIR),
      ),
      '7501_reviewed.changed': await count(
        db
          .selectFrom('shipments')
          .select(({ fn }) => fn.countAll().as('count'))
          .where('reviewed_7501', '=', true),
      ),
    };
    for (const [type, rows] of Object.entries(counted)) {
      expect(rows, type).toBeGreaterThan(0);
      expect(countOf(type), type).toBe(rows);
    }
    // Only those.
    expect(events).toHaveLength(Object.values(counted).reduce((sum, rows) => sum + rows, 0));

    for (const event of events) {
      // The detail's fields, as the feed's description lists them.
      const documented = /^\{ ([^}]*) \}/.exec(EVENT_TYPE_DOCS[event.type]!)![1]!.split(', ');
      expect(Object.keys(event.detail).sort(), event.type).toEqual([...documented].sort());
    }
    // In the order they happened, over the months the demo covers.
    const times = events.map((event) => new Date(event.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(60 * DAY_MS);
    expect(times.at(-1)!).toBeLessThan(Date.now());

    // Each dated when its row says it happened.
    for (const [type, table, idField] of [
      ['note.added', 'shipment_notes', 'note_id'],
      ['delivery_order.created', 'delivery_orders', 'delivery_order_id'],
    ] as const) {
      const rows = await db.selectFrom(table).select(['id', 'created_at']).execute();
      const timeOf = new Map(rows.map((row) => [row.id, new Date(row.created_at).getTime()]));
      for (const event of events.filter((each) => each.type === type)) {
        expect(new Date(event.created_at).getTime(), type).toBe(timeOf.get(Number(event.detail[idField])));
      }
    }
  });

  it('builds delivery orders from their own shipment’s containers and bills', async () => {
    const foreignContainers = await db
      .selectFrom('delivery_order_containers')
      .innerJoin('delivery_orders', 'delivery_orders.id', 'delivery_order_containers.delivery_order_id')
      .innerJoin('containers', 'containers.id', 'delivery_order_containers.container_id')
      .select('delivery_orders.id')
      .whereRef('containers.shipment_id', '<>', 'delivery_orders.shipment_id')
      .execute();
    const foreignBills = await db
      .selectFrom('delivery_order_bills')
      .innerJoin('delivery_orders', 'delivery_orders.id', 'delivery_order_bills.delivery_order_id')
      .innerJoin('bills_of_lading', 'bills_of_lading.id', 'delivery_order_bills.bill_of_lading_id')
      .select('delivery_orders.id')
      .whereRef('bills_of_lading.shipment_id', '<>', 'delivery_orders.shipment_id')
      .execute();
    expect(foreignContainers).toEqual([]);
    expect(foreignBills).toEqual([]);

    const twiceAssigned = await db
      .selectFrom('delivery_order_containers')
      .innerJoin('delivery_orders', 'delivery_orders.id', 'delivery_order_containers.delivery_order_id')
      .select('delivery_order_containers.container_id')
      .groupBy(['delivery_orders.shipment_id', 'delivery_order_containers.container_id'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(twiceAssigned).toEqual([]);

    const orders = await deliveryOrdersRepository
      .withAccount(db)
      .innerJoin('truckers', 'truckers.id', 'delivery_orders.trucker_id')
      .innerJoin('warehouses', 'warehouses.id', 'delivery_orders.warehouse_id')
      .select([
        'delivery_orders.shipment_id',
        'delivery_orders.approved',
        'delivery_orders.approved_at',
        'delivery_orders.path',
        'shipments.ignored_shipment',
        'accounts.company_id',
        'truckers.company_id as trucker_company',
        'truckers.status as trucker_status',
        'truckers.deleted_at as trucker_deleted',
        'warehouses.company_id as warehouse_company',
        'warehouses.status as warehouse_status',
        'warehouses.deleted_at as warehouse_deleted',
      ])
      .select((eb) => [
        eb
          .selectFrom('delivery_order_containers')
          .whereRef('delivery_order_id', '=', 'delivery_orders.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('containers'),
        eb
          .selectFrom('delivery_order_bills')
          .whereRef('delivery_order_id', '=', 'delivery_orders.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('bills'),
      ])
      .execute();
    expect(orders.length).toBeGreaterThan(50);
    for (const order of orders) {
      expect(order).toMatchObject({
        trucker_company: order.company_id,
        warehouse_company: order.company_id,
        trucker_status: ACTIVE_STATUS,
        warehouse_status: ACTIVE_STATUS,
        trucker_deleted: null,
        warehouse_deleted: null,
        path: null,
        ignored_shipment: false,
      });
      expect(Number(order.containers)).toBeGreaterThan(0);
      expect(Number(order.bills)).toBeGreaterThan(0);
      expect(order.approved_at === null).toBe(!order.approved);
    }
    expect(new Set(orders.map((order) => order.approved))).toEqual(new Set([true, false]));
    const perShipment = new Map<number, number>();
    for (const order of orders) perShipment.set(order.shipment_id, (perShipment.get(order.shipment_id) ?? 0) + 1);
    expect([...perShipment.values()]).toContain(2);

    const ignored = await db.selectFrom('shipments').select('id').where('ignored_shipment', '=', true).execute();
    expect(ignored.length).toBeGreaterThan(0);
  });

  it('approves orders the broker’s way, leaving approved unsent ones, and has shipments still waiting for a container', async () => {
    const approvals = await deliveryOrdersRepository
      .withAccount(db)
      .leftJoin('shipment_activity', (join) =>
        join
          .onRef('shipment_activity.shipment_id', '=', 'delivery_orders.shipment_id')
          .on('shipment_activity.action', '=', 'delivery_order.approved')
          .on(sql<boolean>`(shipment_activity.detail->>'delivery_order_id')::int = delivery_orders.id`),
      )
      .select([
        'delivery_orders.id',
        'delivery_orders.approved',
        'delivery_orders.path',
        'accounts.account_no',
        'delivery_orders.approved_at',
        'shipment_activity.user_id',
        'shipment_activity.id as activity_id',
        'shipment_activity.created_at as activity_at',
      ])
      .execute();
    for (const order of approvals) {
      expect(order.activity_id !== null, `order ${order.id}`).toBe(order.approved);
      if (!order.approved) continue;
      expect(order.user_id).toBeNull();
      // The approval is told when it happened, not when the demo was written.
      expect(order.activity_at, `order ${order.id}`).toEqual(order.approved_at);
    }
    // user@demo.test sees only 40001: an order there can be sent at once by every demo login but role 11.
    expect(approvals.some((order) => order.approved && order.path === null && order.account_no === '40001')).toBe(true);

    const waiting = await db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('shipments.id')
      .where('accounts.account_no', '=', '40001')
      .where(sql<boolean>`cardinality(shipments.container_nos) = 0`)
      .where('shipments.status', 'not in', [SHIPMENT_STATUSES.released, SHIPMENT_STATUSES.liquidated])
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
  });

  it('bills most shipments on their own account, those whose entry or ISF is billed by now, most of them paid', async () => {
    const invoices = await db
      .selectFrom('invoices')
      .innerJoin('shipments', 'shipments.id', 'invoices.shipment_id')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select([
        'invoices.account_id',
        'shipments.account_id as shipment_account_id',
        'invoices.file_number',
        'shipments.file_number as shipment_file_number',
        'invoices.proper_name',
        'companies.name as company',
        'invoices.is_paid',
        'invoices.backup',
      ])
      .execute();
    expect(invoices.length).toBeGreaterThan(0.6 * 420);
    expect(invoices.length).toBeLessThan(0.9 * 420);
    for (const invoice of invoices) {
      expect(invoice.account_id).toBe(invoice.shipment_account_id);
      expect(invoice.file_number).toBe(invoice.shipment_file_number);
      expect(invoice.proper_name).toBe(invoice.company);
    }
    const paid = invoices.filter((invoice) => invoice.is_paid).length / invoices.length;
    expect(paid).toBeGreaterThan(0.6);
    expect(paid).toBeLessThan(0.95);
    expect(invoices.some((invoice) => invoice.backup !== null)).toBe(true);
  });

  it('gives containers free days and the history of their last free days, none of it left to be mailed', async () => {
    const changes = await db
      .selectFrom('container_lfd_changes')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`(count(*) FILTER (WHERE mail_queued_at IS NULL))::int`.as('unmailed'),
        sql<number>`(count(*) FILTER (WHERE old_day IS NOT NULL))::int`.as('moved'),
      ])
      .executeTakeFirstOrThrow();
    expect(changes.all).toBeGreaterThan(100);
    expect(changes.moved).toBeGreaterThan(10);
    expect(changes.unmailed).toBe(0);
  });

  it('issues invoices over the past months, never many on one day', async () => {
    const days = await db
      .selectFrom('invoices')
      .select([sql<string>`to_char(created_at, 'YYYY-MM-DD')`.as('day'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`to_char(created_at, 'YYYY-MM-DD')`)
      .execute();
    const total = days.reduce((sum, each) => sum + each.count, 0);
    expect(Math.max(...days.map((each) => each.count))).toBeLessThan(0.05 * total);
    const months = new Set(days.map((each) => each.day.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
  });

  it('makes the same shipments on another run, on another day', async () => {
    // The first hour of a year: months and years turn over on the ETAs' days.
    const plan = planDemo(new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1, 0, 30)), {});
    const written = await outline(db);
    expect(new Set(written.map((row) => row.file_number)).size).toBe(420);
    expect(sortedOutline(planOutline(plan))).toEqual(sortedOutline(written));
  });

  it('gives each company truckers, warehouses and the four notification lists', async () => {
    const companies = await db.selectFrom('companies').select('id').execute();
    for (const { id } of companies) {
      const truckers = await db
        .selectFrom('truckers')
        .leftJoin('trucker_emails', 'trucker_emails.trucker_id', 'truckers.id')
        .select(['truckers.status', 'truckers.deleted_at', 'trucker_emails.email', 'trucker_emails.cc_emails'])
        .where('truckers.company_id', '=', id)
        .execute();
      expect(truckers.length).toBeGreaterThanOrEqual(5);
      expect(truckers.length).toBeLessThanOrEqual(6);
      expect(truckers.some((trucker) => trucker.status === 0)).toBe(true);
      expect(truckers.filter((trucker) => trucker.deleted_at !== null)).toHaveLength(1);
      for (const trucker of truckers) {
        expect(trucker.email).toMatch(/@/);
        expect(trucker.cc_emails!.length).toBeLessThanOrEqual(3);
      }

      const warehouses = await db
        .selectFrom('warehouses')
        .leftJoin('warehouse_emails', 'warehouse_emails.warehouse_id', 'warehouses.id')
        .select(['warehouses.state', 'warehouses.status', 'warehouses.deleted_at', 'warehouse_emails.name as contact'])
        .where('warehouses.company_id', '=', id)
        .execute();
      expect(warehouses.length).toBeGreaterThanOrEqual(4);
      expect(warehouses.length).toBeLessThanOrEqual(5);
      expect(warehouses.some((warehouse) => warehouse.status === 0)).toBe(true);
      expect(warehouses.filter((warehouse) => warehouse.deleted_at !== null)).toHaveLength(1);
      for (const warehouse of warehouses) {
        expect(warehouse.state).toMatch(/^[A-Z]{2}$/);
        expect(warehouse.contact).not.toBe('');
      }

      const lists = await db
        .selectFrom('notification_emails')
        .select('table_number')
        .where('company_id', '=', id)
        .orderBy('table_number')
        .execute();
      expect(lists.map((list) => list.table_number)).toEqual([0, 1, 2, 3]);
    }

    const notifications = await db.selectFrom('notifications').select(['company_id', 'active']).execute();
    expect(notifications.filter((notification) => notification.active)).toEqual([{ company_id: null, active: true }]);
    expect(notifications.some((notification) => !notification.active)).toBe(true);
  });

  it('files a customs entry for every shipment past submission, with real codes, exact sums and its holds', async () => {
    const entries = await db
      .selectFrom('customs_entries as entry')
      .innerJoin('shipments', 'shipments.id', 'entry.shipment_id')
      .select([
        'entry.id',
        'entry.entry_number',
        'entry.entry_type',
        'entry.port_code',
        'entry.mode',
        'entry.entered_value_cents',
        'entry.duty_cents',
        'entry.mpf_cents',
        'entry.hmf_cents',
        'shipments.file_number',
        'shipments.status',
        'shipments.fda_review',
      ])
      .execute();
    const early = ['pending documents', 'submitted'];
    const shipments = await db.selectFrom('shipments').select(['status']).execute();
    expect(entries.length).toBeGreaterThan(shipments.length / 2);
    expect(entries.every((entry) => !early.includes(entry.status))).toBe(true);
    const lineSums = await db
      .selectFrom('customs_entry_lines')
      .select(['entry_id', 'hts_number'])
      .select((eb) => [
        eb.fn.sum<string>('entered_value_cents').as('value'),
        eb.fn.sum<string>('duty_cents').as('duty'),
      ])
      .groupBy(['entry_id', 'hts_number'])
      .execute();
    const sumsOf = new Map<number, { value: number; duty: number }>();
    for (const line of lineSums) {
      expect(line.hts_number).toMatch(/^\d{10}$/);
      const sums = sumsOf.get(line.entry_id) ?? { value: 0, duty: 0 };
      sumsOf.set(line.entry_id, { value: sums.value + Number(line.value), duty: sums.duty + Number(line.duty) });
    }
    const dispositions = await db
      .selectFrom('customs_entry_dispositions')
      .select(['entry_id', 'agency', 'disposition'])
      .execute();
    const fdaOf = new Map(
      dispositions.filter((row) => row.agency === 'FDA').map((row) => [row.entry_id, row.disposition]),
    );
    const FDA_OF_REVIEW: Record<string, string | undefined> = {
      '': undefined,
      'MAY PROCEED': 'may_proceed',
      'FDA EXAM': 'exam',
      'FDA HOLD': 'hold_intact',
      REFUSED: 'refused',
    };
    for (const entry of entries) {
      expect(isValidEntryNumber(entry.entry_number), entry.entry_number).toBe(true);
      expect(entry.entry_number).toBe(entry.file_number);
      expect(Object.keys(ENTRY_TYPES)).toContain(entry.entry_type);
      expect(CBP_PORTS[entry.port_code!], entry.port_code!).toBeDefined();
      expect(sumsOf.get(entry.id)).toEqual({ value: entry.entered_value_cents, duty: entry.duty_cents });
      expect(entry.mpf_cents).toBe(mpfCents(entry.entered_value_cents));
      expect(entry.hmf_cents).toBe(entry.mode === 'ocean' ? hmfCents(entry.entered_value_cents, 'ocean') : null);
      expect(fdaOf.get(entry.id), entry.file_number).toBe(FDA_OF_REVIEW[entry.fda_review]);
    }
    expect(new Set(dispositions.map((row) => row.agency)).size).toBeGreaterThan(2);
    expect(dispositions.some((row) => HOLDING_DISPOSITIONS.includes(row.disposition as never))).toBe(true);
  });

  it('dates each entry at its release, or its arrival until then, never before the arrival, and liquidates it on a weekday', async () => {
    const entries = await db
      .selectFrom('customs_entries as entry')
      .innerJoin('shipments', 'shipments.id', 'entry.shipment_id')
      .select([
        'shipments.file_number',
        'shipments.est_time_arrive',
        'entry.entry_date',
        'entry.release_date',
        'entry.liquidation_date',
      ])
      .execute();
    const now = Date.now();
    for (const entry of entries) {
      const arrival = entry.est_time_arrive === null ? null : dayOf(new Date(msOf(entry.est_time_arrive)));
      if (entry.release_date !== null) expect(entry.entry_date, entry.file_number).toBe(entry.release_date);
      if (entry.entry_date === null) {
        expect(msOf(entry.est_time_arrive!), entry.file_number).toBeGreaterThan(now - 2 * 3_600_000);
        continue;
      }
      expect(entry.entry_date >= arrival!, entry.file_number).toBe(true);
      if (entry.liquidation_date !== null) {
        expect([0, 6], entry.file_number).not.toContain(new Date(`${entry.liquidation_date}T00:00:00Z`).getUTCDay());
      }
    }
    expect(entries.filter((entry) => entry.release_date !== null).length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.liquidation_date !== null).length).toBeGreaterThan(10);
  });

  it("releases most entries within two days of their arrival, and some after the reports' late threshold", async () => {
    const entries = await db
      .selectFrom('customs_entries as entry')
      .innerJoin('shipments', 'shipments.id', 'entry.shipment_id')
      .select(['shipments.est_time_arrive', 'entry.release_date'])
      .where('entry.release_date', 'is not', null)
      .execute();
    const days = entries.map(
      (entry) => (Date.parse(entry.release_date!) - Date.parse(dayOf(new Date(msOf(entry.est_time_arrive!))))) / DAY_MS,
    );
    expect(days.filter((count) => count <= 2).length / days.length).toBeGreaterThan(0.7);
    expect(days.filter((count) => count > RELEASE_DAYS_THRESHOLD).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...days)).toBeLessThanOrEqual(20);
  });

  it('shows a shipment as liquidated exactly when CBP has liquidated its entry', async () => {
    const entries = await db
      .selectFrom('customs_entries as entry')
      .innerJoin('shipments', 'shipments.id', 'entry.shipment_id')
      .select(['shipments.file_number', 'shipments.status', 'entry.liquidation_status', 'entry.liquidation_date'])
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    for (const entry of entries) {
      expect(entry.status === S.liquidated, entry.file_number).toBe(entry.liquidation_status === 'liquidated');
      if (entry.status === S.liquidated) expect(entry.liquidation_date! < today, entry.file_number).toBe(true);
    }
    const released = entries.filter((entry) => entry.status === S.released);
    expect(released.length).toBeGreaterThan(50);
  });

  it('files the ISF of ocean cargo only, at least a day before its first container is loaded', async () => {
    const shipments = await db
      .selectFrom('shipments')
      .leftJoin('containers', 'containers.shipment_id', 'shipments.id')
      .select(['shipments.file_number', 'shipments.transport_mode', 'shipments.isf_transaction_no'])
      .select(['shipments.isf_submit_date', 'shipments.created_at'])
      .select(sql<string[]>`coalesce(array_agg(containers.tracking_info::text), '{}')`.as('tracking'))
      .groupBy('shipments.id')
      .execute();
    const air = shipments.filter((shipment) => shipment.transport_mode === AIR);
    expect(air.length).toBeGreaterThan(5);
    for (const shipment of air) {
      expect([shipment.isf_transaction_no, shipment.isf_submit_date], shipment.file_number).toEqual([
        ISF_FILED_BY_CLIENT,
        null,
      ]);
    }
    let checked = 0;
    for (const shipment of shipments.filter((each) => each.isf_submit_date !== null)) {
      const filed = new Date(shipment.isf_submit_date!).getTime();
      expect(filed, shipment.file_number).toBeGreaterThanOrEqual(new Date(shipment.created_at).getTime());
      const loads = shipment.tracking
        .filter((text) => text !== null)
        .flatMap((text) => JSON.parse(text) as Array<{ type: string; date: string }>)
        .filter((event) => event.type === 'Loaded on vessel')
        .map((event) => Date.parse(event.date));
      if (loads.length === 0) continue;
      checked++;
      expect(filed, shipment.file_number).toBeLessThanOrEqual(Math.min(...loads) - DAY_MS);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("bills the entry's own duty and fees after its date, and the ISF fee only for the broker's ocean ISF", async () => {
    const invoices = await db
      .selectFrom('invoices')
      .innerJoin('shipments', 'shipments.id', 'invoices.shipment_id')
      .leftJoin('customs_entries as entry', 'entry.shipment_id', 'shipments.id')
      .select(['invoices.file_number', 'invoices.amount_cents', 'invoices.created_at'])
      .select(['shipments.created_at as shipment_created_at', 'shipments.isf_transaction_no'])
      .select(['shipments.transport_mode', 'entry.entry_date', 'entry.duty_cents', 'entry.mpf_cents'])
      .select(['entry.hmf_cents', 'entry.other_fees_cents'])
      .execute();
    let withEntry = 0;
    for (const invoice of invoices) {
      const created = new Date(invoice.created_at);
      expect(created.getTime(), invoice.file_number).toBeGreaterThanOrEqual(
        new Date(invoice.shipment_created_at).getTime(),
      );
      const amount = Number(invoice.amount_cents);
      if (invoice.entry_date) {
        withEntry++;
        expect(dayOf(created) >= invoice.entry_date, invoice.file_number).toBe(true);
        const due =
          invoice.duty_cents! + (invoice.mpf_cents ?? 0) + (invoice.hmf_cents ?? 0) + (invoice.other_fees_cents ?? 0);
        // The rest is the broker's own fees, in whole dollars: the entry fee ($125-$195) and others.
        const fees = amount - due;
        expect(fees % 100, invoice.file_number).toBe(0);
        expect(fees, invoice.file_number).toBeGreaterThanOrEqual(12_500);
      } else {
        expect(amount, invoice.file_number).toBe(4_000);
        expect(invoice.isf_transaction_no, invoice.file_number).toMatch(/^ISF-/);
        expect(invoice.transport_mode, invoice.file_number).not.toBe(AIR);
      }
    }
    expect(withEntry).toBeGreaterThan(100);
    expect(invoices.length - withEntry).toBeGreaterThan(5);
  });

  it('lets no container leave the terminal while CBP holds it, and tells one discharge and one gate-out a container', async () => {
    const containers = await db
      .selectFrom('containers')
      .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
      .leftJoin('container_free_days as free', 'free.container_id', 'containers.id')
      .select(['containers.container_no', 'containers.tracking_info', 'shipments.status'])
      .select(['free.discharged_at', 'free.gated_out_at'])
      .execute();
    let held = 0;
    for (const container of containers) {
      const events = container.tracking_info;
      const timeOf = (type: string) => events.find((event) => event.type === type)?.date ?? null;
      const gateOut = timeOf('Gate out');
      if (!MAY_LEAVE.includes(container.status)) {
        if (container.discharged_at !== null) held++;
        expect([gateOut, container.gated_out_at], container.container_no).toEqual([null, null]);
      }
      if (events.length === 0) continue;
      const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
      expect(timeOf('Discharged'), container.container_no).toBe(iso(container.discharged_at));
      expect(gateOut, container.container_no).toBe(iso(container.gated_out_at));
    }
    expect(held).toBeGreaterThan(10);
    expect(containers.filter((container) => container.gated_out_at !== null).length).toBeGreaterThan(100);
  });

  it('examines and holds only cargo that has arrived and been entered, and FDA only food and drink', async () => {
    const shipments = await db
      .selectFrom('shipments')
      .leftJoin('customs_entries as entry', 'entry.shipment_id', 'shipments.id')
      .select(['shipments.file_number', 'shipments.status', 'shipments.fda_review', 'shipments.est_time_arrive'])
      .select(['entry.id as entry_id', 'entry.entry_type', 'entry.country_of_origin'])
      .execute();
    const lines = await db.selectFrom('customs_entry_lines').select(['entry_id', 'hts_number', 'adcvd']).execute();
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) linesOf.set(line.entry_id, [...(linesOf.get(line.entry_id) ?? []), line]);
    const now = Date.now();
    for (const shipment of shipments) {
      const hasArrived = shipment.est_time_arrive !== null && msOf(shipment.est_time_arrive) < now;
      if (CBP_EXAMS.includes(shipment.status)) expect(hasArrived, shipment.file_number).toBe(true);
      if (!['', 'MAY PROCEED'].includes(shipment.fda_review)) {
        expect([hasArrived, shipment.entry_id !== null], shipment.file_number).toEqual([true, true]);
      }
      const entryLines = shipment.entry_id === null ? [] : (linesOf.get(shipment.entry_id) ?? []);
      const isFood = entryLines.some((line) => FDA_GOODS.includes(line.hts_number));
      if (shipment.fda_review !== '') expect(isFood, shipment.file_number).toBe(true);
      if (entryLines.some((line) => line.hts_number === '0306170040')) {
        expect(['IN', 'VN', 'TH', 'ID', 'EC'], shipment.file_number).toContain(shipment.country_of_origin);
      }
      const hasAdCvd = entryLines.some((line) => line.adcvd);
      if (shipment.entry_id !== null) expect(shipment.entry_type === '03', shipment.file_number).toBe(hasAdCvd);
    }
    expect(shipments.filter((shipment) => shipment.fda_review !== '').length).toBeGreaterThan(10);
    expect(shipments.filter((shipment) => shipment.entry_type === '03').length).toBeGreaterThan(3);
    expect(shipments.filter((shipment) => CBP_EXAMS.includes(shipment.status)).length).toBeGreaterThan(5);
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;

// The pass on PostgreSQL (TEST_DATABASE_URL) checks the seed on PostgreSQL; the pass on PGlite, which npm
// test runs too, checks it on PGlite: seeding the demo on PGlite again in the other pass only repeated it.
describe.skipIf(serverUrl)('the demo data on PGlite', () => {
  describeSeededDatabase();
});

describe.skipIf(!serverUrl)('the demo data on PostgreSQL', () => {
  describeSeededDatabase(serverUrl);
});

describe.skipIf(serverUrl)('seedDemoData', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await openFixture();
  }, SEED_TIMEOUT_MS);
  afterAll(async () => fixture?.close());

  const seed = (shipmentsPerCompany: number) =>
    seedDemoData(fixture.db, localStorage(fixture.filesDir), { shipmentsPerCompany });
  const count = async (table: 'companies' | 'users' | 'shipments' | 'invoices') =>
    (await fixture.db.selectFrom(table).select('id').execute()).length;

  it('refuses a demo too small to show every status', async () => {
    await expect(seed(5)).rejects.toThrow(RangeError);
    expect(await isDatabaseEmpty(fixture.db)).toBe(true);
  });

  it(
    'writes nothing to the database when any insert fails',
    async () => {
      const company = await fixture.db
        .insertInto('companies')
        .values({ name: 'Someone Else' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A demo e-mail is taken, so the users insert fails after the broker's records are written.
      await fixture.db
        .insertInto('users')
        .values({ company_id: company.id, name: 'Taken', email: 'viewer@demo.test', password_hash: 'x', role: 11 })
        .execute();
      try {
        await expect(seed(20)).rejects.toThrow(/users_email_key/);
        const counts = [
          await count('companies'),
          await count('users'),
          await count('shipments'),
          await count('invoices'),
        ];
        expect(counts).toEqual([1, 1, 0, 0]);
      } finally {
        await fixture.db.deleteFrom('users').where('company_id', '=', company.id).execute();
        await fixture.db.deleteFrom('companies').where('id', '=', company.id).execute();
      }
    },
    SEED_TIMEOUT_MS,
  );

  it(
    "writes the brokerage's records through ingestion: sent again as the broker API's records, they change nothing",
    async () => {
      const plan = planDemo(new Date(), { shipmentsPerCompany: 20 });
      const storage = localStorage(fixture.filesDir);
      await writeDemoPlan(fixture.db, storage, plan, DEMO_PASSWORD);
      try {
        const companies = await fixture.db
          .selectFrom('companies')
          .select(['name', 'broker_id'])
          .orderBy('id')
          .execute();
        expect(companies).toEqual([
          { name: 'Demo Imports LLC', broker_id: 'C-10042' },
          { name: 'Other Trading Co', broker_id: 'C-10077' },
        ]);
        const unmailed = { send: () => Promise.reject(new Error('no mail expected')) };
        const context = { db: fixture.db, log: STDERR_LOG, storage, mailer: unmailed, publicUrl: 'http://127.0.0.1' };
        const records = brokerRecords(plan);
        const results = await ingestRecords(context, records);
        const kinds = new Set(records.map((record) => record.kind));
        expect([...kinds].sort()).toEqual(
          [
            'account',
            'agency_disposition',
            'bill_of_lading',
            'company',
            'container',
            'container_free_days',
            'entry',
            'entry_line',
            'notification',
            'required_document_type',
            'shipment',
          ].sort(),
        );
        // Only the status no record may carry (stored before the contract's list) differs.
        const changed = results.filter((result) => result.outcome !== 'unchanged');
        const unlisted = plan.companies
          .flatMap((company) => company.shipments)
          .filter((shipment) => !Object.values<string>(SHIPMENT_STATUSES).includes(shipment.row.status));
        expect(unlisted).toHaveLength(2);
        expect(changed.map(({ key, outcome }) => ({ key, outcome }))).toEqual(
          unlisted.map((shipment) => ({ key: `shipment:${shipment.row.file_number}`, outcome: 'updated' })),
        );
      } finally {
        await sql`TRUNCATE companies, notifications RESTART IDENTITY CASCADE`.execute(fixture.db);
      }
    },
    SEED_TIMEOUT_MS,
  );

  it(
    'seeds a smaller demo on request, still with every status',
    async () => {
      await seed(20);
      const shipments = await fixture.db
        .selectFrom('shipments')
        .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
        .select(['accounts.account_no', 'shipments.status'])
        .execute();
      expect(shipments.filter((shipment) => shipment.account_no === '70001')).toHaveLength(20);
      expect(shipments).toHaveLength(40);
      const statuses = new Set(shipments.map((shipment) => shipment.status));
      for (const status of Object.values(SHIPMENT_STATUSES)) expect(statuses).toContain(status);
    },
    SEED_TIMEOUT_MS,
  );
});
