import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { EndSessionsResponse } from '@clearport/contract/sessions';
import { api } from '../../../lib/api-client.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

export function endOtherSessions(): Promise<EndSessionsResponse> {
  return api.post(API_PATHS.endOtherSessions, undefined, { schema: EndSessionsResponse });
}

/** Ends every sign-in of the user but this one; the list is read again after. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
