import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_ORDER_DELETED,
  DELIVERY_ORDER_ERRORS,
  DeliveryOrderErrorResponse,
  DeliveryOrderResponse,
  deliveryOrderRevision,
  SendDeliveryOrderResponse,
  type DeliveryOrderRequestInput,
} from '@clearport/contract/delivery-orders';
import { REQUEST_KEY_HEADER, SHIPMENT_DELIVERY_ORDERS_MAX } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/paths';
import { SHIPMENT_DETAIL_ERRORS, ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { apiUrl, demoUsersOf, fileUrl, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import {
  addressesOf,
  hasDeliveryOrder,
  idByName,
  orderableShipment,
  orderState,
  outboxMessages,
  type OrderableShipment,
} from '../../../test/delivery-order-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { companyIdOf } from '../../../test/session-users.ts';
import { activityOf, shipmentIdOf, storedFiles } from '../../../test/shipment-fixtures.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { approveDeliveryOrder } from './approve-delivery-order.ts';
import { BROKER } from '../access/session-user.ts';

const BROKER_EMAIL = 'desk@broker.test';
const t = testAppForFile({ brokerEmail: BROKER_EMAIL });
const { tokens } = demoUsersOf(t);
type Who = DemoUser;
const taken = new Set<number>();

/** Demo Imports' truckers and warehouses in each state, and one of Other Trading's. */
const ids = {
  trucker: 0,
  truckerWithoutCc: 0,
  inactiveTrucker: 0,
  deletedTrucker: 0,
  otherCompanyTrucker: 0,
  warehouse: 0,
  inactiveWarehouse: 0,
  deletedWarehouse: 0,
  otherCompanyWarehouse: 0,
};

beforeAll(async () => {
  const db = t.app.db;
  Object.assign(ids, {
    trucker: await idByName(db, 'truckers', 'Harbor Express Drayage'),
    truckerWithoutCc: await idByName(db, 'truckers', 'Pacific Coast Cartage'),
    inactiveTrucker: await idByName(db, 'truckers', 'Port Logistics Trucking'),
    deletedTrucker: await idByName(db, 'truckers', 'Bayside Transport'),
    warehouse: await idByName(db, 'warehouses', 'Carson Distribution Center'),
    inactiveWarehouse: await idByName(db, 'warehouses', 'Dallas Regional Warehouse'),
    deletedWarehouse: await idByName(db, 'warehouses', 'Reno Overflow Storage'),
  });
  const otherCompanyId = await companyIdOf(db, 'Other Trading Co');
  const activeOfOtherCompany = async (table: 'truckers' | 'warehouses') => {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', otherCompanyId)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  ids.otherCompanyTrucker = await activeOfOtherCompany('truckers');
  ids.otherCompanyWarehouse = await activeOfOtherCompany('warehouses');
});

const ordersUrl = (shipmentId: number | string) => apiUrl(API_PATHS.deliveryOrders, { id: shipmentId });
const orderUrl = (shipmentId: number | string, orderId: number | string) =>
  apiUrl(API_PATHS.deliveryOrder, { id: shipmentId, orderId });

const create = (who: Who, shipmentId: number | string, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url: ordersUrl(shipmentId), payload });
const update = (who: Who, shipmentId: number | string, orderId: number | string, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url: orderUrl(shipmentId, orderId), payload });
const remove = (who: Who, shipmentId: number | string, orderId: number | string) =>
  injectAs(t.app, tokens[who]!, { method: 'DELETE', url: orderUrl(shipmentId, orderId) });
const send = (who: Who, shipmentId: number | string, orderId: number | string) =>
  injectAs(t.app, tokens[who]!, {
    method: 'POST',
    url: apiUrl(API_PATHS.sendDeliveryOrder, { id: shipmentId, orderId }),
  });

/** A complete order of the shipment: the first container and bill unless told otherwise. */
function orderOf(shipment: OrderableShipment, changes: Partial<DeliveryOrderRequestInput> = {}) {
  return {
    trucker_id: ids.trucker,
    warehouse_id: ids.warehouse,
    reference_number: 'PO-7731',
    note: 'Deliver to dock door 4.',
    containers: [shipment.containers[0]!.id],
    bill_ladings: [shipment.bills[0]!.id],
    ...changes,
  };
}

async function createdOrder(who: Who, shipment: OrderableShipment, changes: Partial<DeliveryOrderRequestInput> = {}) {
  const response = await create(who, shipment.id, orderOf(shipment, changes));
  expect(response.statusCode, response.body).toBe(200);
  return DeliveryOrderResponse.parse(response.json()).delivery_order;
}

/** Sends a request that must be refused, and checks that the shipment's orders and history did not change. */
async function expectRefused(
  shipmentId: number,
  request: () => Promise<{ statusCode: number; body: string }>,
  status: number,
  expected: { field?: string; message?: string } = {},
) {
  const before = await orderState(t.app.db, shipmentId);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { message: string; field?: string; errors?: string[] };
  if (expected.field !== undefined) expect(body.field).toBe(expected.field);
  if (expected.message !== undefined) {
    expect(body.errors?.[0]).toBe(expected.message);
    expect(DeliveryOrderErrorResponse.safeParse(body).success).toBe(true);
  }
  expect(await orderState(t.app.db, shipmentId)).toEqual(before);
  return body;
}

describe('POST user/shipments/{id}/delivery_order', () => {
  it('creates the order with its trucker, warehouse, containers and bills, and records it', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const [first, second] = shipment.containers;
    const order = await createdOrder('user', shipment, {
      containers: [second!.id, first!.id],
      bill_ladings: shipment.bills.map((bill) => bill.id),
      reference_number: '  PO-1  ',
    });

    expect(order).toMatchObject({
      trucker_id: ids.trucker,
      warehouse_id: ids.warehouse,
      reference_number: 'PO-1',
      note: 'Deliver to dock door 4.',
      containers: [first!.id, second!.id],
      bill_ladings: shipment.bills.map((bill) => bill.id),
      approved: 0,
      path: null,
      sent_at: null,
      trucker: { id: ids.trucker, name: 'Harbor Express Drayage', status: 1, deleted_at: null },
      warehouse: { id: ids.warehouse, name: 'Carson Distribution Center', city: 'Carson' },
      delivery_order_containers: [
        { container_id: first!.id, container: { id: first!.id, container_no: first!.container_no } },
        { container_id: second!.id, container: { id: second!.id, container_no: second!.container_no } },
      ],
    });
    expect(order.trucker.trucker_emails[0]).toEqual({
      email: 'dispatch@harborexpress.test',
      cc_emails: ['ops@harborexpress.test'],
    });
    expect(order.warehouse.emails[0]).toEqual({ name: 'Luis Ortega', email: 'receiving.carson@demoimports.test' });

    const detail = await injectAs(t.app, tokens.user!, {
      method: 'GET',
      url: apiUrl(API_PATHS.shipmentDetail, { id: shipment.id }),
    });
    const { shipment: read } = ShipmentDetailResponse.parse(detail.json());
    expect(read.delivery_orders).toEqual([order]);

    expect(await hasDeliveryOrder(t.app.db, shipment.id)).toBe(true);
    const activity = await activityOf(t.app.db, shipment.id);
    expect(activity.at(-1)).toMatchObject({
      action: SHIPMENT_ACTIVITY.deliveryOrderCreated,
      detail: {
        delivery_order_id: order.id,
        trucker_id: ids.trucker,
        containers: [first!.id, second!.id],
        // The broker's feed names them as the brokerage knows them.
        trucker: 'Harbor Express Drayage',
        warehouse: 'Carson Distribution Center',
        container_nos: [first!.container_no, second!.container_no],
        bill_numbers: shipment.bills.map((bill) => bill.bill_lading),
      },
    });
  });

  it('refuses each missing field with the form’s text, the first in the form’s order', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const E = DELIVERY_ORDER_ERRORS;
    const cases: Array<[object, string, string]> = [
      [{ trucker_id: undefined }, 'trucker_id', E.truckerRequired],
      [{ trucker_id: null }, 'trucker_id', E.truckerRequired],
      [{ warehouse_id: undefined }, 'warehouse_id', E.warehouseRequired],
      [{ containers: [] }, 'containers', E.containersRequired],
      [{ bill_ladings: [] }, 'bill_ladings', E.billsRequired],
      [{ trucker_id: null, warehouse_id: null, containers: [], bill_ladings: [] }, 'trucker_id', E.truckerRequired],
      [{ warehouse_id: null, bill_ladings: [] }, 'warehouse_id', E.warehouseRequired],
    ];
    for (const [change, field, message] of cases) {
      await expectRefused(shipment.id, () => create('primary', shipment.id, { ...orderOf(shipment), ...change }), 400, {
        field,
        message,
      });
    }
  });

  it('refuses a trucker or warehouse that is not one of the company’s active ones', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const E = DELIVERY_ORDER_ERRORS;
    const cases: Array<[Partial<DeliveryOrderRequestInput>, string, string]> = [
      [{ trucker_id: ids.inactiveTrucker }, 'trucker_id', E.truckerUnavailable],
      [{ trucker_id: ids.deletedTrucker }, 'trucker_id', E.truckerUnavailable],
      [{ trucker_id: ids.otherCompanyTrucker }, 'trucker_id', E.truckerUnavailable],
      [{ trucker_id: 2_000_000 }, 'trucker_id', E.truckerUnavailable],
      [{ warehouse_id: ids.inactiveWarehouse }, 'warehouse_id', E.warehouseUnavailable],
      [{ warehouse_id: ids.deletedWarehouse }, 'warehouse_id', E.warehouseUnavailable],
      [{ warehouse_id: ids.otherCompanyWarehouse }, 'warehouse_id', E.warehouseUnavailable],
      [
        { trucker_id: ids.otherCompanyTrucker, warehouse_id: ids.otherCompanyWarehouse },
        'trucker_id',
        E.truckerUnavailable,
      ],
    ];
    for (const [change, field, message] of cases) {
      await expectRefused(shipment.id, () => create('primary', shipment.id, orderOf(shipment, change)), 400, {
        field,
        message,
      });
    }
  });

  it('refuses containers and bills of another shipment', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const elsewhere = await orderableShipment(t.app.db, '40001', taken);
    await expectRefused(
      shipment.id,
      () =>
        create(
          'primary',
          shipment.id,
          orderOf(shipment, { containers: [shipment.containers[0]!.id, elsewhere.containers[0]!.id] }),
        ),
      400,
      { field: 'containers', message: DELIVERY_ORDER_ERRORS.containerNotOnShipment },
    );
    await expectRefused(
      shipment.id,
      () => create('primary', shipment.id, orderOf(shipment, { bill_ladings: [elsewhere.bills[0]!.id] })),
      400,
      { field: 'bill_ladings', message: DELIVERY_ORDER_ERRORS.billNotOnShipment },
    );
  });

  it('answers the spec’s text naming the broker when the shipment has no container yet', async () => {
    const id = await shipmentIdOf(t.app.db, '40001', (query) =>
      query.where(sql<boolean>`cardinality(shipments.container_nos) = 0`),
    );
    const body = await expectRefused(
      id,
      () =>
        create('primary', id, {
          trucker_id: ids.trucker,
          warehouse_id: ids.warehouse,
          reference_number: '',
          note: '',
          containers: [],
          bill_ladings: [],
        }),
      400,
      { field: 'containers', message: fillText(TEXTS.missingContainer, { email: BROKER_EMAIL }) },
    );
    expect(body.message).toContain(BROKER_EMAIL);
  });

  it('refuses malformed input naming the field, and bounds the texts', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const cases: Array<[object, string]> = [
      [{ containers: ['x'] }, 'containers.0'],
      [{ containers: [1.5] }, 'containers.0'],
      [{ bill_ladings: 'all' }, 'bill_ladings'],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ reference_number: 'x'.repeat(101) }, 'reference_number'],
      [{ reference_number: 7 }, 'reference_number'],
      [{ reuse_assigned_containers: 'yes' }, 'reuse_assigned_containers'],
    ];
    for (const [change, field] of cases) {
      await expectRefused(shipment.id, () => create('primary', shipment.id, { ...orderOf(shipment), ...change }), 400, {
        field,
      });
    }
    await expectRefused(shipment.id, () => create('primary', 'abc', orderOf(shipment)), 400, { field: 'id' });
  });

  it(`takes orders up to ${SHIPMENT_DELIVERY_ORDERS_MAX} a shipment and refuses the next with its message`, async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const first = await createdOrder('primary', shipment);
    await sql`INSERT INTO delivery_orders (shipment_id, trucker_id, warehouse_id, reference_number, note, created_by)
      SELECT shipment_id, trucker_id, warehouse_id, 'Copy ' || n, note, created_by
      FROM delivery_orders, generate_series(1, ${SHIPMENT_DELIVERY_ORDERS_MAX - 2}) n
      WHERE id = ${first.id}`.execute(t.app.db);
    const reuse = { reuse_assigned_containers: true };
    await createdOrder('manager', shipment, reuse);
    await expectRefused(shipment.id, () => create('user', shipment.id, orderOf(shipment, reuse)), 409, {
      message: DELIVERY_ORDER_ERRORS.ordersFull,
    });
    expect(DELIVERY_ORDER_ERRORS.ordersFull).toBe(
      'This shipment has reached its limit of 500 delivery orders. Delete one it no longer needs to make another.',
    );
    const deleted = await remove('primary', shipment.id, first.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await createdOrder('user', shipment, reuse);
  });
});

