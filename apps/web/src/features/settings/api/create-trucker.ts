import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { CreateTruckerResponse, type TruckerInput, type CreateTruckerRequest } from '@clearport/contract/truckers';
import { api } from '../../../lib/api-client.ts';
import { getSettingsQueryOptions } from './get-settings.ts';

export function createTrucker(trucker: TruckerInput): Promise<CreateTruckerResponse> {
  const body: CreateTruckerRequest = { truckers: [trucker] };
  return api.post(API_PATHS.createTrucker, body, { schema: CreateTruckerResponse });
}

/** The New Trucker modal's save; the dropdown offers the new trucker at once. */
export function useCreateTrucker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrucker,
    onSuccess: (reply) =>
      queryClient.setQueryData(getSettingsQueryOptions().queryKey, (settings) =>
        settings ? { user: { ...settings.user, truckers: [...settings.user.truckers, ...reply.truckers] } } : settings,
      ),
  });
}
