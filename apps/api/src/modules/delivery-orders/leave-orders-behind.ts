import type { Db } from '../../db/connect.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';

/**
 * A shipment the broker moves to another company leaves its delivery orders behind: they name the
 * first company's trucker and warehouse, whose contacts the second may not read, change or mail.
 * Each order whose trucker or warehouse is not of the company `toCompanyId` is deleted, and the
 * shipment's activity tells it as a user's delete, by the broker and with the reason (the broker's
 * own acts are not in its feed); a sent order's PDF goes with the orphan file sweep. Called in the
 * move's transaction before the shipment or the account changes company, so that the feed files
 * each deletion under the company and account that had the order. Resolves to how many it deleted.
 */
export async function leaveOrdersBehind(
  trx: Db,
  moved: ({ shipmentId: number } | { accountId: number }) & { toCompanyId: number },
): Promise<number> {
  if ('accountId' in moved) {
    // A user's change of a shipment locks its row (changeShipment), not the account's: the
    // account's shipments are locked here, so that an order a user is adding as the account moves
    // is committed, and seen below, before its shipments' orders are looked at.
    await trx
      .selectFrom('shipments')
      .select('id')
      .where('account_id', '=', moved.accountId)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  }
  const orders = await trx
    .selectFrom('delivery_orders as o')
    .innerJoin('shipments as s', 's.id', 'o.shipment_id')
    .innerJoin('truckers as t', 't.id', 'o.trucker_id')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .select(['o.id', 'o.shipment_id', 'o.trucker_id', 'o.warehouse_id', 'o.approved', 'o.sent_at', 'o.path'])
    .where((eb) => eb.or([eb('t.company_id', '<>', moved.toCompanyId), eb('w.company_id', '<>', moved.toCompanyId)]))
    .where(
      'shipmentId' in moved ? 's.id' : 's.account_id',
      '=',
      'shipmentId' in moved ? moved.shipmentId : moved.accountId,
    )
    .orderBy('o.id')
    .execute();
  const entries = [];
  for (const order of orders) {
    const told = await deliveryOrdersRepository.deleteTold(trx, order);
    entries.push({
      shipmentId: order.shipment_id,
      userId: null,
      action: SHIPMENT_ACTIVITY.deliveryOrderDeleted,
      detail: { ...told, by: 'broker', reason: 'shipment_moved_to_another_company' },
    });
  }
  await shipmentActivityRepository.record(trx, entries);
  return orders.length;
}
