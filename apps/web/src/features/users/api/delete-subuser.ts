import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserDeleteResponse } from '@clearport/contract/subusers';
import { api } from '../../../lib/api-client.ts';
import { getSubuserQueryOptions } from './get-subuser.ts';
import { getSubusersQueryOptions } from './get-subusers.ts';

export function deleteSubuser(id: number): Promise<SubuserDeleteResponse> {
  return api.delete(API_PATHS.subuser, { params: { id }, schema: SubuserDeleteResponse });
}

/** Deletes the user; the page that showed them removes their cached data once it has left (forgetDeletedSubuser). */
export function useDeleteSubuser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSubuser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubusersQueryOptions().queryKey }),
  });
}

/**
 * Drops a deleted user's cached data: called once their page has gone, as a page still showing them
 * would ask for them again (404).
 */
export function forgetDeletedSubuser(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: getSubuserQueryOptions(id).queryKey });
}
