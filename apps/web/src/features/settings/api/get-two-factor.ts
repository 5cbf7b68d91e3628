import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { TwoFactorResponse } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';

export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorResponse> {
  return api.get(API_PATHS.twoFactor, { schema: TwoFactorResponse, signal });
}

export function getTwoFactorQueryOptions() {
  return queryOptions({ queryKey: ['settings', 'two-factor'], queryFn: ({ signal }) => getTwoFactor(signal) });
}

/** Whether the user's two-factor sign-in is on, and the company's requirement. */
export function useTwoFactor() {
  return useQuery(getTwoFactorQueryOptions());
}
