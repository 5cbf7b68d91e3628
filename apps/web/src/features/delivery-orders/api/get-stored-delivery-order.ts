import { API_PATHS } from '@clearport/contract/paths';
import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { api } from '../../../lib/api-client.ts';

/**
 * The order as it is stored now, read with its shipment (the API reads no order alone); undefined
 * when it was deleted meanwhile.
 */
export async function getStoredDeliveryOrder(shipmentId: number, orderId: number): Promise<DeliveryOrder | undefined> {
  const { shipment } = await api.get(API_PATHS.shipmentDetail, {
    params: { id: shipmentId },
    schema: ShipmentDetailResponse,
  });
  return shipment.delivery_orders.find((order) => order.id === orderId);
}
