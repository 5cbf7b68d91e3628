import { useMutation } from '@tanstack/react-query';
import { LoginResponse, type LoginRequest } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post(API_PATHS.login, body, {
    isAuthenticated: false,
    // Checked against the contract in development and tests only, so the login route carries no schema library.
    schema: import.meta.env.DEV ? LoginResponse : undefined,
  });
}

type UseLoginOptions = {
  onSuccess?: (session: LoginResponse) => void;
};

/** Logs in and keeps the session in cookies before `onSuccess` runs. */
export function useLogin({ onSuccess }: UseLoginOptions = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      saveSession(session);
      onSuccess?.(session);
    },
  });
}
