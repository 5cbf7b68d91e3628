import { isNamedRefusal } from '../../lib/refusal.ts';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf } from './delivery-orders.rules.ts';
import { removeOrderFile } from './delivery-order-files.ts';

/** Removes the order, then its sent PDF. */
export async function deleteDeliveryOrder(
  deps: Pick<ActionDeps, 'db' | 'storage' | 'log' | 'brokerEmail'>,
  actor: SessionUser,
  input: { shipmentId: number; orderId: number },
): Promise<{ deleted: true } | Refused> {
  const { shipmentId, orderId } = input;
  const result = await changeShipment(deps.db, actor, shipmentId, async (trx, _shipment, record) => {
    const order = await deliveryOrdersRepository.findOrder(trx, shipmentId, orderId);
    if (!order) return { refused: 'orderNotFound' } as const;
    if (order.is_being_sent) return { refused: 'beingSent' } as const;
    record(SHIPMENT_ACTIVITY.deliveryOrderDeleted, await deliveryOrdersRepository.deleteTold(trx, order));
    return { path: order.path };
  });
  if (isNamedRefusal(result)) return refused(refusalOf(result, deps.brokerEmail));
  if (result.path) await removeOrderFile(deps, result.path);
  return { deleted: true };
}
