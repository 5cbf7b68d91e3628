import type { ForgotPasswordRequest } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import type { MessageResponse } from '@clearport/contract/http';
import { api } from '../../../lib/api-client.ts';
import { useFormRequest } from '../../../hooks/use-form-request.ts';

export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post(API_PATHS.forgotPassword, body, { isAuthenticated: false });
}

export function useForgotPassword() {
  return useFormRequest(forgotPassword);
}
