import type { LoginResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';
import { useFormRequest } from '../../../hooks/use-form-request.ts';

export function loginSecondFactor(body: { challenge: string; code: string }): Promise<LoginResponse> {
  return api.post(API_PATHS.loginSecondFactor, body, { isAuthenticated: false });
}

/** The login's second step: a code or a recovery code; the session is kept before `onSuccess` runs. */
export function useLoginSecondFactor({ onSuccess }: { onSuccess: (session: LoginResponse) => void }) {
  return useFormRequest(loginSecondFactor, {
    onSuccess: (session) => {
      saveSession(session);
      onSuccess(session);
    },
  });
}
