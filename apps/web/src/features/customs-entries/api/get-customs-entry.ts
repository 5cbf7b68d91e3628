import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CustomsEntryResponse } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

export function getCustomsEntry(
  id: number,
  afterLine: number | null,
  signal?: AbortSignal,
): Promise<CustomsEntryResponse> {
  return api.get(API_PATHS.customsEntry, {
    params: { id },
    query: { after_line: afterLine ?? undefined },
    schema: CustomsEntryResponse,
    signal,
  });
}

export function getCustomsEntryQueryOptions(id: number) {
  return infiniteQueryOptions({
    queryKey: ['shipments', 'customs-entry', id],
    queryFn: ({ pageParam, signal }) => getCustomsEntry(id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_line,
  });
}

/** The shipment's customs entry and its lines, a page of lines at a time. */
export function useCustomsEntry(id: number) {
  return useInfiniteQuery(getCustomsEntryQueryOptions(id));
}
