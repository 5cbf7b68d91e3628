import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { HomeShipmentsResponse, type HomeShipmentsQuery } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api } from '../../../lib/api-client.ts';
import { SHIPMENTS_STALE_TIME_MS } from './get-shipments.ts';

/** Home's counts, the user's accounts and the first shipments, for the same filters as the list. */
export function getHomeShipments(query: HomeShipmentsQuery, signal?: AbortSignal): Promise<HomeShipmentsResponse> {
  return api.get(API_PATHS.shipments, { query, schema: HomeShipmentsResponse, signal });
}

export function getHomeShipmentsQueryOptions(query: HomeShipmentsQuery) {
  return queryOptions({
    queryKey: ['shipments', 'home', query],
    queryFn: ({ signal }) => getHomeShipments(query, signal),
    staleTime: SHIPMENTS_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Home's shipments; a failure shows the toast Failed to load shipments. Debounce the query before. */
export function useHomeShipments(query: HomeShipmentsQuery) {
  const homeQuery = useQuery(getHomeShipmentsQueryOptions(query));
  useFailureToast(homeQuery, TEXTS.shipmentsLoadFailed);
  return homeQuery;
}
