import {
  deliveryOrderChanges,
  deliveryOrderRevision,
  type DeliveryOrder,
  type DeliveryOrderContent,
  type DeliveryOrderRequest,
} from '@clearport/contract/delivery-orders';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf } from './delivery-orders.rules.ts';

/**
 * A change of content withdraws the broker's approval; a save that changes nothing writes nothing.
 * One naming the revision of an order since saved by someone else is refused (decision 0009).
 */
export async function updateDeliveryOrder(
  deps: Pick<ActionDeps, 'db' | 'brokerEmail'>,
  actor: SessionUser,
  input: { shipmentId: number; orderId: number; order: DeliveryOrderRequest },
): Promise<DeliveryOrder | Refused> {
  const { shipmentId, orderId, order: next } = input;
  const result = await changeShipment(deps.db, actor, shipmentId, async (trx, _shipment, record) => {
    const order = await deliveryOrdersRepository.findOrder(trx, shipmentId, orderId);
    if (!order) return { refused: 'orderNotFound' } as const;
    if (order.is_being_sent) return { refused: 'beingSent' } as const;
    const links = await deliveryOrdersRepository.linksOf(trx, orderId);
    const before: DeliveryOrderContent = { ...order, containers: links.containers, bill_ladings: links.bills };
    const changes = deliveryOrderChanges(before, next);
    // Saved since the page read it: this save would undo that one. One that changes nothing (this
    // save sent again after its answer was lost) undoes nothing.
    const isChange = Object.keys(changes).length > 0;
    if (isChange && next.revision !== undefined && next.revision !== deliveryOrderRevision(before))
      return { refused: 'changedElsewhere' } as const;
    const refusal = await deliveryOrdersRepository.saveRefusal(trx, actor, shipmentId, next, order);
    if (refusal) return refusal;
    if (isChange) {
      await deliveryOrdersRepository.update(trx, orderId, links, next);
      record(SHIPMENT_ACTIVITY.deliveryOrderUpdated, {
        delivery_order_id: orderId,
        changes,
        approval_withdrawn: order.approved,
        reused_containers: next.reuse_assigned_containers,
        ...(await deliveryOrdersRepository.namesOf(trx, orderId)),
      });
    }
    const [updated] = await deliveryOrdersRepository.listOf(trx, shipmentId, [orderId]);
    return updated!;
  });
  return isNamedRefusal(result) ? refused(refusalOf(result, deps.brokerEmail)) : result;
}
