import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

/** The profile changes only through an administrator; logging out drops it with every other query. */
const PROFILE_STALE_TIME_MS = 5 * 60_000;

export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get(API_PATHS.profile, { schema: ProfileResponse, signal });
}

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_TIME_MS,
  });
}

/** The company's time zone, whose day its last free days and reports count by. */
export const companyTimeZoneOf = (profile: ProfileResponse): string => profile.company.time_zone;

type UseProfileOptions<T> = {
  /** Reads part of the profile; keep it stable (a module function), so it runs only on new data. */
  select: (profile: ProfileResponse) => T;
};

/** The signed-in user with their accounts, each saying whether it tracks documents one by one. */
export function useProfile<T = ProfileResponse>({ select }: Partial<UseProfileOptions<T>> = {}) {
  return useQuery({ ...getProfileQueryOptions(), select });
}
