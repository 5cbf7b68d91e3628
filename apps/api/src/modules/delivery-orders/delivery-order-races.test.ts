import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { idByName, orderableShipment } from '../../../test/delivery-order-fixtures.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';

/*
 * A delivery order that names a trucker while the Settings screen's save takes that trucker away
 * (the save locks the company's truckers, then removes an unused one or marks a used one deleted).
 * The order must be refused as naming a trucker no longer there, never answered 500, and no unsent
 * order may name a deleted trucker.
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
