import type { LoginRequest, LoginResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { isLoginChallenge, type LoginChallenge } from '@clearport/contract/two-factor-forms';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';
import { useFormRequest } from '../../../hooks/use-form-request.ts';

export async function login(body: LoginRequest): Promise<LoginResponse | LoginChallenge> {
  // Checked against the contract in development and tests only, and the schema imported only there,
  // so the login route neither carries nor imports the schema library.
  const schema = import.meta.env.DEV ? (await import('@clearport/contract/two-factor')).LoginReply : undefined;
  return api.post(API_PATHS.login, body, { isAuthenticated: false, schema });
}

type UseLoginOptions = {
  onSuccess?: (session: LoginResponse) => void;
  /** The password was right, and a second step is due before the session starts. */
  onChallenge?: (challenge: LoginChallenge) => void;
};

/** Logs in and keeps the session in cookies before `onSuccess` runs; or hands over the challenge. */
export function useLogin({ onSuccess, onChallenge }: UseLoginOptions = {}) {
  return useFormRequest(login, {
    onSuccess: (reply) => {
      if (isLoginChallenge(reply)) return onChallenge?.(reply);
      saveSession(reply);
      onSuccess?.(reply);
    },
  });
}
