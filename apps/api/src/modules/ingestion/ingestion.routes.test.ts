import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_BILLS_MAX, SHIPMENT_CONTAINERS_MAX } from '@clearport/contract/constants';
import { MAX_BATCH_RECORDS, NOT_NULLABLE_MESSAGE, UNKNOWN_FIELD_MESSAGE } from '@clearport/contract/ingestion';
import { injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf, newBrokerKey, RECORDS_URL } from '../../../test/broker-api.ts';
import { waitingOrderId } from '../../../test/delivery-order-fixtures.ts';
import { apiKeysRepository } from '../access/api-keys.repository.ts';
import { writeRecords } from './ingest.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';
import { TOO_MANY_RECORDS } from './ingestion.routes.ts';
import { NOT_A_BROKER_KEY } from '../access/broker-key.ts';

const test = testAppForFile();
const broker = brokerApiOf(test);
const url = RECORDS_URL;
const { send } = broker;
const outcomes = (records: unknown[]) =>
  broker.results<{ outcome: string; key: string | null; field?: string }>(records);

const company = { kind: 'company', company_id: 'C-100', name: 'Harbor Goods Inc', primary_contact: 'Ada Lane' };
const account = { kind: 'account', account_no: '77001', company_id: 'C-100', name: 'Harbor Goods East' };
const shipment = {
  kind: 'shipment',
  file_number: 'HG-0001',
  account_no: '77001',
  status: 'pending documents',
  customer_reference_no: 'PO-1',
  est_time_arrive: '2026-12-01 08:00:00',
  origin: 'Shanghai',
  vessel_name: 'Maersk Ohio',
};

