import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { ISF_NOT_APPLICABLE, FileIsfResponse, type FileIsfRequest } from '@clearport/contract/shipment-detail';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

const CLIENT_FILING: FileIsfRequest = { isf_num: ISF_NOT_APPLICABLE, date: ISF_NOT_APPLICABLE };

/** Records that the client filed the ISF; the reply carries the stored number, date and status. */
export function fileIsf(id: number): Promise<FileIsfResponse> {
  return api.post(API_PATHS.fileIsf, CLIENT_FILING, { params: { id }, schema: FileIsfResponse });
}

export function useFileIsf(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: () => fileIsf(id),
    onSuccess: (reply) => cache.apply((detail) => ({ ...detail, shipment: { ...detail.shipment, ...reply } })),
    onError: (error) => {
      toast.error(failureText(error));
      cache.reload();
    },
  });
}
