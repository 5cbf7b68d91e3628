import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserSaveResponse, type SubuserCreateRequest } from '@clearport/contract/subusers';
import { api } from '../../../lib/api-client.ts';
import { getSubusersQueryOptions } from './get-subusers.ts';

export function createSubuser(body: SubuserCreateRequest): Promise<SubuserSaveResponse> {
  return api.post(API_PATHS.subusers, body, { schema: SubuserSaveResponse });
}

export function useCreateSubuser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubuser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubusersQueryOptions().queryKey }),
  });
}
