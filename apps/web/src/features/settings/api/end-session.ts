import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { EndSessionsResponse } from '@clearport/contract/sessions';
import { api } from '../../../lib/api-client.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

export function endSession(id: number): Promise<EndSessionsResponse> {
  return api.delete(API_PATHS.endSession, { params: { id }, schema: EndSessionsResponse });
}

/** Ends one of the user's other sign-ins; the list is read again after. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