describe('the broker API', () => {
  it('creates each kind, answers the same record again unchanged, and a changed one updated', async () => {
    const batch = [company, account, shipment];
    expect(await outcomes(batch)).toEqual([
      { index: 0, key: 'company:C-100', outcome: 'created' },
      { index: 1, key: 'account:77001', outcome: 'created' },
      { index: 2, key: 'shipment:HG-0001', outcome: 'created' },
    ]);
    const db = test.app.db;
    const before = await db
      .selectFrom('shipments')
      .selectAll()
      .where('file_number', '=', 'HG-0001')
      .executeTakeFirstOrThrow();
    expect(before).toMatchObject({
      status: 'pending documents',
      est_time_arrive: '2026-12-01 08:00:00',
      origin: 'Shanghai',
    });

    expect((await outcomes(batch)).map((result) => result.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    const after = await db
      .selectFrom('shipments')
      .selectAll()
      .where('file_number', '=', 'HG-0001')
      .executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(before.updated_at);

    expect(
      (
        await outcomes([
          { ...company, primary_contact: 'Bo Lane' },
          { ...account, document_tracking: true },
          { ...shipment, vessel_name: 'Maersk Iowa' },
        ])
      ).map((result) => result.outcome),
    ).toEqual(['updated', 'updated', 'updated']);
    const stored = await db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select(['shipments.vessel_name', 'accounts.document_tracking', 'companies.primary_contact'])
      .where('file_number', '=', 'HG-0001')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ vessel_name: 'Maersk Iowa', document_tracking: true, primary_contact: 'Bo Lane' });
  });

  it('tells in moved_from where a record moved its account or shipment from, and only then', async () => {
    const [mover, other] = [
      { kind: 'company', company_id: 'C-MOVE-1', name: 'Mover One', primary_contact: 'Ada Lane' },
      { kind: 'company', company_id: 'C-MOVE-2', name: 'Mover Two', primary_contact: 'Bo Lane' },
    ];
    const first = { kind: 'account', account_no: '77101', company_id: 'C-MOVE-1', name: 'Mover East' };
    const second = { kind: 'account', account_no: '77102', company_id: 'C-MOVE-1', name: 'Mover West' };
    const moving = { ...shipment, file_number: 'MV-0001', account_no: '77101' };
    expect((await outcomes([mover, other, first, second, moving])).map((result) => result.outcome)).toEqual([
      'created',
      'created',
      'created',
      'created',
      'created',
    ]);

    expect(
      await outcomes([
        { ...first, company_id: 'C-MOVE-2' },
        { ...moving, account_no: '77102' },
        { ...second, name: 'Mover West Coast' },
        { ...moving, account_no: '77102', vessel_name: 'Maersk Iowa' },
      ]),
    ).toEqual([
      { index: 0, key: 'account:77101', outcome: 'updated', moved_from: 'C-MOVE-1' },
      { index: 1, key: 'shipment:MV-0001', outcome: 'updated', moved_from: '77101' },
      { index: 2, key: 'account:77102', outcome: 'updated' },
      { index: 3, key: 'shipment:MV-0001', outcome: 'updated' },
    ]);
    expect(await outcomes([{ ...first, company_id: 'C-MOVE-2' }])).toEqual([
      { index: 0, key: 'account:77101', outcome: 'unchanged' },
    ]);
  });

  it('records a status the broker sets in the shipment history, as the broker', async () => {
    await outcomes([company, account, shipment]);
    expect((await outcomes([{ ...shipment, status: 'released' }]))[0]!.outcome).toBe('updated');
    const db = test.app.db;
    const activity = await db
      .selectFrom('shipment_activity')
      .innerJoin('shipments', 'shipments.id', 'shipment_activity.shipment_id')
      .select(['shipment_activity.user_id', 'shipment_activity.detail'])
      .where('shipments.file_number', '=', 'HG-0001')
      .where('shipment_activity.action', '=', SHIPMENT_ACTIVITY.statusChanged)
      .execute();
    expect(activity).toEqual([{ user_id: null, detail: { from: 'pending documents', to: 'released', by: 'broker' } }]);
    await expectKeptByTriggers(db);
  });

  it("sets the broker's ISF, and leaves the shipment's as it is when a record leaves it out", async () => {
    const filed = { ...shipment, file_number: 'HG-ISF', isf_transaction_no: 'ISF-0042' };
    expect((await outcomes([company, account, filed]))[2]!.outcome).toBe('created');
    const isfOf = async () =>
      (
        await test.app.db
          .selectFrom('shipments')
          .select('isf_transaction_no')
          .where('file_number', '=', 'HG-ISF')
          .executeTakeFirstOrThrow()
      ).isf_transaction_no;
    expect(await isfOf()).toBe('ISF-0042');
    expect((await outcomes([{ ...shipment, file_number: 'HG-ISF' }]))[0]!.outcome).toBe('unchanged');
    expect(await isfOf()).toBe('ISF-0042');
    expect((await outcomes([{ ...filed, isf_transaction_no: 'ISF-0043' }]))[0]!.outcome).toBe('updated');
    expect(await isfOf()).toBe('ISF-0043');
  });

  it('refuses a bad record by index and field, writes nothing of it, and goes on with the others', async () => {
    const results = await outcomes([
      { ...company, company_id: 'C-200', name: 'Second Co' },
      { ...shipment, file_number: 'HG-0002', status: 'lost at sea' },
      { ...account, account_no: '77002', company_id: 'C-404' },
      { kind: 'customs_bond' },
      'not a record',
      { ...shipment, file_number: 'HG-0003', est_time_arrive: '12/01/2026' },
      { ...account, account_no: '77003', company_id: 'C-200' },
      // A field that takes no null, sent null as if to clear it.
      { ...shipment, file_number: 'HG-0004', status: null },
      { ...shipment, file_number: 'HG-0005', status: 'lost at sea', est_time_arrive: '12/01/2026', vessel_nme: 'X' },
    ]);
    expect(results).toEqual([
      { index: 0, key: 'company:C-200', outcome: 'created' },
      {
        index: 1,
        key: 'shipment:HG-0002',
        outcome: 'refused',
        code: 'invalid_field',
        field: 'status',
        reason: expect.stringMatching(/^status: /),
        issues: [{ field: 'status', message: expect.any(String) }],
      },
      {
        index: 2,
        key: 'account:77002',
        outcome: 'refused',
        code: 'unknown_company',
        field: 'company_id',
        reason:
          'There is no company C-404; send the company record first, earlier in this batch or in a batch already answered.',
      },
      {
        index: 3,
        key: null,
        outcome: 'refused',
        code: 'invalid_field',
        field: 'kind',
        reason: expect.stringMatching(/^kind: /),
        issues: [{ field: 'kind', message: expect.any(String) }],
      },
      {
        index: 4,
        key: null,
        outcome: 'refused',
        code: 'invalid_field',
        field: 'record',
        reason: expect.any(String),
        issues: [{ field: 'record', message: expect.any(String) }],
      },
      {
        index: 5,
        key: 'shipment:HG-0003',
        outcome: 'refused',
        code: 'invalid_field',
        field: 'est_time_arrive',
        reason: 'est_time_arrive: must be YYYY-MM-DD HH:MM:SS',
        issues: [{ field: 'est_time_arrive', message: 'must be YYYY-MM-DD HH:MM:SS' }],
      },
      { index: 6, key: 'account:77003', outcome: 'created' },
      {
        index: 7,
        key: 'shipment:HG-0004',
        outcome: 'refused',
        code: 'invalid_field',
        field: 'status',
        reason: `status: ${NOT_NULLABLE_MESSAGE}`,
        issues: [{ field: 'status', message: NOT_NULLABLE_MESSAGE }],
      },
      {
        index: 8,
        key: 'shipment:HG-0005',
        outcome: 'refused',
        code: 'invalid_field',
        field: 'status',
        reason: expect.stringMatching(/^status: /),
        // Every field at fault, each with its first refusal, so that one answer tells all that is to be mended.
        issues: [
          { field: 'status', message: expect.any(String) },
          { field: 'est_time_arrive', message: 'must be YYYY-MM-DD HH:MM:SS' },
          { field: 'vessel_nme', message: UNKNOWN_FIELD_MESSAGE },
        ],
      },
    ]);
    const db = test.app.db;
    const files = await db
      .selectFrom('shipments')
      .select('file_number')
      .where('file_number', 'in', ['HG-0002', 'HG-0003', 'HG-0004', 'HG-0005'])
      .execute();
    expect(files).toEqual([]);
    expect(await db.selectFrom('accounts').select('id').where('account_no', '=', '77002').execute()).toEqual([]);
    await expectKeptByTriggers(db);
  });

  it('refuses a record with a field its kind does not have, named, so that a misspelt one is not taken as unchanged', async () => {
    await outcomes([company, account, shipment]);
    const event = { location: 'Long Beach', type: 'Discharged', date: '2026-12-02 10:00:00', vessel: 'MSC ANNA' };
    const results = await outcomes([
      { ...shipment, vesel_name: 'MSC ANNA' },
      { kind: 'container', file_number: shipment.file_number, container_no: 'MSCU1234565', tracking_events: [event] },
    ]);
    expect(results).toEqual([
      {
        index: 0,
        key: `shipment:${shipment.file_number}`,
        outcome: 'refused',
        code: 'invalid_field',
        field: 'vesel_name',
        reason: `vesel_name: ${UNKNOWN_FIELD_MESSAGE}`,
        issues: [{ field: 'vesel_name', message: UNKNOWN_FIELD_MESSAGE }],
      },
      {
        index: 1,
        key: `container:${shipment.file_number}/MSCU1234565`,
        outcome: 'refused',
        code: 'invalid_field',
        field: 'tracking_events.0.vessel',
        reason: `tracking_events.0.vessel: ${UNKNOWN_FIELD_MESSAGE}`,
        issues: [{ field: 'tracking_events.0.vessel', message: UNKNOWN_FIELD_MESSAGE }],
      },
    ]);
    const containers = await test.app.db
      .selectFrom('containers')
      .select('id')
      .where('container_no', '=', 'MSCU1234565')
      .execute();
    expect(containers).toEqual([]);
  });

  it('refuses a day or time no calendar has with the field named, and a time it would store otherwise', async () => {
    await outcomes([company, account]);
    const times = [
      ['est_time_arrive', '2026-02-30 08:00:00'],
      ['shipment_discharge_date', '2026-11-31 10:00:00'],
      ['est_time_arrive', '2026-12-01 25:61:00'],
      ['est_time_arrive', '2026-12-01 24:00:00'],
    ] as const;
    const results = await outcomes(
      times.map(([field, value], index) => ({ ...shipment, file_number: `HG-TIME-${index}`, [field]: value })),
    );
    const calendarOnly = 'must be a day of the calendar and a time from 00:00:00 to 23:59:59';
    expect(results).toEqual(
      times.map(([field], index) => ({
        index,
        key: `shipment:HG-TIME-${index}`,
        outcome: 'refused',
        code: 'invalid_field',
        field,
        reason: `${field}: ${calendarOnly}`,
        issues: [{ field, message: calendarOnly }],
      })),
    );
    // An instant, where the port's wall clock is asked for: the field's first refusal alone.
    const [instant] = await outcomes([
      { ...shipment, file_number: 'HG-TIME-ISO', est_time_arrive: '2026-12-01T08:00:00Z' },
    ]);
    expect(instant).toMatchObject({
      outcome: 'refused',
      reason: 'est_time_arrive: must be YYYY-MM-DD HH:MM:SS',
      issues: [{ field: 'est_time_arrive', message: 'must be YYYY-MM-DD HH:MM:SS' }],
    });
    // A tracking event's date: an instant with its offset or the port's day and time, as described.
    await outcomes([{ ...shipment, file_number: 'HG-TIME-EVENTS' }]);
    const container = { kind: 'container', file_number: 'HG-TIME-EVENTS', container_no: 'TGHU1234568' };
    const dates = ['yesterday', '2026-02-30', '2026-12-02 24:00', '2026-12-02T11:40:00'];
    const refused = await outcomes(
      dates.map((date) => ({ ...container, tracking_events: [{ location: 'Long Beach', type: 'Discharged', date }] })),
    );
    expect(refused.map((result) => [result.outcome, result.field])).toEqual(
      dates.map(() => ['refused', 'tracking_events.0.date']),
    );
    const taken = ['2026-12-02T11:40:00Z', '2026-12-02T06:40:00-05:00', '2026-12-02 06:40', '2026-12-02'];
    const events = taken.map((date) => ({ location: 'Long Beach', type: 'Discharged', date }));
    expect((await outcomes([{ ...container, tracking_events: events }]))[0]!.outcome).toBe('created');
  });

  it('adds containers with their tracking, bills and required document types to a shipment', async () => {
    await outcomes([company, account, shipment]);
    const event = { location: 'Long Beach', type: 'Discharged', date: '2026-12-02 10:00:00' };
    const container = {
      kind: 'container',
      file_number: 'HG-0001',
      container_no: 'MSKU1234567',
      tracking_events: [event],
    };
    const master = { kind: 'bill_of_lading', file_number: 'HG-0001', bill_lading: 'MAEU900', is_master: true };
    const house = { kind: 'bill_of_lading', file_number: 'HG-0001', bill_lading: 'HGH-1', is_master: false };
    const invoiceType = { kind: 'required_document_type', file_number: 'HG-0001', type: 'Commercial Invoice' };
    const batch = [container, master, house, invoiceType];
    expect(await outcomes(batch)).toEqual([
      { index: 0, key: 'container:HG-0001/MSKU1234567', outcome: 'created' },
      { index: 1, key: 'bill_of_lading:HG-0001/master/MAEU900', outcome: 'created' },
      { index: 2, key: 'bill_of_lading:HG-0001/house/HGH-1', outcome: 'created' },
      { index: 3, key: 'required_document_type:HG-0001/Commercial Invoice', outcome: 'created' },
    ]);
    expect((await outcomes(batch)).map((result) => result.outcome)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    const moved = { location: 'Ontario, CA', type: 'Gate out', date: '2026-12-03 09:30:00' };
    expect(
      (
        await outcomes([
          { ...container, tracking_events: [event, moved] },
          { ...invoiceType, required: false },
        ])
      ).map((result) => result.outcome),
    ).toEqual(['updated', 'updated']);

    const db = test.app.db;
    const stored = await db
      .selectFrom('shipments')
      .select(['master_bills', 'house_bills', 'container_nos', 'required_documents', 'id'])
      .where('file_number', '=', 'HG-0001')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      master_bills: ['MAEU900'],
      house_bills: ['HGH-1'],
      container_nos: ['MSKU1234567'],
      required_documents: [],
    });
    const tracking = await db
      .selectFrom('containers')
      .select('tracking_info')
      .where('shipment_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(tracking.tracking_info).toEqual([event, moved]);
    expect(await outcomes([{ ...container, file_number: 'HG-9999' }])).toEqual([
      {
        index: 0,
        key: 'container:HG-9999/MSKU1234567',
        outcome: 'refused',
        code: 'unknown_shipment',
        field: 'file_number',
        reason:
          'There is no shipment HG-9999; send the shipment record first, earlier in this batch or in a batch already answered.',
      },
    ]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses a record whose shipment another client is still sending, asking for the shipment first',
    async () => {
      await outcomes([company, account]);
      const context = { db: test.app.db, log: test.app.log, storage: test.app.storage, mailer: test.app.mailer };
      const parent = { ...shipment, file_number: 'HG-PARENT' };
      const child = { kind: 'container', file_number: 'HG-PARENT', container_no: 'MSKU7654321' };
      // The other client's batch: its shipment is written and not yet committed.
      const other = await test.app.db.startTransaction().execute();
      try {
        const written = await writeRecords({ ...context, publicUrl: 'http://portal.test' }, other, [parent], {
          tellsDocumentsLists: false,
        });
        expect(written.results.map((result) => result.outcome)).toEqual(['created']);
        expect(await outcomes([child])).toEqual([
          {
            index: 0,
            key: 'container:HG-PARENT/MSKU7654321',
            outcome: 'refused',
            code: 'unknown_shipment',
            field: 'file_number',
            reason:
              'There is no shipment HG-PARENT; send the shipment record first, earlier in this batch or in a batch already answered.',
          },
        ]);
        await other.commit().execute();
      } catch (error) {
        await other.rollback().execute();
        throw error;
      }
      expect((await outcomes([child])).map((result) => result.outcome)).toEqual(['created']);
    },
  );

  it('approves a delivery order through the same approval as the broker command', async () => {
    const db = test.app.db;
    const orderId = await waitingOrderId(db);
    const approval = { kind: 'delivery_order_approval', delivery_order_id: orderId };
    expect(await outcomes([approval, approval, { ...approval, delivery_order_id: 2_000_000 }])).toEqual([
      { index: 0, key: `delivery_order_approval:${orderId}`, outcome: 'updated' },
      { index: 1, key: `delivery_order_approval:${orderId}`, outcome: 'unchanged' },
      {
        index: 2,
        key: 'delivery_order_approval:2000000',
        outcome: 'refused',
        code: 'unknown_delivery_order',
        field: 'delivery_order_id',
        reason: 'There is no delivery order 2000000.',
      },
    ]);
    const stored = await db
      .selectFrom('delivery_orders')
      .select('approved')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(stored.approved).toBe(true);
  });

  it('refuses alone a record the database refuses, and writes the others of the batch', async () => {
    // A rule of the database no check of the API knows: the record passes them all.
    await sql`ALTER TABLE shipments ADD CONSTRAINT refused_vessel CHECK (vessel_name <> 'Refused by the database')`.execute(
      test.app.db,
    );
    try {
      const numbers = ['HG-DB-1', 'HG-DB-2', 'HG-DB-3'];
      const results = await outcomes([
        company,
        account,
        ...numbers.map((file_number, index) => ({
          ...shipment,
          file_number,
          vessel_name: index === 1 ? 'Refused by the database' : 'Maersk Ohio',
        })),
      ]);
      expect(results.slice(2)).toEqual([
        { index: 2, key: 'shipment:HG-DB-1', outcome: 'created' },
        {
          index: 3,
          key: 'shipment:HG-DB-2',
          outcome: 'refused',
          code: 'database_refused',
          field: 'record',
          reason: 'The database cannot store this record (SQLSTATE 23514).',
        },
        { index: 4, key: 'shipment:HG-DB-3', outcome: 'created' },
      ]);
      const stored = await test.app.db
        .selectFrom('shipments')
        .select('file_number')
        .where('file_number', 'in', numbers)
        .orderBy('file_number')
        .execute();
      expect(stored.map((row) => row.file_number)).toEqual(['HG-DB-1', 'HG-DB-3']);
      await expectKeptByTriggers(test.app.db);
    } finally {
      await sql`ALTER TABLE shipments DROP CONSTRAINT refused_vessel`.execute(test.app.db);
    }
  });

  it('answers 400 to a body that is not a batch, and 413 to a batch too large', async () => {
    for (const payload of [{}, { records: 'x' }, { records: [] }, [company]]) {
      const response = await injectAs(test.app, broker.key(), { method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: expect.any(String) });
    }
    // A field the batch does not have is refused, not left unread: a "dry run" would be applied.
    const dryRun = await injectAs(test.app, broker.key(), {
      method: 'POST',
      url,
      payload: { records: [{ ...company, company_id: 'C-DRY' }], dry_run: true },
    });
    expect(dryRun.statusCode, dryRun.body).toBe(400);
    expect(dryRun.json()).toMatchObject({ field: 'dry_run' });
    expect(await test.app.db.selectFrom('companies').select('id').where('broker_id', '=', 'C-DRY').execute()).toEqual(
      [],
    );
    const tooMany = await send(Array.from({ length: MAX_BATCH_RECORDS + 1 }, () => company));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: TOO_MANY_RECORDS });
    const tooBig = await send([{ ...company, name: 'x'.repeat(9 * 1024 * 1024) }]);
    expect(tooBig.statusCode).toBe(413);
    expect(await test.app.db.selectFrom('companies').select('id').where('name', 'like', 'xxx%').execute()).toEqual([]);
  });

  it('refuses a customer’s session, a revoked key and no key; a broker key is refused on the customer calls', async () => {
    const session = await login(test.app, 'primary@demo.test');
    const asCustomer = await send([company], session);
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.json()).toEqual({ message: NOT_A_BROKER_KEY });
    expect((await test.app.inject({ method: 'POST', url, payload: { records: [company] } })).statusCode).toBe(401);

    const asBroker = await injectAs(test.app, broker.key(), { method: 'GET', url: '/api/user/shipments' });
    expect(asBroker.statusCode).toBe(401);

    const revoked = await newBrokerKey(test.app.db, 'Old system');
    expect((await send([company], revoked.key)).statusCode).toBe(200);
    await apiKeysRepository.revoke(test.app.db, revoked.id);
    expect((await send([{ ...company, name: 'Renamed' }], revoked.key)).statusCode).toBe(401);
    const stored = await test.app.db
      .selectFrom('companies')
      .select('name')
      .where('broker_id', '=', 'C-100')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe(company.name);
  });
});

