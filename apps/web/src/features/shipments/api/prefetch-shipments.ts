import type { QueryClient } from '@tanstack/react-query';
import { openingListQuery } from '../utils/shipments-query.ts';
import { getShipmentsQueryOptions } from './get-shipments.ts';

/**
 * Asks for the page of shipments the list will open with, under the key the list reads, so the
 * request runs while the screen's code loads and the list finds it under way or done.
 */
export function prefetchShipments(queryClient: QueryClient, searchParams: URLSearchParams): void {
  void queryClient.prefetchQuery(getShipmentsQueryOptions(openingListQuery(searchParams)));
}
