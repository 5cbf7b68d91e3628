import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentsListResponse, type ShipmentsListQuery } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api } from '../../../lib/api-client.ts';

/** A page asked for again within this time comes from the cache: the repeated request is not sent. */
export const SHIPMENTS_STALE_TIME_MS = 30_000;

/** One page of the shipments list; the API client gives up after FETCH_TIMEOUT_MS. */
export function getShipments(query: ShipmentsListQuery, signal?: AbortSignal): Promise<ShipmentsListResponse> {
  return api.get(API_PATHS.shipments, { query, schema: ShipmentsListResponse, signal });
}

export function getShipmentsQueryOptions(query: ShipmentsListQuery) {
  return queryOptions({
    // Every parameter is in the key, so the same page with the same filters is one cache entry.
    queryKey: ['shipments', 'list', query],
    queryFn: ({ signal }) => getShipments(query, signal),
    staleTime: SHIPMENTS_STALE_TIME_MS,
    // The rows stay while the next page or filter loads.
    placeholderData: keepPreviousData,
    // A time-out is reported at once (spec section 7: 8 s), not after retries.
    retry: false,
  });
}

/** The list page's shipments; a failure shows the toast Failed to load shipments. */
export function useShipments(query: ShipmentsListQuery) {
  const shipmentsQuery = useQuery(getShipmentsQueryOptions(query));
  useFailureToast(shipmentsQuery, TEXTS.shipmentsLoadFailed);
  return shipmentsQuery;
}
