import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { DemurrageAlertsResponse } from '@clearport/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function getDemurrageAlerts(signal?: AbortSignal): Promise<DemurrageAlertsResponse> {
  return api.get(API_PATHS.demurrageAlerts, { schema: DemurrageAlertsResponse, signal });
}

export function getDemurrageAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'demurrage-alerts'],
    queryFn: ({ signal }) => getDemurrageAlerts(signal),
  });
}

/** The company's demurrage and detention list and how many working days ahead it is reminded. */
export function useDemurrageAlerts() {
  return useQuery(getDemurrageAlertsQueryOptions());
}
