import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserSaveResponse, type SubuserUpdateRequest } from '@clearport/contract/subusers';
import { api } from '../../../lib/api-client.ts';
import { getSubuserQueryOptions } from './get-subuser.ts';
import { getSubusersQueryOptions } from './get-subusers.ts';

export function updateSubuser(id: number, body: SubuserUpdateRequest): Promise<SubuserSaveResponse> {
  return api.patch(API_PATHS.subuser, body, { params: { id }, schema: SubuserSaveResponse });
}

export function useUpdateSubuser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubuserUpdateRequest) => updateSubuser(id, body),
    onSuccess: (reply) => {
      queryClient.setQueryData(getSubuserQueryOptions(id).queryKey, { subuser: reply.subuser });
      return queryClient.invalidateQueries({ queryKey: getSubusersQueryOptions().queryKey });
    },
  });
}
