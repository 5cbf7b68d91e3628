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
 * Claims the order, renders the PDF, stores it under a new key, mails it, and only then records
 * it as the order's `path`. The PDF and the mail take seconds: they run without the shipment's
 * lock, and the claim (decision 0008) keeps the order as it is meanwhile, a change or delete
 * refused, so that what is recorded as sent is what the trucker received. A mail that fails
 * removes the new file, ends the claim and changes nothing else, so the send can be repeated.
 */
export async function sendDeliveryOrder(
  deps: Pick<ActionDeps, 'db' | 'storage' | 'mailer' | 'log' | 'brokerEmail'>,
  actor: SessionUser,
  input: { shipmentId: number; orderId: number },
): Promise<DeliveryOrder | Refused> {
  const { shipmentId, orderId } = input;
  const refuse = (named: DeliveryOrderRefusal) => refused(refusalOf(named, deps.brokerEmail));
  const claim = await changeShipment(deps.db, actor, shipmentId, async (trx) => {
    const order = await deliveryOrdersRepository.findOrder(trx, shipmentId, orderId);
    if (!order) return { refused: 'orderNotFound' } as const;
    if (!order.approved) return { refused: 'notApproved' } as const;
    const until = await deliveryOrdersRepository.claimForSending(trx, orderId);
    return until ? { until } : ({ refused: 'beingSent' } as const);
  });
  if (isNamedRefusal(claim)) return refuse(claim);
  let key: string | undefined;
  try {
    const details = await deliveryOrdersRepository.sendingDetails(deps.db, actor, shipmentId, orderId);
    if (isNamedRefusal(details)) {
      await deliveryOrdersRepository.releaseSending(deps.db, orderId, claim.until);
      return refuse(details);
    }
    const pdf = await deliveryOrderPdf(details, new Date(), deps.brokerEmail);
    key = newStorageKey(DELIVERY_ORDERS_FOLDER, 'pdf');
    await deps.storage.put(key, Buffer.from(pdf));
    let messageId: string;
    try {
      ({ messageId } = await deps.mailer.send(deliveryOrderMail(details, pdf)));
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'the delivery order mail was not sent');
      await deliveryOrdersRepository.releaseSending(deps.db, orderId, claim.until);
      await deps.storage.delete(key);
      return refuse({ refused: 'mailFailed' });
    }
    const sentKey = key;
    const result = await changeShipment(deps.db, actor, shipmentId, async (trx, _shipment, record) => {
      const order = await deliveryOrdersRepository.findOrder(trx, shipmentId, orderId);
      if (!order) return { refused: 'orderNotFound' } as const;
      // The claim lapsed (a send slower than its claim) and another call took the order meanwhile.
      if (!(await deliveryOrdersRepository.markSent(trx, orderId, sentKey, claim.until))) {
        return { refused: 'beingSent' } as const;
      }
      record(SHIPMENT_ACTIVITY.deliveryOrderSent, {
        delivery_order_id: orderId,
        path: sentKey,
        to: details.recipients.to,
        cc: details.recipients.cc,
        message_id: messageId,
      });
      const [updated] = await deliveryOrdersRepository.listOf(trx, shipmentId, [orderId]);
      return { order: updated!, replacedPath: order.path };
    });
    if (isNamedRefusal(result)) {
      deps.log.warn({ orderId, messageId }, 'the delivery order was mailed but its send could not be recorded');
      await deps.storage.delete(sentKey);
      return refuse(result);
    }
    key = undefined; // the order's now: an error from here on leaves it
    if (result.replacedPath) await removeOrderFile(deps, result.replacedPath);
    return result.order;
  } catch (error) {
    // The claim first: a store that failed may fail the delete too (the orphan sweep takes its file).
    await deliveryOrdersRepository.releaseSending(deps.db, orderId, claim.until).catch(() => {});
    if (key) await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}
