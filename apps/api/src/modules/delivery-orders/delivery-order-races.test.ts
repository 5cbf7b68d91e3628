import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DELIVERY_ORDER_ERRORS, DeliveryOrderResponse, type DeliveryOrder } from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { idByName, orderableShipment } from '../../../test/delivery-order-fixtures.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { sessionUserOf } from '../../../test/session-users.ts';
import { STDERR_LOG } from '../../lib/action.ts';
import type { Mailer, OutgoingMail } from '../../lib/mail.ts';
import { BROKER } from '../access/session-user.ts';
import { approveDeliveryOrder } from './approve-delivery-order.ts';
import { sendDeliveryOrder } from './send-delivery-order.ts';

/*
 * Delivery orders meeting other changes. A delivery order that names a trucker while the Settings screen's save takes that trucker away
 * (the save locks the company's truckers, then removes an unused one or marks a used one deleted).
 * The order must be refused as naming a trucker no longer there, never answered 500, and no unsent
 * order may name a deleted trucker. And an order being sent is not changed or deleted under the
 * send, so that what is recorded as sent is what the trucker received.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
const taken = new Set<number>();

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('an order naming a trucker Settings takes away', () => {
  const settings = otherSessionOf(t);

  async function newTrucker(name: string): Promise<number> {
    const company = await t.app.db
      .selectFrom('companies')
      .select('id')
      .where('broker_id', '=', 'C-10042')
      .executeTakeFirstOrThrow();
    const row = await t.app.db
      .insertInto('truckers')
      .values({ company_id: company.id, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Creates an order naming the trucker while the other session `takesAway` it, as the save does. */
  async function orderWhile(truckerId: number, takesAway: string) {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const warehouseId = await idByName(t.app.db, 'warehouses', 'Carson Distribution Center');
    const response = await whileHeld(
      settings(),
      async () => {
        await settings().query(
          'SELECT id FROM truckers WHERE company_id = (SELECT company_id FROM truckers WHERE id = $1) FOR UPDATE',
          [truckerId],
        );
        await settings().query(takesAway, [truckerId]);
      },
      () =>
        injectAs(t.app, tokens.user!, {
          method: 'POST',
          url: apiUrl(API_PATHS.deliveryOrders, { id: shipment.id }),
          payload: {
            trucker_id: truckerId,
            warehouse_id: warehouseId,
            reference_number: 'RACE',
            note: '',
            containers: [shipment.containers[0]!.id],
            bill_ladings: [shipment.bills[0]!.id],
          },
        }),
    );
    const orders = await t.app.db
      .selectFrom('delivery_orders')
      .select('id')
      .where('shipment_id', '=', shipment.id)
      .execute();
    return { response, orders };
  }

  it('refuses the order when the save removes the trucker', async () => {
    const { response, orders } = await orderWhile(
      await newTrucker('Race Removed Hauling'),
      'DELETE FROM truckers WHERE id = $1',
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field: 'trucker_id' });
    expect(orders).toEqual([]);
  });

  it('refuses the order when the save marks the trucker deleted', async () => {
    const { response, orders } = await orderWhile(
      await newTrucker('Race Deleted Hauling'),
      'UPDATE truckers SET deleted_at = now() WHERE id = $1',
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(orders).toEqual([]);
  });
});

