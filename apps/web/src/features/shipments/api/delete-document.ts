import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { DeleteDocumentResponse, type DeleteDocumentRequest } from '@clearport/contract/shipment-documents';
import { TEXTS } from '@clearport/contract/texts';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** Deletes one of the client's own uploads, named by its storage path; the file goes with it. */
export function deleteDocument(id: number, path: string): Promise<DeleteDocumentResponse> {
  const body: DeleteDocumentRequest = { path };
  return api.delete(API_PATHS.deleteDocument, { params: { id }, body, schema: DeleteDocumentResponse });
}

export function useDeleteDocument(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: (path: string) => deleteDocument(id, path),
    onSuccess: (_reply, path) => {
      toast.success(TEXTS.documentDeleted);
      cache.apply((detail) => ({
        ...detail,
        shipment: {
          ...detail.shipment,
          documents: detail.shipment.documents.filter((document) => document.path !== path),
        },
      }));
    },
    onError: (error) => {
      toast.error(failureText(error));
      cache.reload();
    },
  });
}
