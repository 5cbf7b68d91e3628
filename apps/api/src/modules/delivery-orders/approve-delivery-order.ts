import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { recordMailEvent } from '../event-mail/event-mail.repository.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';

export type ApprovalResult = 'approved' | 'alreadyApproved' | 'notFound';

/**
 * The broker approves a delivery order: the act that makes Send available to the client. It
 * belongs to the brokerage, not to a portal user, so there is no access check and the history
 * names no user. Until the broker's own interface exists it is called by the demo data and by
 * `npm run broker -- approve-delivery-order ID` (src/cli/broker.ts).
 * Runs in the caller's transaction when given one, else in its own. With `tellsDeliveryList`,
 * the company's delivery list is told in the same transaction (the demo's history is not told).
 */
export async function approveDeliveryOrder(
  deps: Pick<ActionDeps, 'db'>,
  actor: Broker,
  input: { orderId: number; at?: Date; tellsDeliveryList?: boolean },
): Promise<ApprovalResult> {
  const { orderId, at = new Date(), tellsDeliveryList = false } = input;
  return inTransaction(deps.db, async (trx): Promise<ApprovalResult> => {
    const order = await deliveryOrdersRepository
      .withAccount(trx)
      .select([
        'delivery_orders.id',
        'delivery_orders.shipment_id',
        'delivery_orders.approved',
        'delivery_orders.reference_number',
        'shipments.file_number',
        'accounts.company_id',
      ])
      .where('delivery_orders.id', '=', orderId)
      .forUpdate('delivery_orders')
      .executeTakeFirst();
    if (!order) return 'notFound';
    if (order.approved) return 'alreadyApproved';
    await trx
      .updateTable('delivery_orders')
      .set({ approved: true, approved_at: at, updated_at: at })
      .where('id', '=', orderId)
      .execute();
    await shipmentActivityRepository.record(trx, [
      {
        shipmentId: order.shipment_id,
        userId: null,
        action: SHIPMENT_ACTIVITY.deliveryOrderApproved,
        detail: { delivery_order_id: orderId, by: actor.kind },
        at,
      },
    ]);
    if (tellsDeliveryList) {
      const event = {
        kind: 'deliveryOrderApproved',
        shipmentId: order.shipment_id,
        entryNo: order.file_number,
        referenceNumber: order.reference_number,
        orderId,
      } as const;
      await recordMailEvent(trx, order.company_id, event, at);
    }
    return 'approved';
  });
}
