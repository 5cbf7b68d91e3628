import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { FILE_TRANSFER_TIMEOUT_MS } from '../../../lib/files.ts';
import type { SecurityEventsFilterQuery } from '../utils/security-events-list.ts';

/** The CSV of the events the filters select, the newest SECURITY_EVENTS_CSV_MAX_ROWS at most. */
export function getSecurityEventsCsv(query: SecurityEventsFilterQuery): Promise<Blob> {
  return api.get<Blob>(API_PATHS.securityEventsCsv, {
    query,
    responseType: 'blob',
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
  });
}
