import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { InvoicesResponse, type InvoicesQuery } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api } from '../../../lib/api-client.ts';

/** A page asked for again within this time comes from the cache. */
const INVOICES_STALE_TIME_MS = 30_000;

/** One page of the billing list. */
export function getInvoices(query: Partial<InvoicesQuery>, signal?: AbortSignal): Promise<InvoicesResponse> {
  return api.get(API_PATHS.invoices, { query, schema: InvoicesResponse, signal });
}

export function getInvoicesQueryOptions(query: Partial<InvoicesQuery>) {
  return queryOptions({
    queryKey: ['invoices', 'list', query],
    queryFn: ({ signal }) => getInvoices(query, signal),
    staleTime: INVOICES_STALE_TIME_MS,
    // The rows stay while the next page or filter loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The billing list's invoices; a failure shows the generic toast (spec section 8). */
export function useInvoices(query: Partial<InvoicesQuery>) {
  const invoicesQuery = useQuery(getInvoicesQueryOptions(query));
  useFailureToast(invoicesQuery, TEXTS.genericError);
  return invoicesQuery;
}
