import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SettingsResponse } from '@clearport/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.get(API_PATHS.settings, { schema: SettingsResponse, signal });
}

// Typed as any key, so that a feature given this query (the delivery order editor) need not know its key.
const SETTINGS_QUERY_KEY: QueryKey = ['settings'];

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getSettings(signal) });
}

/** The user's settings: the company's truckers and warehouses among them (user/settings). */
export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
