import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserDeleteResponse } from '@clearport/contract/subusers';
import { api } from '../../../lib/api-client.ts';
import { getSubuserQueryOptions } from './get-subuser.ts';
import { getSubusersQueryOptions } from './get-subusers.ts';

export function deleteSubuser(id: number): Promise<SubuserDeleteResponse> {
  return api.delete(API_PATHS.subuser, { params: { id }, schema: SubuserDeleteResponse });
}

export function useDeleteSubuser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSubuser(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: getSubuserQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: getSubusersQueryOptions().queryKey });
    },
  });
}