describe('a new order sent again under its request key', () => {
  const keyedCreate = (shipmentId: number, key: string, payload: object) =>
    injectAs(t.app, tokens.user!, {
      method: 'POST',
      url: ordersUrl(shipmentId),
      headers: { [REQUEST_KEY_HEADER]: key },
      payload,
    });

  it('answers the order the first made, as it is now, instead of a second order or a refusal', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const key = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    const first = await keyedCreate(shipment.id, key, orderOf(shipment));
    expect(first.statusCode, first.body).toBe(200);
    const made = DeliveryOrderResponse.parse(first.json()).delivery_order;
    // Its container is this order's now: made anew, the second would have been asked to confirm it.
    const again = await keyedCreate(shipment.id, key, orderOf(shipment));
    expect(again.statusCode, again.body).toBe(200);
    expect(DeliveryOrderResponse.parse(again.json()).delivery_order).toEqual(made);
    const orders = await t.app.db
      .selectFrom('delivery_orders')
      .select('id')
      .where('shipment_id', '=', shipment.id)
      .execute();
    expect(orders).toEqual([{ id: made.id }]);
    expect(
      (await activityOf(t.app.db, shipment.id)).filter(
        (line) => line.action === SHIPMENT_ACTIVITY.deliveryOrderCreated,
      ),
    ).toHaveLength(1);
  });
});

