import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SecurityEventUsersResponse } from '@clearport/contract/security-events';
import { api } from '../../../lib/api-client.ts';

/** The company's users by e-mail, for the user filter. */
export function getSecurityEventUsers(signal?: AbortSignal): Promise<SecurityEventUsersResponse> {
  return api.get(API_PATHS.securityEventUsers, { schema: SecurityEventUsersResponse, signal });
}

export function getSecurityEventUsersQueryOptions() {
  return queryOptions({
    queryKey: ['security-events', 'users'],
    queryFn: ({ signal }) => getSecurityEventUsers(signal),
    staleTime: 60_000,
  });
}

export function useSecurityEventUsers() {
  return useQuery(getSecurityEventUsersQueryOptions());
}
