import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { SetDocumentTypesResponse, type DocumentTypesRequest } from '@clearport/contract/shipment-documents';
import { api, failureText } from '../../../lib/api-client.ts';
import { withTypesSubmitted } from '../utils/document-types.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** Marks document types submitted; the reply's status may have moved on (DOCUMENT_STATUS_TRANSITIONS). */
export function setDocumentTypes(id: number, types: string[]): Promise<SetDocumentTypesResponse> {
  const body: DocumentTypesRequest = { types };
  return api.post(API_PATHS.setDocumentTypes, body, { params: { id }, schema: SetDocumentTypesResponse });
}

export function useSetDocumentTypes(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: (type: string) => setDocumentTypes(id, [type]),
    onSuccess: (reply) => cache.apply(withTypesSubmitted(reply.type_set, true, reply.status)),
    onError: (error) => {
      toast.error(failureText(error));
      cache.reload();
    },
  });
}