describe('one order per container', () => {
  it('refuses a container another order holds until the user confirms, and never asks again for it', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const [first, second] = shipment.containers;
    const held = await createdOrder('primary', shipment, { containers: [first!.id] });

    const body = await expectRefused(
      shipment.id,
      () => create('primary', shipment.id, orderOf(shipment, { containers: [first!.id, second!.id] })),
      409,
      {
        field: 'containers',
        message: fillText(DELIVERY_ORDER_ERRORS.containersAssigned, { containers: first!.container_no }),
      },
    );
    expect(body.message).toContain(first!.container_no);
    expect(body.message).not.toContain(second!.container_no);

    const reused = await createdOrder('primary', shipment, {
      containers: [first!.id, second!.id],
      reuse_assigned_containers: true,
    });
    expect(reused.containers).toEqual([first!.id, second!.id]);
    expect((await activityOf(t.app.db, shipment.id)).at(-1)?.detail).toMatchObject({ reused_containers: true });

    // Both hold the first container now: editing either keeps it without a new confirmation.
    const edited = await update('primary', shipment.id, held.id, {
      ...orderOf(shipment),
      containers: [first!.id],
      note: 'x',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Taking the second container into the first order needs one.
    await expectRefused(
      shipment.id,
      () => update('primary', shipment.id, held.id, orderOf(shipment, { containers: [first!.id, second!.id] })),
      409,
      { field: 'containers' },
    );
  });

  it('frees the containers of a deleted order', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    expect((await remove('primary', shipment.id, order.id)).statusCode).toBe(200);
    await createdOrder('primary', shipment);
  });
});

