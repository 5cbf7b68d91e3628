import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { ReleaseEntriesResponse } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS, type ReleaseQuery } from '../utils/report-range.ts';

export function getReleaseDaysEntries(
  query: ReleaseQuery,
  after: string | null,
  signal?: AbortSignal,
): Promise<ReleaseEntriesResponse> {
  return api.get(API_PATHS.reportReleaseDaysEntries, {
    query: { ...query, after: after ?? undefined },
    schema: ReleaseEntriesResponse,
    signal,
  });
}

export function getReleaseDaysEntriesQueryOptions(query: ReleaseQuery) {
  return infiniteQueryOptions({
    queryKey: ['reports', 'release-days-entries', query],
    queryFn: ({ pageParam, signal }) => getReleaseDaysEntries(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    staleTime: REPORT_STALE_TIME_MS,
    // A new threshold keeps the entries shown until its own come, instead of a loading line in their place.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The entries released later than the threshold after arrival, latest release first, a page at a time. */
export function useReleaseDaysEntries(query: ReleaseQuery) {
  return useInfiniteQuery(getReleaseDaysEntriesQueryOptions(query));
}
