import type { ResetPasswordRequest } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import type { MessageResponse } from '@clearport/contract/http';
import { api } from '../../../lib/api-client.ts';
import { useFormRequest } from '../../../hooks/use-form-request.ts';

export type ResetPasswordInput = { token: string; body: ResetPasswordRequest };

export function resetPassword({ token, body }: ResetPasswordInput): Promise<MessageResponse> {
  return api.post(API_PATHS.resetPassword, body, { isAuthenticated: false, params: { token } });
}

export function useResetPassword() {
  return useFormRequest(resetPassword);
}
