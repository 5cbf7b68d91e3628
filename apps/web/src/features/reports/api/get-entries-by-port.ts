import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { EntriesByPortResponse, type ReportQuery } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS } from '../utils/report-range.ts';

export function getEntriesByPort(query: ReportQuery, signal?: AbortSignal): Promise<EntriesByPortResponse> {
  return api.get(API_PATHS.reportEntriesByPort, { query, schema: EntriesByPortResponse, signal });
}

export function getEntriesByPortQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: ['reports', 'entries-by-port', query],
    queryFn: ({ signal }) => getEntriesByPort(query, signal),
    staleTime: REPORT_STALE_TIME_MS,
    // The last range's figures stay while the next range loads, so the chart keeps its place.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Entries and entered value by port of entry and by mode. */
export function useEntriesByPort(query: ReportQuery) {
  return useQuery(getEntriesByPortQueryOptions(query));
}