describe('POST user/shipments/{id}/delivery_order/{orderId}', () => {
  it('takes a save sent again after its answer was lost, though it names the revision before it', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    const change = { ...orderOf(shipment), note: 'Dock 2.', revision: deliveryOrderRevision(order) };
    expect((await update('primary', shipment.id, order.id, change)).statusCode).toBe(200);
    const again = await update('primary', shipment.id, order.id, change);
    expect(again.statusCode, again.body).toBe(200);
    expect(DeliveryOrderResponse.parse(again.json()).delivery_order.note).toBe('Dock 2.');
  });

  it('refuses a change naming the revision of an order saved since, and takes one naming the stored order', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    // The reply gives the revision a change names: the same the editor computes from what it read.
    const read = order.revision;
    expect(read).toBe(deliveryOrderRevision(order));
    // Another tab saves a new note first.
    const other = await update('user', shipment.id, order.id, {
      ...orderOf(shipment),
      note: 'Dock 2.',
      revision: read,
    });
    expect(other.statusCode, other.body).toBe(200);
    const stale = await expectRefused(
      shipment.id,
      () =>
        update('primary', shipment.id, order.id, { ...orderOf(shipment), reference_number: 'PO-9', revision: read }),
      409,
      { field: 'revision', message: DELIVERY_ORDER_ERRORS.changedElsewhere },
    );
    expect(stale.message).toBe(DELIVERY_ORDER_ERRORS.changedElsewhere);
    const current = DeliveryOrderResponse.parse(other.json()).delivery_order;
    const fresh = await update('primary', shipment.id, order.id, {
      ...orderOf(shipment),
      note: 'Dock 2.',
      reference_number: 'PO-9',
      revision: current.revision,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(DeliveryOrderResponse.parse(fresh.json()).delivery_order).toMatchObject({
      note: 'Dock 2.',
      reference_number: 'PO-9',
    });
  });

  it('saves the changes, replaces containers and bills, and records from and to', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const [first, second] = shipment.containers;
    const order = await createdOrder('primary', shipment, { containers: [first!.id] });
    const response = await update('primary', shipment.id, order.id, {
      ...orderOf(shipment),
      trucker_id: ids.truckerWithoutCc,
      containers: [second!.id],
      bill_ladings: shipment.bills.map((bill) => bill.id),
      note: 'Call ahead.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = DeliveryOrderResponse.parse(response.json()).delivery_order;
    expect(saved).toMatchObject({
      id: order.id,
      trucker_id: ids.truckerWithoutCc,
      containers: [second!.id],
      bill_ladings: shipment.bills.map((bill) => bill.id),
      note: 'Call ahead.',
      trucker: { name: 'Pacific Coast Cartage' },
    });
    const links = await t.app.db
      .selectFrom('delivery_order_containers')
      .select('container_id')
      .where('delivery_order_id', '=', order.id)
      .execute();
    expect(links).toEqual([{ container_id: second!.id }]);
    expect((await activityOf(t.app.db, shipment.id)).at(-1)).toMatchObject({
      action: SHIPMENT_ACTIVITY.deliveryOrderUpdated,
      detail: {
        delivery_order_id: order.id,
        changes: {
          trucker_id: { from: ids.trucker, to: ids.truckerWithoutCc },
          containers: { from: [first!.id], to: [second!.id] },
          note: { from: 'Deliver to dock door 4.', to: 'Call ahead.' },
        },
        approval_withdrawn: false,
        trucker: 'Pacific Coast Cartage',
        container_nos: [second!.container_no],
      },
    });
  });

  it('withdraws the approval when the content changes, and keeps it when nothing does', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    expect(await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id })).toBe('approved');

    const before = await orderState(t.app.db, shipment.id);
    const same = await update('primary', shipment.id, order.id, orderOf(shipment));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().delivery_order.approved).toBe(1);
    expect(await orderState(t.app.db, shipment.id)).toEqual(before);

    const changed = await update('primary', shipment.id, order.id, orderOf(shipment, { reference_number: 'PO-2' }));
    expect(changed.json().delivery_order.approved).toBe(0);
    expect((await activityOf(t.app.db, shipment.id)).at(-1)?.detail).toMatchObject({ approval_withdrawn: true });
  });

  it('keeps the order’s own trucker and warehouse after they were deleted, but refuses choosing such ones', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment, { trucker_id: ids.truckerWithoutCc });
    await t.app.db
      .updateTable('truckers')
      .set({ deleted_at: new Date() })
      .where('id', '=', ids.truckerWithoutCc)
      .execute();
    try {
      const kept = await update('primary', shipment.id, order.id, {
        ...orderOf(shipment, { trucker_id: ids.truckerWithoutCc }),
        note: 'Still this trucker.',
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().delivery_order.trucker.deleted_at).not.toBeNull();
      await expectRefused(
        shipment.id,
        () => update('primary', shipment.id, order.id, orderOf(shipment, { trucker_id: ids.deletedTrucker })),
        400,
        { field: 'trucker_id', message: DELIVERY_ORDER_ERRORS.truckerUnavailable },
      );
      await expectRefused(
        shipment.id,
        () => update('primary', shipment.id, order.id, orderOf(shipment, { warehouse_id: ids.otherCompanyWarehouse })),
        400,
        { field: 'warehouse_id' },
      );
    } finally {
      await t.app.db.updateTable('truckers').set({ deleted_at: null }).where('id', '=', ids.truckerWithoutCc).execute();
    }
  });

  it('answers 404 for an order of another shipment, and refuses the same rules as create', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const elsewhere = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', elsewhere);
    await expectRefused(shipment.id, () => update('primary', shipment.id, order.id, orderOf(shipment)), 404, {
      message: DELIVERY_ORDER_ERRORS.orderNotFound,
    });
    await expectRefused(
      elsewhere.id,
      () => update('primary', elsewhere.id, order.id, orderOf(elsewhere, { containers: [] })),
      400,
      {
        field: 'containers',
        message: DELIVERY_ORDER_ERRORS.containersRequired,
      },
    );
    await expectRefused(
      elsewhere.id,
      () => update('primary', elsewhere.id, order.id, orderOf(elsewhere, { bill_ladings: [shipment.bills[0]!.id] })),
      400,
      { field: 'bill_ladings', message: DELIVERY_ORDER_ERRORS.billNotOnShipment },
    );
  });
});

