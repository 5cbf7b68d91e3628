import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { RecoveryCodesResponse, type TwoFactorReauthRequest } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';
import { getTwoFactorQueryOptions } from './get-two-factor.ts';

export function regenerateRecoveryCodes(body: TwoFactorReauthRequest): Promise<RecoveryCodesResponse> {
  return api.post(API_PATHS.regenerateRecoveryCodes, body, { schema: RecoveryCodesResponse });
}

/** Ten new recovery codes after the password and a current code; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions().queryKey }),
  });
}
