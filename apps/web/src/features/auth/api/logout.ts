import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { loadPage } from '../../../lib/browser-location.ts';
import { clearSession } from '../../../lib/session.ts';
import { forgetTabItems } from '../../../lib/tab-storage.ts';
import { isAnotherUsersSession } from '../../../lib/session-ended.ts';

export function logout(): Promise<unknown> {
  return api.post(API_PATHS.logout);
}

type UseLogoutOptions = {
  /** Leaves the signed-in page (to the login page), resolving once it has left. */
  onSettled?: () => void | Promise<void>;
};

/**
 * Ends the session on the server; the cookies, the cached data and the lists' kept state go even
 * when that call fails. On a page opened before another user signed in on the browser, the cookies
 * are that user's: they stay, and the portal reloads as them.
 */
export function useLogout({ onSettled }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      if (isAnotherUsersSession()) {
        loadPage(paths.home.getHref());
        return;
      }
      clearSession();
      forgetTabItems();
      // The page goes first: a cache cleared under it would be asked again, without a session (401s,
      // and the detail's "Server not responding" alert).
      try {
        await onSettled?.();
      } finally {
        queryClient.clear();
      }
    },
  });
}
