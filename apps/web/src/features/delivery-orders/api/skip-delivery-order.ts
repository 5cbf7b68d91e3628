import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import {
  IGNORE_CATEGORY,
  SkipDeliveryOrderResponse,
  type SkipDeliveryOrderRequest,
} from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { api } from '../../../lib/api-client.ts';
import { ignoreFailureText } from '../utils/ignore-failure-text.ts';

/** Sets whether the shipment goes without a delivery order (toggle-ignore, WithoutDeliveryOrder). */
export function skipDeliveryOrder(shipmentId: number, isSkipped: boolean): Promise<SkipDeliveryOrderResponse> {
  const body: SkipDeliveryOrderRequest = { shipment_id: shipmentId, ignore: isSkipped, category: IGNORE_CATEGORY };
  return api.post(API_PATHS.skipDeliveryOrder, body, { schema: SkipDeliveryOrderResponse });
}

type UseSkipDeliveryOrderOptions = {
  /** Receives the stored flag; the shipment's owner keeps it. */
  onSuccess: (reply: SkipDeliveryOrderResponse) => void;
};

/** Toggle-ignore with the spec's messages (section 8). */
export function useSkipDeliveryOrder(shipmentId: number, { onSuccess }: UseSkipDeliveryOrderOptions) {
  return useMutation({
    mutationFn: (isSkipped: boolean) => skipDeliveryOrder(shipmentId, isSkipped),
    onSuccess: (reply) => {
      toast.success(TEXTS.ignoreUpdated);
      onSuccess(reply);
    },
    onError: (error) => toast.error(ignoreFailureText(error)),
  });
}
