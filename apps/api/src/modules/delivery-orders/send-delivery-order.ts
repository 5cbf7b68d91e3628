import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { newStorageKey } from '../../lib/storage.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { DELIVERY_ORDERS_FOLDER, removeOrderFile } from './delivery-order-files.ts';
import { deliveryOrderMail } from './delivery-order-mail.ts';
import { deliveryOrderPdf } from './delivery-order-pdf.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf, type DeliveryOrderRefusal } from './delivery-orders.rules.ts';

/**
 * Renders the PDF, stores it under a new key, mails it, and only then records it as the order's
 * `path`. A mail that fails removes the new file and changes nothing, so the order is as it was
 * and the send can be repeated. The PDF and the mail take seconds: they run without the
 * shipment's lock, which only the recording takes.
 */
export async function sendDeliveryOrder(
  deps: Pick<ActionDeps, 'db' | 'storage' | 'mailer' | 'log' | 'brokerEmail'>,
  actor: SessionUser,
  input: { shipmentId: number; orderId: number },
): Promise<DeliveryOrder | Refused> {
  const { shipmentId, orderId } = input;
  const refuse = (named: DeliveryOrderRefusal) => refused(refusalOf(named, deps.brokerEmail));
  const details = await deliveryOrdersRepository.sendingDetails(deps.db, actor, shipmentId, orderId);
  if (isNamedRefusal(details)) return refuse(details);
  const pdf = await deliveryOrderPdf(details, new Date(), deps.brokerEmail);
  const key = newStorageKey(DELIVERY_ORDERS_FOLDER, 'pdf');
  await deps.storage.put(key, Buffer.from(pdf));
  try {
    let messageId: string;
    try {
      ({ messageId } = await deps.mailer.send(deliveryOrderMail(details, pdf)));
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'the delivery order mail was not sent');
      await deps.storage.delete(key);
      return refuse({ refused: 'mailFailed' });
    }
    const result = await changeShipment(deps.db, actor, shipmentId, async (trx, _shipment, record) => {
      const order = await deliveryOrdersRepository.findOrder(trx, shipmentId, orderId);
      if (!order) return { refused: 'orderNotFound' } as const;
      await deliveryOrdersRepository.markSent(trx, orderId, key);
      record(SHIPMENT_ACTIVITY.deliveryOrderSent, {
        delivery_order_id: orderId,
        path: key,
        to: details.recipients.to,
        cc: details.recipients.cc,
        message_id: messageId,
      });
      const [updated] = await deliveryOrdersRepository.listOf(trx, shipmentId, [orderId]);
      return { order: updated!, replacedPath: order.path };
    });
    if (isNamedRefusal(result)) {
      await deps.storage.delete(key);
      return refuse(result);
    }
    if (result.replacedPath) await removeOrderFile(deps, result.replacedPath);
    return result.order;
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}