describe('the pick-up date of an order', () => {
  it('is kept when a save leaves it out, cleared by null, recorded as a change, and refused when not a day', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment, { pickup_date: '2026-12-03' });
    expect(order.pickup_date).toBe('2026-12-03');

    const kept = await update('primary', shipment.id, order.id, orderOf(shipment, { note: 'Gate 3.' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().delivery_order.pickup_date).toBe('2026-12-03');

    const moved = await update('primary', shipment.id, order.id, orderOf(shipment, { pickup_date: '2026-12-04' }));
    expect(moved.json().delivery_order.pickup_date).toBe('2026-12-04');
    expect((await activityOf(t.app.db, shipment.id)).at(-1)).toMatchObject({
      action: SHIPMENT_ACTIVITY.deliveryOrderUpdated,
      detail: { changes: { pickup_date: { from: '2026-12-03', to: '2026-12-04' } } },
    });

    const cleared = await update('primary', shipment.id, order.id, orderOf(shipment, { pickup_date: null }));
    expect(cleared.json().delivery_order.pickup_date).toBeNull();

    for (const pickup_date of ['2026-02-30', '12/03/2026', '2026-12-03T00:00:00Z']) {
      await expectRefused(
        shipment.id,
        () => update('primary', shipment.id, order.id, { ...orderOf(shipment), pickup_date }),
        400,
        {
          field: 'pickup_date',
        },
      );
    }
  });
});

