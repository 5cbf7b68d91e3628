import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { DutyByMonthResponse, type ReportQuery } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS } from '../utils/report-range.ts';

export function getDutyByMonth(query: ReportQuery, signal?: AbortSignal): Promise<DutyByMonthResponse> {
  return api.get(API_PATHS.reportDutyByMonth, { query, schema: DutyByMonthResponse, signal });
}

export function getDutyByMonthQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: ['reports', 'duty-by-month', query],
    queryFn: ({ signal }) => getDutyByMonth(query, signal),
    staleTime: REPORT_STALE_TIME_MS,
    // The last range's figures stay while the next range loads, so the chart keeps its place.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Duty and fees by month, with the same months a year before. */
export function useDutyByMonth(query: ReportQuery) {
  return useQuery(getDutyByMonthQueryOptions(query));
}
