import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { loadPage } from '../../../lib/browser-location.ts';
import { hasSession } from '../../../lib/session.ts';
import {
  forgetSessionEnded,
  isAnotherUsersSession,
  sessionEndedCalls,
  subscribePageSession,
} from '../../../lib/session-ended.ts';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from '../../../components/layouts/idle-warning.module.css';

const T = WEB_TEXTS.sessionEnded;

/** How often the page looks for a sign-in made in another tab, besides when it gets the focus back. */
const SIGN_IN_CHECK_MS = 1_000;

/**
 * The session ended while the page held input not yet saved, or was saving it (decision 0033):
 * instead of the login page, which would throw the input away, a dialog says so and offers a
 * sign-in in another tab. Once the tab has a session again, and it is the same user's, the dialog
 * goes and the user saves again; another user's sign-in reloads the portal for them.
 */
export function SessionEndedDialog() {
  const endedCalls = useSyncExternalStore(subscribePageSession, sessionEndedCalls);
  const [dismissedAt, setDismissedAt] = useState(0);
  const headingId = useId();
  const queryClient = useQueryClient();
  const hasEnded = endedCalls > 0;

  useEffect(() => {
    if (!hasEnded) return;
    const userId = queryClient.getQueryData(getProfileQueryOptions().queryKey)?.id;
    let isChecking = false;
    const check = () => {
      // Another user's sign-in is OtherUserDialog's to tell; asking as them would only be refused.
      if (isChecking || !hasSession() || isAnotherUsersSession()) return;
      isChecking = true;
      queryClient
        .fetchQuery({ ...getProfileQueryOptions(), staleTime: 0 })
        .then((profile) => {
          if (userId !== undefined && profile.id !== userId) {
            loadPage(paths.home.getHref());
            return;
          }
          forgetSessionEnded();
          toast.success(T.signedInAgain, { toastId: T.signedInAgain });
          // What failed while the session was gone is read again.
          void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
        })
        // Not answered, or the session found ended again: the dialog stays.
        .catch(() => {})
        .finally(() => {
          isChecking = false;
        });
    };
    const timer = setInterval(check, SIGN_IN_CHECK_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [hasEnded, queryClient]);

  if (!hasEnded || dismissedAt === endedCalls) return null;

  const signInHere = () => {
    const { pathname, search } = window.location;
    loadPage(paths.login.getHref(`${pathname}${search}`));
  };

  return (
    <Modal labelledBy={headingId} onClose={() => setDismissedAt(endedCalls)}>
      <div className={styles.body} role="alert">
        <h2 id={headingId} className={styles.title}>
          {T.title}
        </h2>
        <p className={styles.lead}>{T.kept}</p>
        <p>{T.howTo}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={signInHere}>
          {T.signInHere}
        </Button>
        <Button onClick={() => window.open(paths.login.getHref(), '_blank', 'noopener')}>{T.signInNewTab}</Button>
      </div>
    </Modal>
  );
}
