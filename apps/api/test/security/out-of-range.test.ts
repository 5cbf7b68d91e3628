import { describe, expect, it } from 'vitest';
import { BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { RECORD_YEARS_MESSAGE, YEARS_MESSAGE } from '@clearport/contract/calendar';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, login, testAppForFile } from '../build-app.ts';
import { brokerApiOf, newBrokerKey } from '../broker-api.ts';

/**
 * Dates, instants and ids that the schemas' shapes take but the database cannot hold (a year 0,
 * a year past 9999 once in UTC, an id past int4) are refused as the field they are, never a 500;
 * so are a record's days outside the years 2000-2099 (docs/decisions/0055-a-records-years.md).
 */
const t = testAppForFile();
const broker = brokerApiOf(t);

const refusedField = (reply: { statusCode: number; json(): { field?: string; message?: string } }, field: string) => {
  expect(reply.statusCode, JSON.stringify(reply.json())).toBe(400);
  expect(reply.json().field, JSON.stringify(reply.json())).toBe(field);
};

describe('values the schemas take but the database cannot hold', () => {
  it('refuses a year 0 in a filter, a cursor or a report range, naming the field', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const get = (url: string) => injectAs(t.app, token, { method: 'GET', url });
    const shipments = await get(apiUrl(API_PATHS.shipments, {}, { date_from: '0000-01-01T00:00:00Z' }));
    refusedField(shipments, 'date_from');
    expect(shipments.json().message).toBe(`date_from: ${YEARS_MESSAGE}`);
    refusedField(await get(apiUrl(API_PATHS.shipments, {}, { date_to: '9999-12-31T23:30:00-01:00' })), 'date_to');
    refusedField(await get(apiUrl(API_PATHS.securityEvents, {}, { from: '0000-01-01' })), 'from');
    refusedField(await get(apiUrl(API_PATHS.reportDutyByMonth, {}, { from: '0000-01', to: '0000-01' })), 'from');
    refusedField(await get(apiUrl(API_PATHS.reportDutyByMonth, {}, { from: '0001-01', to: '0001-02' })), 'from');
    refusedField(
      await get(
        apiUrl(API_PATHS.reportReleaseDaysEntries, {}, { from: '2026-01', to: '2026-02', after: '0000-01-01.1' }),
      ),
      'after',
    );
    const invoices = await get(
      apiUrl(API_PATHS.invoices, {}, { sort: 'due_date', after: JSON.stringify(['0000-01-01', 1]) }),
    );
    expect(invoices.statusCode).toBe(400);
    // The same calls with a year the database holds are answered.
    expect((await get(apiUrl(API_PATHS.shipments, {}, { date_from: '0001-01-01T00:00:00Z' }))).statusCode).toBe(200);
    expect((await get(apiUrl(API_PATHS.reportDutyByMonth, {}, { from: '2026-01', to: '2026-02' }))).statusCode).toBe(
      200,
    );
  });

  it('refuses a delivery order picked up in year 0, or outside the record years, naming pickup_date', async () => {
    const token = await login(t.app, 'primary@demo.test');
    // A shipment with a container: on one without, the spec's missing-container text comes first.
    const { shipment } = await t.app.db
      .selectFrom('containers')
      .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('containers.shipment_id as shipment')
      .where('accounts.account_no', '=', '40001')
      .limit(1)
      .executeTakeFirstOrThrow();
    const order = (pickup_date: string) =>
      injectAs(t.app, token, {
        method: 'POST',
        url: apiUrl(API_PATHS.deliveryOrders, { id: shipment }),
        payload: {
          trucker_id: 1,
          warehouse_id: 1,
          reference_number: '',
          note: '',
          containers: [1],
          bill_ladings: [1],
          pickup_date,
        },
      });
    refusedField(await order('0000-01-01'), 'pickup_date');
    for (const day of ['0226-12-07', '2100-01-01']) {
      const made = await order(day);
      refusedField(made, 'pickup_date');
      expect(made.json().message).toBe(`pickup_date: ${RECORD_YEARS_MESSAGE}`);
    }
  });

  it("refuses a broker record's day outside the years 2000-2099, naming the field, and writes nothing of it", async () => {
    const made = await broker.results<{ outcome: string }>([
      { kind: 'company', company_id: 'YEARS-1', name: 'Years Inc' },
      { kind: 'account', account_no: '88001', company_id: 'YEARS-1' },
      {
        kind: 'shipment',
        file_number: 'YR-1',
        account_no: '88001',
        status: 'submitted',
        est_time_arrive: '2026-12-07 10:00:00',
      },
      { kind: 'container', file_number: 'YR-1', container_no: 'MSKU1234565' },
      { kind: 'entry', entry_number: 'BN1-0000011-3', file_number: 'YR-1' },
    ]);
    expect(made.map((result) => result.outcome)).toEqual(['created', 'created', 'created', 'created', 'created']);
    const container = { kind: 'container_free_days', file_number: 'YR-1', container_no: 'MSKU1234565' };
    const entry = { kind: 'entry', entry_number: 'BN1-0000011-3' };
    const refused: [record: object, field: string][] = [
      [{ kind: 'shipment', file_number: 'YR-1', est_time_arrive: '0226-12-07 10:00:00' }, 'est_time_arrive'],
      [
        { kind: 'shipment', file_number: 'YR-1', shipment_discharge_date: '2100-01-01 00:00:00' },
        'shipment_discharge_date',
      ],
      [
        {
          kind: 'container',
          file_number: 'YR-1',
          container_no: 'MSKU1234565',
          tracking_events: [{ location: 'Long Beach', type: 'Discharged', date: '1999-12-31 23:00' }],
        },
        'tracking_events.0.date',
      ],
      [{ ...container, terminal_last_free_day: '0001-01-01' }, 'terminal_last_free_day'],
      [{ ...container, detention_last_free_day: '9999-12-31' }, 'detention_last_free_day'],
      [{ ...container, discharged_at: '1999-12-31T23:59:59Z' }, 'discharged_at'],
      [{ ...entry, entry_date: '0226-12-07' }, 'entry_date'],
      [{ ...entry, liquidation_date: '2127-12-07' }, 'liquidation_date'],
      [
        {
          kind: 'agency_disposition',
          entry_number: 'BN1-0000011-3',
          agency: 'CBP',
          disposition: 'released',
          disposed_at: '2100-01-01T00:00:00Z',
        },
        'disposed_at',
      ],
      [{ kind: 'invoice', invoice_number: 'YR-INV-1', account_no: '88001', due_date: '1926-12-07' }, 'due_date'],
    ];
    const results = await broker.results<{ outcome: string; code?: string; field?: string; reason?: string }>(
      refused.map(([record]) => record),
    );
    expect(results.map((result) => [result.outcome, result.code, result.field])).toEqual(
      refused.map(([, field]) => ['refused', 'invalid_field', field]),
    );
    for (const result of results) expect(result.reason).toContain(RECORD_YEARS_MESSAGE);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select(['est_time_arrive', 'shipment_discharge_date'])
      .where('file_number', '=', 'YR-1')
      .executeTakeFirstOrThrow();
    expect(shipment).toEqual({ est_time_arrive: '2026-12-07 10:00:00', shipment_discharge_date: null });
    const freeDays = await t.app.db
      .selectFrom('container_free_days')
      .innerJoin('containers', 'containers.id', 'container_free_days.container_id')
      .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
      .where('shipments.file_number', '=', 'YR-1')
      .select('container_id')
      .execute();
    expect(freeDays).toEqual([]);
    const stored = await t.app.db
      .selectFrom('customs_entries')
      .select(['entry_date', 'liquidation_date'])
      .where('entry_number', '=', 'BN1-0000011-3')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ entry_date: null, liquidation_date: null });
    const invoices = await t.app.db.selectFrom('invoices').where('invoice_number', '=', 'YR-INV-1').select('id');
    expect(await invoices.execute()).toEqual([]);
  });

  it('refuses a key expiring past 9999 and a page after an id past int4, on the admin API', async () => {
    const admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
    const key = await injectAs(t.app, admin, {
      method: 'POST',
      url: `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.apiKeys}`,
      payload: { name: 'Far future', expires_at: '9999-12-31T23:30:00-01:00' },
    });
    refusedField(key, 'expires_at');
    const listed = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.apiKeys}`,
    });
    expect(listed.statusCode).toBe(200);
    const page = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.deliveryOrders}?after=2147483648`,
    });
    refusedField(page, 'after');
  });
});
