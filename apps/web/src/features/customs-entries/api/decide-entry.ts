import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DecideEntryResponse } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { api, failureText } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { getCustomsEntryQueryOptions } from './get-customs-entry.ts';

export type EntryDecision = { decision: 'approve' } | { decision: 'query'; comment: string };

export function decideEntry(id: number, pathTo7501: string, input: EntryDecision): Promise<DecideEntryResponse> {
  if (input.decision === 'approve') {
    return api.post(
      API_PATHS.approveEntry,
      { path_to_7501: pathTo7501 },
      { params: { id }, schema: DecideEntryResponse },
    );
  }
  const body = { path_to_7501: pathTo7501, comment: input.comment };
  return api.post(API_PATHS.queryEntry, body, { params: { id }, schema: DecideEntryResponse });
}

/**
 * Approves or queries the 7501 the user has in front of them; either way the entry is read again
 * (a refusal says the broker replaced it, and the new one is then shown).
 */
export function useDecideEntry(id: number, pathTo7501: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryDecision) => decideEntry(id, pathTo7501, input),
    onSuccess: (_reply, input) =>
      toast.success(input.decision === 'approve' ? WEB_TEXTS.customsEntry.approved : WEB_TEXTS.customsEntry.queried),
    onError: (error) => toast.error(failureText(error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getCustomsEntryQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['shipments', 'home'], refetchType: 'none' });
    },
  });
}
