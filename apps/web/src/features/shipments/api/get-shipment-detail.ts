import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { api } from '../../../lib/api-client.ts';

export function getShipmentDetail(id: number, signal?: AbortSignal): Promise<ShipmentDetailResponse> {
  return api.get(API_PATHS.shipmentDetail, { params: { id }, schema: ShipmentDetailResponse, signal });
}

export function getShipmentDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['shipments', 'detail', id],
    queryFn: ({ signal }) => getShipmentDetail(id, signal),
    // A failure is reported at once with the spec's alert, not after retries.
    retry: false,
  });
}

/** One shipment with everything under it (spec section 2, Shipment detail). */
export function useShipmentDetail(id: number) {
  return useQuery(getShipmentDetailQueryOptions(id));
}

export type ShipmentDetailUpdate = (detail: ShipmentDetailResponse) => ShipmentDetailResponse;

/**
 * The detail's cache after a change: `apply` writes what the server confirmed into the cached
 * detail, and marks the lists and Home's counts stale, so they are fetched again when next shown;
 * `reload` fetches the detail again, after a change failed on a state that may have moved on.
 */
export function useShipmentDetailCache(id: number) {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (update: ShipmentDetailUpdate) => {
      for (const reading of ['list', 'home']) {
        void queryClient.invalidateQueries({ queryKey: ['shipments', reading], refetchType: 'none' });
      }
      queryClient.setQueryData(getShipmentDetailQueryOptions(id).queryKey, (detail) => detail && update(detail));
    },
    [queryClient, id],
  );
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getShipmentDetailQueryOptions(id).queryKey }),
    [queryClient, id],
  );
  return { apply, reload };
}
