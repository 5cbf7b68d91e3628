import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { API_PATHS } from '@clearport/contract/http';
import { DeleteDocResponse, type DeleteDocRequest } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** Deletes one of the client's own uploads, named by its storage path; the file goes with it. */
export function deleteDocument(id: number, path: string): Promise<DeleteDocResponse> {
  const body: DeleteDocRequest = { path };
  return api.delete(API_PATHS.deleteDoc, { params: { id }, body, schema: DeleteDocResponse });
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
