import { useMutation } from '@tanstack/react-query';
import { DeleteDeliveryOrderResponse } from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

export function deleteDeliveryOrder(shipmentId: number, orderId: number): Promise<DeleteDeliveryOrderResponse> {
  return api.delete(API_PATHS.deliveryOrder, {
    params: { id: shipmentId, orderId },
    schema: DeleteDeliveryOrderResponse,
  });
}

export function useDeleteDeliveryOrder(shipmentId: number) {
  return useMutation({ mutationFn: (orderId: number) => deleteDeliveryOrder(shipmentId, orderId) });
}
