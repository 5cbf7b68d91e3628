import type { Db } from '../../db/connect.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';

export type ApprovalResult = 'approved' | 'alreadyApproved' | 'notFound';

/**
 * The broker approves a delivery order: the act that makes Send available to the client. It
 * belongs to the brokerage, not to a portal user, so there is no access check and the history
 * names no user. Until the broker's own interface exists it is called by the demo data and by
 * `npm run broker -- approve-delivery-order ID` (src/cli/broker.ts).
 * Runs in the caller's transaction when given one, else in its own.
 */
export async function approveDeliveryOrder(db: Db, orderId: number, at: Date = new Date()): Promise<ApprovalResult> {
  const approve = async (trx: Db): Promise<ApprovalResult> => {
    const order = await trx
      .selectFrom('delivery_orders')
      .select(['id', 'shipment_id', 'approved'])
      .where('id', '=', orderId)
      .forUpdate()
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
        detail: { delivery_order_id: orderId, by: 'broker' },
      },
    ]);
    return 'approved';
  };
  return db.isTransaction ? approve(db) : db.transaction().execute(approve);
}
