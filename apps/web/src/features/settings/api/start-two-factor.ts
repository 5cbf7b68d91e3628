import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { TwoFactorSetupResponse, type StartTwoFactorRequest } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';

export function startTwoFactor(body: StartTwoFactorRequest): Promise<TwoFactorSetupResponse> {
  return api.post(API_PATHS.startTwoFactor, body, { schema: TwoFactorSetupResponse });
}

/** After the password: a new key to scan, not on until a first code confirms it. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
