import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { ReleaseDaysResponse } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS, type ReleaseQuery } from '../utils/report-range.ts';

export function getReleaseDays(query: ReleaseQuery, signal?: AbortSignal): Promise<ReleaseDaysResponse> {
  return api.get(API_PATHS.reportReleaseDays, { query, schema: ReleaseDaysResponse, signal });
}

export function getReleaseDaysQueryOptions(query: ReleaseQuery) {
  return queryOptions({
    queryKey: ['reports', 'release-days', query],
    queryFn: ({ signal }) => getReleaseDays(query, signal),
    staleTime: REPORT_STALE_TIME_MS,
    // The last range's figures stay while the next range loads, so the chart keeps its place.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Days from arrival to release: median, 90th percentile, histogram and weeks. */
export function useReleaseDays(query: ReleaseQuery) {
  return useQuery(getReleaseDaysQueryOptions(query));
}
