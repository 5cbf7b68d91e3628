import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { UPLOAD_FIELD, UploadDocumentResponse } from '@clearport/contract/shipment-documents';
import { api } from '../../../lib/api-client.ts';
import { FILE_TRANSFER_TIMEOUT_MS } from '../../../lib/files.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/**
 * One file per request, as the server takes them; it checks the name and the content. `requestKey`
 * names this upload, so that sending the file again after a lost answer does not store it twice.
 */
export function uploadDocument(id: number, file: File, requestKey?: string): Promise<UploadDocumentResponse> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return api.post(API_PATHS.uploadDocument, form, {
    params: { id },
    schema: UploadDocumentResponse,
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
    requestKey,
  });
}

/** Uploads a file and lists it; the caller shows a refusal beside the drop area. */
export function useUploadDocument(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: ({ file, requestKey }: { file: File; requestKey: string }) => uploadDocument(id, file, requestKey),
    onSuccess: (reply) =>
      cache.apply((detail) => ({
        ...detail,
        shipment: { ...detail.shipment, documents: [...detail.shipment.documents, reply.document] },
      })),
  });
}
