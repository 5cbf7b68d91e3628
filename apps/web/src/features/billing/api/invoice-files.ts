import { API_PATHS, apiPath } from '@clearport/contract/paths';
import type { InvoicesExportQuery } from '@clearport/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { FILE_TRANSFER_TIMEOUT_MS } from '../../../lib/files.ts';

/** The invoice's PDF, fetched with the bearer header (files are never public). */
export function getInvoicePdf(id: number, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(apiPath(API_PATHS.invoicePdf, { id }), {
    responseType: 'blob',
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
    signal,
  });
}

export function getInvoiceBackup(id: number): Promise<Blob> {
  return api.get<Blob>(apiPath(API_PATHS.invoiceBackup, { id }), {
    responseType: 'blob',
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
  });
}

/** The CSV of every invoice the filters select, all pages. */
export function getInvoicesCsv(query: Partial<InvoicesExportQuery>): Promise<Blob> {
  return api.get<Blob>(API_PATHS.invoicesCsv, { query, responseType: 'blob', timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
}
