import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserResponse } from '@clearport/contract/subusers';
import { api } from '../../../lib/api-client.ts';

export function getSubuser(id: number, signal?: AbortSignal): Promise<SubuserResponse> {
  return api.get(API_PATHS.subuser, { params: { id }, schema: SubuserResponse, signal });
}

export function getSubuserQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['subusers', 'detail', id],
    queryFn: ({ signal }) => getSubuser(id, signal),
    staleTime: 0,
  });
}

/** One user of the company, for the editor; `enabled` is false while creating a new one. */
export function useSubuser(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubuserQueryOptions(id), enabled });
}
