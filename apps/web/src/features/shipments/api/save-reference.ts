import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { SaveReferenceResponse, type SaveReferenceRequest } from '@clearport/contract/shipment-detail';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

export function saveReference(id: number, referenceNo: string): Promise<SaveReferenceResponse> {
  const body: SaveReferenceRequest = { reference_no: referenceNo };
  return api.post(API_PATHS.saveReference, body, { params: { id }, schema: SaveReferenceResponse });
}

export function useSaveReference(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: (referenceNo: string) => saveReference(id, referenceNo),
    onSuccess: (reply) => {
      toast.success(WEB_TEXTS.shipment.referenceSaved);
      cache.apply((detail) => ({
        ...detail,
        shipment: { ...detail.shipment, customer_reference_no: reply.reference_no },
      }));
    },
    onError: (error) => toast.error(failureText(error)),
  });
}
