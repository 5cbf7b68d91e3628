import { useMutation } from '@tanstack/react-query';
import { SendDeliveryOrderResponse } from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

/** Renders the approved order as a PDF and e-mails it; sent without a body. */
export function sendDeliveryOrder(shipmentId: number, orderId: number): Promise<SendDeliveryOrderResponse> {
  return api.post(API_PATHS.sendDeliveryOrder, undefined, {
    params: { id: shipmentId, orderId },
    schema: SendDeliveryOrderResponse,
  });
}

export function useSendDeliveryOrder(shipmentId: number) {
  return useMutation({ mutationFn: (orderId: number) => sendDeliveryOrder(shipmentId, orderId) });
}
