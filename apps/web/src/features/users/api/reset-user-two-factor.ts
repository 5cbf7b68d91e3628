import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

export function resetUserTwoFactor(id: number): Promise<MessageResponse> {
  return api.post(API_PATHS.resetUserTwoFactor, undefined, { params: { id }, schema: MessageResponse });
}

/** A user lost their authenticator: their second factor is removed, and they set one up again. */
export function useResetUserTwoFactor(id: number) {
  return useMutation({ mutationFn: () => resetUserTwoFactor(id) });
}
