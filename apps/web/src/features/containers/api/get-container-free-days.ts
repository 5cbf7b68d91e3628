import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContainerFreeDaysResponse } from '@clearport/contract/free-days';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

export function getContainerFreeDays(id: number, signal?: AbortSignal): Promise<ContainerFreeDaysResponse> {
  return api.get(API_PATHS.containerFreeDays, { params: { id }, schema: ContainerFreeDaysResponse, signal });
}

export function getContainerFreeDaysQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['shipments', 'container-free-days', id],
    queryFn: ({ signal }) => getContainerFreeDays(id, signal),
  });
}

/** The shipment's containers' dates, demurrage and detention state and last free day history. */
export function useContainerFreeDays(id: number) {
  return useQuery(getContainerFreeDaysQueryOptions(id));
}
