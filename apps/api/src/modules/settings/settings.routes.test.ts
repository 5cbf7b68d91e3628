import { describe, expect, it } from 'vitest';
import { DEFAULT_WAREHOUSE_CITY, DEFAULT_WAREHOUSE_ZIP } from '@clearport/contract/constants';
import { DeliveryOrderResponse } from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { SettingsResponse, SaveSettingsResponse, WAREHOUSE_NOT_FOUND } from '@clearport/contract/settings';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { isActive } from '@clearport/contract/constants';
import { NEW_WAREHOUSE_DEFAULTS, STATE_CODE_MESSAGE, warehouseFromForm } from '@clearport/contract/warehouses';
import { apiUrl, demoUsersOf, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { idByName, orderableShipment } from '../../../test/delivery-order-fixtures.ts';
import { UNKNOWN_CALL_FIELD_MESSAGE } from '@clearport/contract/http';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

const getSettings = (who: DemoUser) =>
  injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.settings) });
const settingsOf = async (who: DemoUser) => SettingsResponse.parse((await getSettings(who)).json()).user;
const save = (who: DemoUser, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url: apiUrl(API_PATHS.saveSettings), payload });
const warehouseRows = () => t.app.db.selectFrom('warehouses').selectAll().orderBy('id').execute();

describe('GET user/settings', () => {
  it('lists the company’s truckers and warehouses that are not deleted, and its notification lists', async () => {
    const user = await settingsOf('user');
    expect(user.email).toBe('user@demo.test');
    expect(user.accounts).toEqual([{ account_no: '40001', name: 'Demo Imports LLC' }]);
    expect(user.truckers.map((trucker) => trucker.name)).toEqual([
      'Harbor Express Drayage',
      'Pacific Coast Cartage',
      'Golden State Intermodal',
      'SoCal Container Transport',
      'Port Logistics Trucking',
    ]);
    expect(user.truckers.find((trucker) => trucker.name === 'Port Logistics Trucking')?.status).toBe(0);
    expect(user.warehouses.map((warehouse) => warehouse.name)).not.toContain('Reno Overflow Storage');
    expect(user.warehouses.filter(isActive).map((warehouse) => warehouse.name)).toEqual([
      'Carson Distribution Center',
      'Ontario Fulfillment Center',
      'Fontana Cross-Dock',
    ]);
    expect(user.delivery_order_mails).toEqual({
      email: 'logistics@demoimports.test',
      cc_emails: ['receiving.carson@demoimports.test', 'dock.ontario@demoimports.test', 'priya.raman@demoimports.test'],
    });
    expect(user.invoice_emails.email).toBe('ap@demoimports.test');
    expect(user._7501_emails.email).toBe('compliance@demoimports.test');

    const other = await settingsOf('other');
    const ownIds = new Set(user.warehouses.map((warehouse) => warehouse.id));
    expect(other.warehouses.some((warehouse) => ownIds.has(warehouse.id))).toBe(false);
  });

  it('is refused to role 11', async () => {
    const response = await getSettings('viewer');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.readOnly });
  });
});

