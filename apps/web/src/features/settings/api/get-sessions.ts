import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SessionsResponse } from '@clearport/contract/sessions';
import { api } from '../../../lib/api-client.ts';

export function getSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return api.get(API_PATHS.sessions, { schema: SessionsResponse, signal });
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: ['settings', 'sessions'], queryFn: ({ signal }) => getSessions(signal) });
}

/** The user's live sign-ins, this device first. */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
