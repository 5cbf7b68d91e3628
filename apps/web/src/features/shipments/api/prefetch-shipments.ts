import type { QueryClient } from '@tanstack/react-query';
import { readSavedFilters } from '../utils/saved-filters.ts';
import { homeQueryOf, openingListQuery } from '../utils/shipments-query.ts';
import { getHomeShipmentsQueryOptions } from './get-home-shipments.ts';
import { getShipmentsQueryOptions } from './get-shipments.ts';

/**
 * Asks for the page of shipments the list will open with, under the key the list reads, so the
 * request runs while the screen's code loads and the list finds it under way or done.
 */
export function prefetchShipments(queryClient: QueryClient, searchParams: URLSearchParams): void {
  void queryClient.prefetchQuery(getShipmentsQueryOptions(openingListQuery(searchParams)));
}

/**
 * Asks for Home's reply with the saved filters, as Home opens on a reload or from history. Home
 * reached by a link clears them (useListState's isCleared) and asks again when any were set.
 */
export function prefetchHomeShipments(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getHomeShipmentsQueryOptions(homeQueryOf(readSavedFilters())));
}
