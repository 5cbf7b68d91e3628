import { SHIPMENT_DELIVERY_ORDERS_MAX } from '@clearport/contract/constants';
import { sortedIds, type DeliveryOrder, type DeliveryOrderRequest } from '@clearport/contract/delivery-orders';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { changeShipment, countUnderShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { requestKeysRepository } from '../activity/request-keys.repository.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf } from './delivery-orders.rules.ts';

/**
 * A new delivery order of the shipment, when its trucker, warehouse, containers and bills may be
 * chosen and it holds fewer than SHIPMENT_DELIVERY_ORDERS_MAX. Sent again under its `requestKey` (decision 0048), it answers the order the first made,
 * as it is now.
 */
export async function createDeliveryOrder(
  deps: Pick<ActionDeps, 'db' | 'brokerEmail'>,
  actor: SessionUser,
  input: { shipmentId: number; order: DeliveryOrderRequest; requestKey?: string | undefined },
): Promise<DeliveryOrder | Refused> {
  const { shipmentId, order } = input;
  const result = await changeShipment(deps.db, actor, shipmentId, async (trx, _shipment, record) => {
    const keyed = input.requestKey && {
      shipmentId,
      userId: actor.id,
      kind: 'delivery_order' as const,
      key: input.requestKey,
      request: order,
    };
    const before = keyed && (await requestKeysRepository.madeBefore(trx, keyed));
    if (before === 'reused') return { refused: 'requestKeyReused' } as const;
    const [made] = before ? await deliveryOrdersRepository.listOf(trx, shipmentId, [before]) : [];
    if (made) return made;
    if ((await countUnderShipment(trx, 'delivery_orders', shipmentId)) >= SHIPMENT_DELIVERY_ORDERS_MAX)
      return { refused: 'ordersFull' } as const;
    const refusal = await deliveryOrdersRepository.saveRefusal(trx, actor, shipmentId, order);
    if (refusal) return refusal;
    const orderId = await deliveryOrdersRepository.insert(trx, actor, shipmentId, order);
    if (keyed) await requestKeysRepository.keep(trx, keyed, orderId);
    record(SHIPMENT_ACTIVITY.deliveryOrderCreated, {
      delivery_order_id: orderId,
      trucker_id: order.trucker_id,
      warehouse_id: order.warehouse_id,
      reference_number: order.reference_number,
      note: order.note,
      pickup_date: order.pickup_date ?? null,
      containers: sortedIds(order.containers),
      bill_ladings: sortedIds(order.bill_ladings),
      reused_containers: order.reuse_assigned_containers,
      ...(await deliveryOrdersRepository.namesOf(trx, orderId)),
    });
    const [created] = await deliveryOrdersRepository.listOf(trx, shipmentId, [orderId]);
    return created!;
  });
  return isNamedRefusal(result) ? refused(refusalOf(result, deps.brokerEmail)) : result;
}
