import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { OpenInvoicesResponse } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { REPORT_STALE_TIME_MS } from '../utils/report-range.ts';

/** The open invoices report has no range: it counts every invoice open today. */
type OpenInvoicesQuery = { account_no?: string | undefined };

export function getOpenInvoices(query: OpenInvoicesQuery, signal?: AbortSignal): Promise<OpenInvoicesResponse> {
  return api.get(API_PATHS.reportOpenInvoices, { query, schema: OpenInvoicesResponse, signal });
}

export function getOpenInvoicesQueryOptions(query: OpenInvoicesQuery) {
  return queryOptions({
    queryKey: ['reports', 'open-invoices', query],
    queryFn: ({ signal }) => getOpenInvoices(query, signal),
    staleTime: REPORT_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Open invoices by days past due, in all and by account. */
export function useOpenInvoices(query: OpenInvoicesQuery) {
  return useQuery(getOpenInvoicesQueryOptions(query));
}
