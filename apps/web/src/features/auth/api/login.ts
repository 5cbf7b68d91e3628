import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, type LoginResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { LoginReply } from '@clearport/contract/two-factor';
import { isLoginChallenge, type LoginChallenge } from '@clearport/contract/two-factor-forms';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function login(body: LoginRequest): Promise<LoginResponse | LoginChallenge> {
  return api.post(API_PATHS.login, body, {
    isAuthenticated: false,
    // Checked against the contract in development and tests only, so the login route carries no schema library.
    schema: import.meta.env.DEV ? LoginReply : undefined,
  });
}

type UseLoginOptions = {
  onSuccess?: (session: LoginResponse) => void;
  /** The password was right, and a second step is due before the session starts. */
  onChallenge?: (challenge: LoginChallenge) => void;
};

/** Logs in and keeps the session in cookies before `onSuccess` runs; or hands over the challenge. */
export function useLogin({ onSuccess, onChallenge }: UseLoginOptions = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if (isLoginChallenge(reply)) return onChallenge?.(reply);
      saveSession(reply);
      onSuccess?.(reply);
    },
  });
}