describe('an order changed while it is being sent', () => {
  /** A new order of a spare shipment, approved by the broker and so ready to send. */
  async function approvedOrder(referenceNumber: string) {
    const shipment = await orderableShipment(t.app.db, '40001', taken);
    const created = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: apiUrl(API_PATHS.deliveryOrders, { id: shipment.id }),
      payload: {
        trucker_id: await idByName(t.app.db, 'truckers', 'Harbor Express Drayage'),
        warehouse_id: await idByName(t.app.db, 'warehouses', 'Carson Distribution Center'),
        reference_number: referenceNumber,
        note: '',
        containers: [shipment.containers[0]!.id],
        bill_ladings: [shipment.bills[0]!.id],
      },
    });
    const order = DeliveryOrderResponse.parse(created.json()).delivery_order;
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    return { shipment, order };
  }

  it('is refused until the send is recorded, and is recorded as sent as it was approved', async () => {
    const { shipment, order } = await approvedOrder('PO-SENT');

    // A mail server that answers only when told: the send waits there, its order claimed.
    let deliver: () => void = () => {};
    const mailed: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: async (mail) => {
        mailed.push(mail);
        await new Promise<void>((resolve) => (deliver = resolve));
        return { messageId: '<held@test>' };
      },
    };
    const actor = await sessionUserOf(t.app.db, 'primary@demo.test');
    const deps = { db: t.app.db, storage: t.app.storage, mailer, log: STDERR_LOG, brokerEmail: 'desk@broker.test' };
    const sending = sendDeliveryOrder(deps, actor, { shipmentId: shipment.id, orderId: order.id });
    await expect.poll(() => mailed.length).toBe(1);

    const orderUrl = apiUrl(API_PATHS.deliveryOrder, { id: shipment.id, orderId: order.id });
    const changed = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: orderUrl,
      payload: { ...orderInput(order), reference_number: 'PO-CHANGED' },
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json()).toMatchObject({ message: DELIVERY_ORDER_ERRORS.beingSent });
    const deleted = await injectAs(t.app, tokens.primary!, { method: 'DELETE', url: orderUrl });
    expect(deleted.statusCode, deleted.body).toBe(409);
    const again = await sendDeliveryOrder(deps, actor, { shipmentId: shipment.id, orderId: order.id });
    expect(again).toMatchObject({ refusal: { status: 409, message: DELIVERY_ORDER_ERRORS.beingSent } });

    deliver();
    const sent = await sending;
    expect(sent).toMatchObject({ id: order.id, reference_number: 'PO-SENT', approved: 1 });
    const row = await t.app.db
      .selectFrom('delivery_orders')
      .select(['reference_number', 'approved', 'sent_at', 'sending_until'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference_number: 'PO-SENT', approved: true, sending_until: null });
    expect(row.sent_at).not.toBeNull();

    // Once sent, the order takes changes again.
    const later = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: orderUrl,
      payload: { ...orderInput(order), reference_number: 'PO-CHANGED' },
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('frees the order when the mail fails', async () => {
    const { shipment, order } = await approvedOrder('PO-FAILED');
    const mailer: Mailer = { send: () => Promise.reject(new Error('mail server down')) };
    const actor = await sessionUserOf(t.app.db, 'primary@demo.test');
    const quiet = { ...STDERR_LOG, warn: () => {} };
    const deps = { db: t.app.db, storage: t.app.storage, mailer, log: quiet, brokerEmail: 'desk@broker.test' };
    const failed = await sendDeliveryOrder(deps, actor, { shipmentId: shipment.id, orderId: order.id });
    expect(failed).toMatchObject({ refusal: { status: 502 } });
    const changed = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: apiUrl(API_PATHS.deliveryOrder, { id: shipment.id, orderId: order.id }),
      payload: { ...orderInput(order), reference_number: 'PO-FIXED' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('records no send of an order whose approval went while it was sent, nor lets a lapsed claim record one', async () => {
    const { shipment, order } = await approvedOrder('PO-WITHDRAWN');
    // Held until released, whether the send reaches the mailer before or after the release.
    let deliver: () => void = () => {};
    const released = new Promise<void>((resolve) => (deliver = resolve));
    const mailer: Mailer = {
      send: async () => {
        await released;
        return { messageId: '<held@test>' };
      },
    };
    const actor = await sessionUserOf(t.app.db, 'primary@demo.test');
    const deps = { db: t.app.db, storage: t.app.storage, mailer, log: STDERR_LOG, brokerEmail: 'desk@broker.test' };
    const sending = sendDeliveryOrder(deps, actor, { shipmentId: shipment.id, orderId: order.id });
    await expect
      .poll(() =>
        t.app.db
          .selectFrom('delivery_orders')
          .select('sending_until')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow(),
      )
      .not.toEqual({ sending_until: null });
    // The approval withdrawn by a way that leaves the claim alone.
    await t.app.db.updateTable('delivery_orders').set({ approved: false }).where('id', '=', order.id).execute();
    deliver();
    expect(await sending).toMatchObject({ refusal: { status: 409 } });
    const row = await t.app.db
      .selectFrom('delivery_orders')
      .select(['sent_at', 'path'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: null, path: null });

    // A claim that lapsed: a change goes through, and ends it, so the slow send cannot record.
    await t.app.db
      .updateTable('delivery_orders')
      .set({ approved: true, sending_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', order.id)
      .execute();
    const changed = await injectAs(t.app, tokens.primary!, {
      method: 'POST',
      url: apiUrl(API_PATHS.deliveryOrder, { id: shipment.id, orderId: order.id }),
      payload: { ...orderInput(order), reference_number: 'PO-LAPSED' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await t.app.db
      .selectFrom('delivery_orders')
      .select('sending_until')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.sending_until).toBeNull();
  });

  it('frees the order when the file store fails, its delete too', async () => {
    const { shipment, order } = await approvedOrder('PO-STORE');
    const failing = new Error('store down');
    const storage = { ...t.app.storage, put: () => Promise.reject(failing), delete: () => Promise.reject(failing) };
    const actor = await sessionUserOf(t.app.db, 'primary@demo.test');
    const mailer: Mailer = { send: () => Promise.resolve({ messageId: '<never@test>' }) };
    const deps = { db: t.app.db, storage, mailer, log: STDERR_LOG, brokerEmail: 'desk@broker.test' };
    await expect(sendDeliveryOrder(deps, actor, { shipmentId: shipment.id, orderId: order.id })).rejects.toBe(failing);
    const row = await t.app.db
      .selectFrom('delivery_orders')
      .select(['sending_until', 'sent_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sending_until: null, sent_at: null });
  });
});

/** What an order's save sends, from the order as the API gave it. */
function orderInput(order: DeliveryOrder) {
  return {
    trucker_id: order.trucker_id,
    warehouse_id: order.warehouse_id,
    reference_number: order.reference_number,
    note: order.note,
    containers: order.containers,
    bill_ladings: order.bill_ladings,
  };
}
