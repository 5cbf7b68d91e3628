import { describe, expect, it } from 'vitest';
import { BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { YEARS_MESSAGE } from '@clearport/contract/calendar';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, login, testAppForFile } from '../build-app.ts';
import { newBrokerKey } from '../broker-api.ts';

/**
 * Dates, instants and ids that the schemas' shapes take but the database cannot hold (a year 0,
 * a year past 9999 once in UTC, an id past int4) are refused as the field they are, never a 500.
 */
const t = testAppForFile();

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

  it('refuses a delivery order picked up in year 0, naming pickup_date', async () => {
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
    const made = await injectAs(t.app, token, {
      method: 'POST',
      url: apiUrl(API_PATHS.deliveryOrders, { id: shipment }),
      payload: {
        trucker_id: 1,
        warehouse_id: 1,
        reference_number: '',
        note: '',
        containers: [1],
        bill_ladings: [1],
        pickup_date: '0000-01-01',
      },
    });
    refusedField(made, 'pickup_date');
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