describe('DELETE user/shipments/{id}/delivery_order/{orderId}', () => {
  it('deletes the order and its sent PDF, and records it', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    const sent = SendDeliveryOrderResponse.parse((await send('primary', shipment.id, order.id)).json());
    const path = sent.delivery_order.path!;
    expect(await storedFiles(t.dataDir)).toContain(path);

    const response = await remove('user', shipment.id, order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: DELIVERY_ORDER_DELETED });
    expect(await storedFiles(t.dataDir)).not.toContain(path);
    const rows = await t.app.db.selectFrom('delivery_orders').select('id').where('id', '=', order.id).execute();
    expect(rows).toEqual([]);
    expect(await hasDeliveryOrder(t.app.db, shipment.id)).toBe(false);
    expect((await activityOf(t.app.db, shipment.id)).at(-1)).toMatchObject({
      action: SHIPMENT_ACTIVITY.deliveryOrderDeleted,
      detail: { delivery_order_id: order.id, path },
    });
    await expectRefused(shipment.id, () => remove('user', shipment.id, order.id), 404, {
      message: DELIVERY_ORDER_ERRORS.orderNotFound,
    });
  });
});

describe('who may change orders', () => {
  let shipment: OrderableShipment;
  let orderId: number;
  beforeAll(async () => {
    shipment = await orderableShipment(t.app.db, '40001', taken);
    orderId = (await createdOrder('primary', shipment)).id;
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId });
  });

  const calls = (who: Who, shipmentId: number) => [
    () => create(who, shipmentId, orderOf(shipment, { containers: [shipment.containers[1]!.id] })),
    () => update(who, shipmentId, orderId, orderOf(shipment, { note: 'changed' })),
    () => send(who, shipmentId, orderId),
    () => remove(who, shipmentId, orderId),
  ];

  it('refuses every change by role 11 with 403', async () => {
    for (const call of calls('viewer', shipment.id)) {
      const body = await expectRefused(shipment.id, call, 403);
      expect(body.message).toBe(SHIPMENT_DETAIL_ERRORS.readOnly);
    }
  });

  it('answers 404 to another company, and to a user without the shipment’s account', async () => {
    for (const call of calls('other', shipment.id)) await expectRefused(shipment.id, call, 404);
    const otherAccount = await orderableShipment(t.app.db, '40002', taken);
    const otherOrder = await createdOrder('primary', otherAccount);
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: otherOrder.id });
    const userCalls = [
      () => create('user', otherAccount.id, orderOf(otherAccount)),
      () => update('user', otherAccount.id, otherOrder.id, orderOf(otherAccount, { note: 'x' })),
      () => send('user', otherAccount.id, otherOrder.id),
      () => remove('user', otherAccount.id, otherOrder.id),
    ];
    for (const call of userCalls) {
      const body = await expectRefused(otherAccount.id, call, 404);
      expect(body.message).toBe(SHIPMENT_DETAIL_ERRORS.shipmentNotFound);
    }
  });

  it('refuses a body naming another company’s trucker even on the caller’s own shipment', async () => {
    await expectRefused(
      shipment.id,
      () => update('user', shipment.id, orderId, orderOf(shipment, { trucker_id: ids.otherCompanyTrucker })),
      400,
      { field: 'trucker_id' },
    );
  });
});

