import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@clearport/contract/paths';
import { InvoiceResponse } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { api, hasStatus } from '../../../lib/api-client.ts';

export function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceResponse> {
  return api.get(apiPath(API_PATHS.invoice, { id }), { schema: InvoiceResponse, signal });
}

export function getInvoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['invoices', 'detail', id],
    queryFn: ({ signal }) => getInvoice(id, signal),
    retry: false,
  });
}

/** One invoice; a failure other than not found shows the generic toast. */
export function useInvoice(id: string) {
  const invoiceQuery = useQuery(getInvoiceQueryOptions(id));
  const isNotFound = invoiceQuery.isError && hasStatus(invoiceQuery.error, 400, 404);
  useFailureToast({ ...invoiceQuery, isError: invoiceQuery.isError && !isNotFound }, TEXTS.genericError);
  return { ...invoiceQuery, isNotFound };
}
