import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { EndSessionsResponse } from '@clearport/contract/sessions';
import { api } from '../../../lib/api-client.ts';

export function endSubuserSessions(id: number): Promise<EndSessionsResponse> {
  return api.post(API_PATHS.endSubuserSessions, undefined, { params: { id }, schema: EndSessionsResponse });
}

/** Signs a user of the company out everywhere (the Edit User screen). */
export function useEndSubuserSessions(id: number) {
  return useMutation({ mutationFn: () => endSubuserSessions(id) });
}
