import { API_PATHS, apiPath } from '@clearport/contract/paths';
import type { ReportExportTable, ReportQuery } from '@clearport/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { FILE_TRANSFER_TIMEOUT_MS } from '../../../lib/files.ts';

/** A report's table as a CSV or an Excel file, fetched with the bearer header. */
export function getReportExport(
  table: ReportExportTable,
  query: ReportQuery & { format: 'csv' | 'xlsx'; over?: number },
): Promise<Blob> {
  return api.get<Blob>(apiPath(API_PATHS.reportExport, { table }), {
    query,
    responseType: 'blob',
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
  });
}