describe('POST user/settings/save from the New Warehouse modal', () => {
  it('creates the new warehouse with the contact in emails[0] and returns it last; the others stay as stored', async () => {
    const existing = (await settingsOf('primary')).warehouses;
    const staleCopy = existing.map((warehouse) => ({ ...warehouse, name: `${warehouse.name} (stale)`, emails: [] }));
    const form = {
      ...NEW_WAREHOUSE_DEFAULTS,
      name: 'Newark Annex',
      contact_name: 'Rosa Diaz',
      phone: '(973) 555-0101',
    };
    const response = await save('user', {
      warehouses: [
        warehouseFromForm(form),
        ...staleCopy.map(({ id, name, phone, address, city, state, zip, emails }) => ({
          id,
          name,
          phone,
          address,
          city,
          state,
          zip,
          emails,
        })),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = SaveSettingsResponse.parse(response.json());
    expect(body.messages).toEqual([]);
    expect(body.warehouses.slice(0, -1)).toEqual(existing);
    const created = body.warehouses.at(-1)!;
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@demo.test')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      name: 'Newark Annex',
      phone: '(973) 555-0101',
      city: DEFAULT_WAREHOUSE_CITY,
      state: 'NY',
      zip: DEFAULT_WAREHOUSE_ZIP,
      status: 1,
      deleted_at: null,
      user_id: user.id,
      emails: [{ name: 'Rosa Diaz', email: '' }],
    });
    expect((await settingsOf('primary')).warehouses.at(-1)).toEqual(created);
  });

  it('takes the defaults for fields the body leaves out', async () => {
    const response = await save('primary', { warehouses: [{ name: 'Bare Minimum' }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(SaveSettingsResponse.parse(response.json()).warehouses.at(-1)).toMatchObject({
      name: 'Bare Minimum',
      address: '',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      emails: [],
    });
  });

  it('makes a warehouse an order can name at once', async () => {
    const response = await save('user', {
      warehouses: [warehouseFromForm({ ...NEW_WAREHOUSE_DEFAULTS, name: 'Same Day Dock' })],
    });
    const warehouse = SaveSettingsResponse.parse(response.json()).warehouses.at(-1)!;
    const shipment = await orderableShipment(t.app.db, '40001', new Set());
    const created = await injectAs(t.app, tokens.user!, {
      method: 'POST',
      url: apiUrl(API_PATHS.deliveryOrders, { id: shipment.id }),
      payload: {
        trucker_id: await idByName(t.app.db, 'truckers', 'Harbor Express Drayage'),
        warehouse_id: warehouse.id,
        reference_number: '',
        note: '',
        containers: [shipment.containers[0]!.id],
        bill_ladings: [shipment.bills[0]!.id],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(DeliveryOrderResponse.parse(created.json()).delivery_order.warehouse.name).toBe('Same Day Dock');
  });

  it('refuses another company’s or a deleted warehouse id, and bad input, naming the field and creating nothing', async () => {
    const others = (await settingsOf('other')).warehouses;
    const deleted = await t.app.db
      .selectFrom('warehouses')
      .select('id')
      .where('name', '=', 'Reno Overflow Storage')
      .executeTakeFirstOrThrow();
    const cases: Array<[object[], string, string?]> = [
      [[{ name: 'New' }, { id: others[0]!.id }], 'warehouses.1.id', WAREHOUSE_NOT_FOUND],
      [[{ name: 'New' }, { id: deleted.id }], 'warehouses.1.id', WAREHOUSE_NOT_FOUND],
      [[{ name: 'New', state: 'ZZ' }], 'warehouses.0.state'],
      [[{ name: 'New', emails: [{ name: 'A', email: 'not-an-address' }] }], 'warehouses.0.emails.0.email'],
      [[{ name: 'x'.repeat(151) }], 'warehouses.0.name'],
      [[], 'warehouses'],
    ];
    const rows = await warehouseRows();
    const state = await save('primary', { warehouses: [{ name: 'New', state: 'ZZ' }] });
    expect(state.json().message).toBe(`warehouses.0.state: ${STATE_CODE_MESSAGE}`);
    // A field only the Settings screen sends reads the body as the screen's, which names what it lacks.
    for (const body of [{ truckers: [] }, { email: 'new@demo.test', warehouses: [{ name: 'New' }] }]) {
      const screen = await save('primary', body);
      expect(screen.statusCode, screen.body).toBe(400);
      expect(screen.json().field).toBe('user_emails');
    }
    const misspelt = await save('primary', { warehouses: [{ name: 'New' }], warehouse_note: 'x' });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json()).toMatchObject({
      field: 'warehouse_note',
      message: `warehouse_note: ${UNKNOWN_CALL_FIELD_MESSAGE}`,
    });
    expect(await warehouseRows()).toEqual(rows);
    for (const [warehouses, field, message] of cases) {
      const before = await warehouseRows();
      const response = await save('primary', { warehouses });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().field).toBe(field);
      if (message) expect(response.json().errors).toEqual([message]);
      expect(await warehouseRows()).toEqual(before);
    }
  });

  it('refuses role 11 with 403', async () => {
    const before = await warehouseRows();
    const response = await save('viewer', { warehouses: [{ name: 'Viewer Dock' }] });
    expect(response.statusCode).toBe(403);
    expect(await warehouseRows()).toEqual(before);
  });
});
