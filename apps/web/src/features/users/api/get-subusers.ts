import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubusersResponse, type SubusersQuery } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api } from '../../../lib/api-client.ts';

/** The list's query as the page holds it; the server fills in what is left out. */
export type SubusersListQuery = Partial<SubusersQuery>;

export function getSubusers(query: SubusersListQuery, signal?: AbortSignal): Promise<SubusersResponse> {
  return api.get(API_PATHS.subusers, { query, schema: SubusersResponse, signal });
}

export function getSubusersQueryOptions(query: SubusersListQuery = {}) {
  return queryOptions({
    // Every parameter is in the key; the empty query's key is a prefix of all of them.
    queryKey: ['subusers', 'list', query],
    queryFn: ({ signal }) => getSubusers(query, signal),
    // The rows stay while the next page, search or filter loads.
    placeholderData: keepPreviousData,
    // Someone else may have changed the users: every visit asks again.
    staleTime: 0,
  });
}

/** One page of the company's users; a failure shows the generic toast. */
export function useSubusers(query: SubusersListQuery) {
  const subusersQuery = useQuery(getSubusersQueryOptions(query));
  useFailureToast(subusersQuery, TEXTS.genericError);
  return subusersQuery;
}
