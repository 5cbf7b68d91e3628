import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import type { Db } from '../../db/connect.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';

/** What other modules read of a shipment's delivery orders: the shipment detail's list. */
export const deliveryOrdersReads = {
  /**
   * The shipment's orders with their trucker, warehouse, containers and bills, oldest first; for
   * a shipment id reached through the access check already.
   */
  ordersOf: (db: Db, shipmentId: number): Promise<DeliveryOrder[]> => deliveryOrdersRepository.listOf(db, shipmentId),
};
