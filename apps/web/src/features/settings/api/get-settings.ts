import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/http';
import { SettingsResponse } from '@clearport/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.get(API_PATHS.settings, { schema: SettingsResponse, signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal) });
}

/** The company's truckers and warehouses that the editor's dropdowns offer (user/settings). */
export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