describe('a shipment at its ceiling of containers or bills', () => {
  it('refuses a new container past SHIPMENT_CONTAINERS_MAX, in a batch or alone, and still updates one it holds', async () => {
    await outcomes([company, account, { ...shipment, file_number: 'HG-FULL' }]);
    const { id } = await test.app.db
      .selectFrom('shipments')
      .select('id')
      .where('file_number', '=', 'HG-FULL')
      .executeTakeFirstOrThrow();
    // One place left: the shipment holds SHIPMENT_CONTAINERS_MAX - 1 containers.
    // Numbers as carriers write them, which compress as little as real ones: the shipment's search
    // text once outgrew the list index's row at the 330th.
    await sql`INSERT INTO containers (shipment_id, container_no, tracking_info)
      SELECT ${id}, (ARRAY['MSCU', 'CMAU', 'OOLU', 'TGHU'])[1 + n % 4] || lpad(((n * 7919) % 1000000)::text, 6, '0')
        || (n % 10)::text, '[]'
      FROM generate_series(1, ${SHIPMENT_CONTAINERS_MAX - 2}) AS n`.execute(test.app.db);
    await sql`INSERT INTO containers (shipment_id, container_no, tracking_info) VALUES (${id}, 'FULL0000001', '[]')`.execute(
      test.app.db,
    );
    const container = (container_no: string, events?: unknown[]) => ({
      kind: 'container',
      file_number: 'HG-FULL',
      container_no,
      ...(events && { tracking_events: events }),
    });
    const event = { location: 'Long Beach, CA', type: 'Discharged from vessel', date: '2026-12-03T09:15:00Z' };
    const results = await broker.results<{ outcome: string; code?: string; field?: string; reason?: string }>([
      container('MSCU4180008'),
      container('MSCU4180014'),
      container('FULL0000001', [event]),
      container('MSCU4180020'),
    ]);
    expect(results.map((result) => [result.outcome, result.code])).toEqual([
      ['created', undefined],
      ['refused', 'too_many_containers'],
      ['updated', undefined],
      ['refused', 'too_many_containers'],
    ]);
    expect(results[1]).toMatchObject({
      field: 'container_no',
      reason: `Shipment HG-FULL holds ${SHIPMENT_CONTAINERS_MAX.toLocaleString('en-US')} containers, the most a shipment takes: a new one is refused.`,
    });
    const stored = await test.app.db
      .selectFrom('containers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('shipment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(SHIPMENT_CONTAINERS_MAX);
    // Sent again alone, after the batch: the same refusal, nothing written.
    expect((await outcomes([container('MSCU4180014')])).map((result) => result.outcome)).toEqual(['refused']);
    // The full shipment still moves on; its search text is cut to what the list index's row holds.
    expect(
      (await outcomes([{ kind: 'shipment', file_number: 'HG-FULL', status: 'released' }])).map((each) => each.outcome),
    ).toEqual(['updated']);
    const { search_text } = await test.app.db
      .selectFrom('shipments')
      .select('search_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Buffer.byteLength(search_text)).toBeLessThanOrEqual(2_200);
    expect(search_text.startsWith('hg-full\u001fpo-1\u001f')).toBe(true);
    await expectKeptByTriggers(test.app.db);
  });

  it('refuses a new bill past SHIPMENT_BILLS_MAX, master and house together, and answers one it holds unchanged', async () => {
    await outcomes([company, account, { ...shipment, file_number: 'HG-BILLS' }]);
    const { id } = await test.app.db
      .selectFrom('shipments')
      .select('id')
      .where('file_number', '=', 'HG-BILLS')
      .executeTakeFirstOrThrow();
    // One place left: a master bill and SHIPMENT_BILLS_MAX - 2 house bills.
    await sql`INSERT INTO bills_of_lading (shipment_id, bill_lading, is_master)
      SELECT ${id}, 'MEDU' || lpad(((n * 7919) % 1000000)::text, 7, '0'), n = 0
      FROM generate_series(0, ${SHIPMENT_BILLS_MAX - 2}) AS n`.execute(test.app.db);
    const bill = (bill_lading: string, is_master = false) => ({
      kind: 'bill_of_lading',
      file_number: 'HG-BILLS',
      bill_lading,
      is_master,
    });
    const results = await broker.results<{ outcome: string; code?: string; field?: string; reason?: string }>([
      bill('HLCU7700001'),
      bill('HLCU7700002', true),
      bill('MEDU0000000', true),
      bill('HLCU7700003'),
    ]);
    expect(results.map((result) => [result.outcome, result.code])).toEqual([
      ['created', undefined],
      ['refused', 'too_many_bills'],
      ['unchanged', undefined],
      ['refused', 'too_many_bills'],
    ]);
    expect(results[1]).toMatchObject({
      field: 'bill_lading',
      reason: `Shipment HG-BILLS holds ${SHIPMENT_BILLS_MAX.toLocaleString('en-US')} bills of lading, the most a shipment takes: a new one is refused.`,
    });
    const count = async () =>
      Number(
        (
          await test.app.db
            .selectFrom('bills_of_lading')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('shipment_id', '=', id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await count()).toBe(SHIPMENT_BILLS_MAX);
    // Sent again alone: the same refusal, and the bill it holds unchanged.
    const [again] = await broker.results<{ outcome: string; code?: string }>([bill('HLCU7700003')]);
    expect([again!.outcome, again!.code]).toEqual(['refused', 'too_many_bills']);
    expect((await outcomes([bill('HLCU7700001')])).map((result) => result.outcome)).toEqual(['unchanged']);
    expect(await count()).toBe(SHIPMENT_BILLS_MAX);
    await expectKeptByTriggers(test.app.db);
  });

  it('keeps a primary user of a company of 300 accounts, whose account list is cut to what the users index holds', async () => {
    const many = { kind: 'company', company_id: 'C-300', name: 'Many Accounts Trading' };
    // Account numbers as a brokerage's, spread rather than in a run, which would compress better.
    const accounts = Array.from({ length: 300 }, (_, index) => ({
      kind: 'account',
      account_no: `M${String(((index + 1) * 7919) % 100000).padStart(5, '0')}`,
      company_id: 'C-300',
      name: `Many Accounts ${index + 1}`,
    }));
    const primary = { kind: 'primary_user', company_id: 'C-300', email: 'owner@many-accounts.test', name: 'Mo Many' };
    const results = await outcomes([many, primary, ...accounts]);
    expect(new Set(results.map((result) => result.outcome))).toEqual(new Set(['created']));
    const user = await test.app.db
      .selectFrom('users')
      .select(['account_list', 'search_text'])
      .where('email', '=', 'owner@many-accounts.test')
      .executeTakeFirstOrThrow();
    expect(Buffer.byteLength(user.account_list)).toBeLessThanOrEqual(800);
    expect(user.account_list.startsWith('M00')).toBe(true);
  });
});
