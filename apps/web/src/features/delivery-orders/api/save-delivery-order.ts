import { useMutation } from '@tanstack/react-query';
import { DeliveryOrderResponse, type DeliveryOrderRequestInput } from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

/**
 * Creates the order when `orderId` is undefined, under `requestKey` so that sending it again after
 * a lost answer does not make a second order, and updates it otherwise.
 */
export function saveDeliveryOrder(
  shipmentId: number,
  orderId: number | undefined,
  body: DeliveryOrderRequestInput,
  requestKey?: string,
): Promise<DeliveryOrderResponse> {
  if (orderId === undefined) {
    return api.post(API_PATHS.deliveryOrders, body, {
      params: { id: shipmentId },
      schema: DeliveryOrderResponse,
      requestKey,
    });
  }
  return api.post(API_PATHS.deliveryOrder, body, {
    params: { id: shipmentId, orderId },
    schema: DeliveryOrderResponse,
  });
}

export function useSaveDeliveryOrder(shipmentId: number, orderId: number | undefined) {
  return useMutation({
    mutationFn: ({ body, requestKey }: { body: DeliveryOrderRequestInput; requestKey?: string }) =>
      saveDeliveryOrder(shipmentId, orderId, body, requestKey),
  });
}
