import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { API_PATHS } from '@clearport/contract/paths';
import { AddNoteResponse, type AddNoteRequest } from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { api, failureText } from '../../../lib/api-client.ts';
import { useShipmentDetailCache } from './get-shipment-detail.ts';

/** `requestKey` names this note, so that sending it again after a lost answer does not add it twice. */
export function addNote(id: number, note: string, requestKey?: string): Promise<AddNoteResponse> {
  const body: AddNoteRequest = { note };
  return api.post(API_PATHS.addNote, body, { params: { id }, schema: AddNoteResponse, requestKey });
}

/** Adds a note to the shipment's notes and says Note successfully submitted. */
export function useAddNote(id: number) {
  const cache = useShipmentDetailCache(id);
  return useMutation({
    mutationFn: ({ note, requestKey }: { note: string; requestKey: string }) => addNote(id, note, requestKey),
    onSuccess: (reply) => {
      toast.success(TEXTS.noteSubmitted);
      cache.apply((detail) => ({
        ...detail,
        shipment: { ...detail.shipment, shipment_notes: [...detail.shipment.shipment_notes, reply.note] },
      }));
    },
    onError: (error) => toast.error(failureText(error)),
  });
}
