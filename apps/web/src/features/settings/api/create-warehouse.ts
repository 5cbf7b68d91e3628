import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SaveSettingsResponse, type WarehousesSaveRequest } from '@clearport/contract/settings';
import { warehouseFromForm, type NewWarehouseForm, type Warehouse } from '@clearport/contract/warehouses';
import { api, ApiError } from '../../../lib/api-client.ts';
import { getSettingsQueryOptions } from './get-settings.ts';

/**
 * user/settings/save as the New Warehouse modal sends it: the new warehouse followed by the
 * existing ones (the server keeps those as stored). The reply's last warehouse is the new one.
 */
export function createWarehouse(
  form: NewWarehouseForm,
  existing: ReadonlyArray<Pick<Warehouse, 'id'>>,
): Promise<SaveSettingsResponse> {
  const body: WarehousesSaveRequest = {
    warehouses: [warehouseFromForm(form), ...existing.map((warehouse) => ({ id: warehouse.id }))],
  };
  return api.post(API_PATHS.saveSettings, body, { schema: SaveSettingsResponse });
}

export function useCreateWarehouse(existing: ReadonlyArray<Pick<Warehouse, 'id'>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: NewWarehouseForm) => createWarehouse(form, existing),
    onSuccess: (reply) =>
      queryClient.setQueryData(getSettingsQueryOptions().queryKey, (settings) =>
        settings ? { user: { ...settings.user, truckers: reply.truckers, warehouses: reply.warehouses } } : settings,
      ),
    // A warehouse it sent was deleted elsewhere meanwhile: the next try sends the list as it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.field?.startsWith('warehouses.')) {
        void queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions().queryKey });
      }
    },
  });
}
