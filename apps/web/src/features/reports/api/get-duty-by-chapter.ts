import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { DutyByChapterResponse, type ReportQuery } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS } from '../utils/report-range.ts';

export function getDutyByChapter(query: ReportQuery, signal?: AbortSignal): Promise<DutyByChapterResponse> {
  return api.get(API_PATHS.reportDutyByChapter, { query, schema: DutyByChapterResponse, signal });
}

export function getDutyByChapterQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: ['reports', 'duty-by-chapter', query],
    queryFn: ({ signal }) => getDutyByChapter(query, signal),
    staleTime: REPORT_STALE_TIME_MS,
    // The last range's figures stay while the next range loads, so the chart keeps its place.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Duty by HTS chapter and the HTS numbers with the most duty. */
export function useDutyByChapter(query: ReportQuery) {
  return useQuery(getDutyByChapterQueryOptions(query));
}
