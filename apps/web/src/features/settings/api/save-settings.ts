import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SaveSettingsResponse, type SettingsFormSaveRequest } from '@clearport/contract/settings';
import { api } from '../../../lib/api-client.ts';
import { getSettingsQueryOptions } from './get-settings.ts';

/** user/settings/save as the Settings screen sends it: the lists, the whole truckers and warehouses lists. */
export function saveSettings(body: SettingsFormSaveRequest): Promise<SaveSettingsResponse> {
  return api.post(API_PATHS.saveSettings, body, { schema: SaveSettingsResponse });
}

/** Saves, then reads the settings again, so every screen sees what was stored. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions().queryKey }),
  });
}
