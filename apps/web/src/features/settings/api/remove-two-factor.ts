import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import type { TwoFactorReauthRequest } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';
import { getTwoFactorQueryOptions } from './get-two-factor.ts';

export function removeTwoFactor(body: TwoFactorReauthRequest): Promise<MessageResponse> {
  return api.post(API_PATHS.removeTwoFactor, body, { schema: MessageResponse });
}

/** Turns two-factor sign-in off after the password and a current code. */
export function useRemoveTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions().queryKey }),
  });
}
