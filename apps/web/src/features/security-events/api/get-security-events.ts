import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SecurityEventsResponse } from '@clearport/contract/security-events';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api } from '../../../lib/api-client.ts';
import type { SecurityEventsPageQuery } from '../utils/security-events-list.ts';

/** One page of the company's security events. */
export function getSecurityEvents(
  query: SecurityEventsPageQuery,
  signal?: AbortSignal,
): Promise<SecurityEventsResponse> {
  return api.get(API_PATHS.securityEvents, { query, schema: SecurityEventsResponse, signal });
}

export function getSecurityEventsQueryOptions(query: SecurityEventsPageQuery) {
  return queryOptions({
    queryKey: ['security-events', 'list', query],
    queryFn: ({ signal }) => getSecurityEvents(query, signal),
    // The rows stay while the next page or filter loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The Security events list; a failure shows the generic toast (spec section 8). */
export function useSecurityEvents(query: SecurityEventsPageQuery) {
  const eventsQuery = useQuery(getSecurityEventsQueryOptions(query));
  useFailureToast(eventsQuery, TEXTS.genericError);
  return eventsQuery;
}
