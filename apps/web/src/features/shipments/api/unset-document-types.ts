import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { UnsetDocumentTypesResponse, type DocumentTypesRequest } from '@clearport/contract/shipment-documents';
import { api, failureText } from '../../../lib/api-client.ts';
import { withTypesSubmitted } from '../utils/document-types.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** Unmarks document types; the reply's status may have gone back (DOCUMENT_STATUS_TRANSITIONS). */
export function unsetDocumentTypes(id: number, types: string[]): Promise<UnsetDocumentTypesResponse> {
  const body: DocumentTypesRequest = { types };
  return api.post(API_PATHS.unsetDocumentTypes, body, { params: { id }, schema: UnsetDocumentTypesResponse });
}

export function useUnsetDocumentTypes(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: (type: string) => unsetDocumentTypes(id, [type]),
    onSuccess: (reply) => cache.apply(withTypesSubmitted(reply.type_unset, false, reply.status)),
    onError: (error) => {
      toast.error(failureText(error));
      cache.reload();
    },
  });
}