describe('POST user/shipments/{id}/delivery_order/{orderId}/send', () => {
  it('is refused until the broker approves the order', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    const sentBefore = (await outboxMessages(t.dataDir)).length;
    await expectRefused(shipment.id, () => send('primary', shipment.id, order.id), 409, {
      message: DELIVERY_ORDER_ERRORS.notApproved,
    });
    expect(await outboxMessages(t.dataDir)).toHaveLength(sentBefore);
  });

  it('renders the PDF, stores it as the order’s path and mails it to the trucker and the delivery list', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken, 3);
    const chosen = shipment.containers.slice(0, 2);
    const left = shipment.containers[2]!;
    const order = await createdOrder('user', shipment, {
      containers: chosen.map((container) => container.id),
      note: 'Appointment required; call 30 minutes before arrival.',
      pickup_date: '2026-12-03',
    });
    expect(await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id })).toBe('approved');
    const sentBefore = (await outboxMessages(t.dataDir)).length;

    const response = await send('user', shipment.id, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = SendDeliveryOrderResponse.parse(response.json());
    expect(body.message).toBe(TEXTS.deliveryOrderSent);
    expect(body.delivery_order.path).toMatch(/^delivery-orders\/[0-9a-f-]{36}\.pdf$/);
    expect(body.delivery_order.sent_at).not.toBeNull();

    const messages = await outboxMessages(t.dataDir);
    expect(messages).toHaveLength(sentBefore + 1);
    const mail = messages.at(-1)!;
    expect(addressesOf(mail.to)).toEqual(['dispatch@harborexpress.test', 'logistics@demoimports.test']);
    expect(addressesOf(mail.cc)).toEqual([
      'ops@harborexpress.test',
      'receiving.carson@demoimports.test',
      'dock.ontario@demoimports.test',
      'priya.raman@demoimports.test',
    ]);
    // Named by the order, so that two orders of one entry are two subjects.
    expect(mail.subject).toBe(`Delivery order ${order.id} for entry ${shipment.fileNumber} from Demo Imports LLC`);
    expect(mail.text).toContain(chosen[0]!.container_no);
    expect(mail.text).toContain('Deliver to: Carson Distribution Center, 2250 E Dominguez St, Carson, CA 90810');
    expect(mail.text).toContain('Pick up on: 12/03/2026');
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`Delivery order ${order.id} for entry ${shipment.fileNumber}.pdf`);

    // What was mailed is what is stored, and it parses and names the entry and the containers.
    const download = await injectAs(t.app, tokens.user!, {
      method: 'GET',
      url: fileUrl(body.delivery_order.path!),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(attachment!.content)).toBe(true);
    // Under the attachment's name.
    expect(download.headers['content-disposition']).toMatch(`filename="${attachment!.filename}"`);
    const { lines } = await pdfText(download.rawPayload);
    const text = lines.join('\n');
    expect(text).toContain(shipment.fileNumber);
    for (const container of chosen) expect(text).toContain(container.container_no);
    expect(text).not.toContain(left.container_no);
    expect(text).toContain('Harbor Express Drayage');
    expect(text).toContain('Carson Distribution Center');
    expect(text).toContain('2250 E Dominguez St');
    expect(text).toContain('Carson, CA 90810');
    expect(text).toContain('Luis Ortega');
    expect(text).toContain('PO-7731');
    // The pick up section's labels, then its values.
    expect(text).toMatch(/Port of unlading\nPick-up date\n.+\n.+\n12\/03\/2026\n/);
    expect(text).toContain('Appointment required; call 30 minutes before arrival.');
    expect(text).toContain(shipment.bills[0]!.bill_lading);
    expect(text).toContain(BROKER_EMAIL);

    const row = await t.app.db
      .selectFrom('delivery_orders')
      .select(['path', 'sent_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.path).toBe(body.delivery_order.path);
    expect((await activityOf(t.app.db, shipment.id)).at(-1)).toMatchObject({
      action: SHIPMENT_ACTIVITY.deliveryOrderSent,
      detail: {
        delivery_order_id: order.id,
        path: row.path,
        to: ['dispatch@harborexpress.test', 'logistics@demoimports.test'],
      },
    });

    // Another company never reaches the file, nor role 11, whose view has no delivery orders.
    for (const who of ['other', 'viewer'] as const) {
      const refused = await injectAs(t.app, tokens[who]!, { method: 'GET', url: fileUrl(row.path!) });
      expect(refused.statusCode, who).toBe(404);
    }
  });

  it('mails the order in an HTML part too, the company’s texts escaped and the note’s lines kept', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('user', shipment, {
      reference_number: '<b>Ann & Co</b>',
      note: '<i>Dock 4</i>\nCall "ahead"',
    });
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    const response = await send('user', shipment.id, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await outboxMessages(t.dataDir)).at(-1)!;

    expect(mail.text).toContain('Reference number: <b>Ann & Co</b>\n\n<i>Dock 4</i>\nCall "ahead"\n');
    expect(mail.html).toContain('<p>Hello Harbor Express Drayage,</p>');
    expect(mail.html).toContain('Reference number: &#60;b&#62;Ann &#38; Co&#60;/b&#62;</p>');
    expect(mail.html).toContain('<p>&#60;i&#62;Dock 4&#60;/i&#62;<br>\nCall &#34;ahead&#34;</p>');
    expect(mail.html).not.toMatch(/<[bi]>/);
    expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
  });

  it('sends again on a second send, replacing the stored PDF', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const order = await createdOrder('primary', shipment);
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    const first = SendDeliveryOrderResponse.parse((await send('primary', shipment.id, order.id)).json());
    const sentBefore = (await outboxMessages(t.dataDir)).length;
    const second = await send('primary', shipment.id, order.id);
    expect(second.statusCode, second.body).toBe(200);
    const path = SendDeliveryOrderResponse.parse(second.json()).delivery_order.path;
    expect(path).not.toBe(first.delivery_order.path);
    expect(await outboxMessages(t.dataDir)).toHaveLength(sentBefore + 1);
    const files = await storedFiles(t.dataDir);
    expect(files).toContain(path);
    expect(files).not.toContain(first.delivery_order.path);
  });

  it('is refused when the trucker has no address to send to', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const created = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: apiUrl(API_PATHS.createTrucker),
      payload: { truckers: [{ name: 'No Mail Haulers', email: '', cc_emails: [] }] },
    });
    const trucker = created.json().truckers[0];
    const order = await createdOrder('primary', shipment, { trucker_id: trucker.id });
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    await expectRefused(shipment.id, () => send('primary', shipment.id, order.id), 409, {
      message: DELIVERY_ORDER_ERRORS.truckerHasNoEmail,
    });
  });

  it('answers 404 for an unknown order, and 400 for an id that is not one', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    await expectRefused(shipment.id, () => send('primary', shipment.id, 2_000_000), 404, {
      message: DELIVERY_ORDER_ERRORS.orderNotFound,
    });
    await expectRefused(shipment.id, () => send('primary', shipment.id, 'x'), 400, { field: 'orderId' });
  });
});
