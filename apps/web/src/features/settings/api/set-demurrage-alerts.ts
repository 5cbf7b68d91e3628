import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { DemurrageAlertsResponse, type SetDemurrageAlertsRequest } from '@clearport/contract/settings';
import { api } from '../../../lib/api-client.ts';
import { getDemurrageAlertsQueryOptions } from './get-demurrage-alerts.ts';

export function setDemurrageAlerts(body: SetDemurrageAlertsRequest): Promise<DemurrageAlertsResponse> {
  return api.put(API_PATHS.demurrageAlerts, body, { schema: DemurrageAlertsResponse });
}

/** Saves the list and its working days; the reply is what is stored. */
export function useSetDemurrageAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDemurrageAlerts,
    onSuccess: (reply) => queryClient.setQueryData(getDemurrageAlertsQueryOptions().queryKey, reply),
  });
}
