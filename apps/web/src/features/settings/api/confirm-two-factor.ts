import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { RecoveryCodesResponse, type ConfirmTwoFactorRequest } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';
import { getTwoFactorQueryOptions } from './get-two-factor.ts';

export function confirmTwoFactor(body: ConfirmTwoFactorRequest): Promise<RecoveryCodesResponse> {
  return api.post(API_PATHS.confirmTwoFactor, body, { schema: RecoveryCodesResponse });
}

/** The first code turns two-factor sign-in on; the reply holds the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions().queryKey }),
  });
}
