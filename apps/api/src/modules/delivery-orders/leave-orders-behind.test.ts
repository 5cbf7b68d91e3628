import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RECORD_WARNINGS } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';

const t = testAppForFile();
const broker = brokerApiOf(t);
const { tokens } = demoUsersOf(t);

/** A shipment of the account with a delivery order, and its file number; `skip` of them passed over. */
async function orderedShipment(accountNo: string, skip = 0) {
  const ordered = sql<boolean>`EXISTS (SELECT 1 FROM delivery_orders o WHERE o.shipment_id = shipments.id)`;
  const id = await shipmentIdOf(t.app.db, accountNo, (query) => query.where(ordered).offset(skip));
  const row = await t.app.db
    .selectFrom('shipments')
    .select('file_number')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, fileNumber: row.file_number };
}

const ordersOf = (shipmentId: number) =>
  t.app.db.selectFrom('delivery_orders').select('id').where('shipment_id', '=', shipmentId).execute();

async function detailAs(who: 'primary' | 'other', id: number) {
  const response = await injectAs(t.app, tokens[who]!, { url: apiUrl(API_PATHS.shipmentDetail, { id }) });
  expect(response.statusCode, response.body).toBe(200);
  return ShipmentDetailResponse.parse(response.json()).shipment;
}

describe('a shipment the broker moves to another company', () => {
  it('leaves its delivery orders behind, told in its activity; a move within the company keeps them', async () => {
    const within = await orderedShipment('40001');
    const kept = await ordersOf(within.id);
    const across = await orderedShipment('40001', 1);
    const left = await ordersOf(across.id);
    expect(left.length).toBeGreaterThan(0);

    const results = await broker.results<{ outcome: string; warning?: string }>([
      { kind: 'shipment', file_number: within.fileNumber, account_no: '40002' },
      { kind: 'shipment', file_number: across.fileNumber, account_no: '70001' },
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['updated', 'updated']);
    // The result says what else the move did; a move within the company deleted nothing.
    expect(results.map((result) => result.warning)).toEqual([
      undefined,
      RECORD_WARNINGS.ordersDeleted(left.length, 'Demo Imports LLC'),
    ]);

    expect(await ordersOf(within.id)).toEqual(kept);
    expect((await detailAs('primary', within.id)).delivery_orders.map((order) => order.id)).toEqual(
      kept.map((order) => order.id),
    );
    expect(await ordersOf(across.id)).toEqual([]);
    const moved = await detailAs('other', across.id);
    expect(moved.delivery_orders).toEqual([]);
    const activity = await t.app.db
      .selectFrom('shipment_activity')
      .select(['action', 'user_id', 'detail'])
      .where('shipment_id', '=', across.id)
      .where('action', '=', 'delivery_order.deleted')
      .execute();
    expect(
      activity.map((row) => [row.user_id, (row.detail as { delivery_order_id: number }).delivery_order_id]),
    ).toEqual(left.map((order) => [null, order.id]));
    expect(activity[0]!.detail).toMatchObject({ by: 'broker', reason: 'shipment_moved_to_another_company' });
    await expectKeptByTriggers(t.app.db);
  });

  it('leaves them behind when its whole account moves to another company', async () => {
    const { id } = await orderedShipment('40002');
    const ordersOfAccount = () =>
      t.app.db
        .selectFrom('delivery_orders')
        .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
        .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
        .select('delivery_orders.id')
        .where('accounts.account_no', '=', '40002')
        .execute();
    const before = await ordersOfAccount();
    const results = await broker.results<{ outcome: string; warning?: string }>([
      { kind: 'account', account_no: '40002', company_id: 'C-10077' },
    ]);
    expect(results.map((result) => [result.outcome, result.warning])).toEqual([
      ['updated', RECORD_WARNINGS.ordersDeleted(before.length, 'Demo Imports LLC')],
    ]);
    expect(before.length).toBeGreaterThan(1);
    expect(await ordersOf(id)).toEqual([]);
    expect(await ordersOfAccount()).toEqual([]);
    await expectKeptByTriggers(t.app.db);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('an account moved while a user adds an order', () => {
  const user = otherSessionOf(t);

  it('leaves behind the order the user committed while the account moved', async () => {
    const { id } = await orderedShipment('40003');
    let orderId = 0;
    const moved = await whileHeld(
      user(),
      // As changeShipment does: the shipment locked, then the order written with the company's trucker.
      async () => {
        await user().query('SELECT id FROM shipments WHERE id = $1 FOR NO KEY UPDATE', [id]);
        const { rows } = await user().query<{ id: number }>(
          `INSERT INTO delivery_orders (shipment_id, trucker_id, warehouse_id)
           SELECT $1, o.trucker_id, o.warehouse_id FROM delivery_orders o WHERE o.shipment_id = $1 LIMIT 1
           RETURNING id`,
          [id],
        );
        orderId = rows[0]!.id;
      },
      () => broker.results<{ outcome: string }>([{ kind: 'account', account_no: '40003', company_id: 'C-10077' }]),
    );
    expect(moved.map((result) => result.outcome)).toEqual(['updated']);
    const left = await t.app.db.selectFrom('delivery_orders').select('id').where('id', '=', orderId).execute();
    expect(left).toEqual([]);
    expect(await ordersOf(id)).toEqual([]);
  });
});
