import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import type { Db } from '../../db/connect.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';

/** What other modules read of the delivery orders: the shipment detail's list, the broker's approvals. */
export const deliveryOrdersReads = {
  /** A page of the orders waiting for the broker's approval, by id (index delivery_orders_waiting_idx). */
  waitingForApproval: (db: Db, page: { after?: number; limit: number }) =>
    deliveryOrdersRepository.waitingForApproval(db, page),

  /**
   * The shipment's orders with their trucker, warehouse, containers and bills, oldest first; for
   * a shipment id reached through the access check already.
   */
  ordersOf: (db: Db, shipmentId: number): Promise<DeliveryOrder[]> => deliveryOrdersRepository.listOf(db, shipmentId),
};
