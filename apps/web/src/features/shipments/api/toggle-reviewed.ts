import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { toFlag } from '@clearport/contract/http';
import { ToggleReviewedResponse, type ToggleReviewedRequest } from '@clearport/contract/shipment-detail';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** Flips the 7501 reviewed flag; the reply says what it is now. */
export function toggleReviewed(ids: number[]): Promise<ToggleReviewedResponse> {
  const body: ToggleReviewedRequest = { shipment_ids: ids };
  return api.post(API_PATHS.toggleReviewed, body, { schema: ToggleReviewedResponse });
}

export function useToggleReviewed(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: () => toggleReviewed([id]),
    onSuccess: (reply) => cache.apply((detail) => ({ ...detail, '7501_reviewed': toFlag(reply.reviewed) })),
    onError: (error) => {
      toast.error(failureText(error));
      cache.reload();
    },
  });
}
