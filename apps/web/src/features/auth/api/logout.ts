import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

export function logout(): Promise<unknown> {
  return api.post(API_PATHS.logout);
}

type UseLogoutOptions = {
  onSettled?: () => void;
};

/** Ends the session on the server; the cookies and cached data go even when that call fails. */
export function useLogout({ onSettled }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      onSettled?.();
    },
  });
}
