import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import type { CompanyTwoFactorRequest } from '@clearport/contract/two-factor';
import { api } from '../../../lib/api-client.ts';
import { getTwoFactorQueryOptions } from './get-two-factor.ts';

export function setCompanyTwoFactor(body: CompanyTwoFactorRequest): Promise<MessageResponse> {
  return api.put(API_PATHS.companyTwoFactor, body, { schema: MessageResponse });
}

/** Requires two-factor sign-in of everyone in the company, or stops (primary and managers). */
export function useSetCompanyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions().queryKey }),
  });
}
