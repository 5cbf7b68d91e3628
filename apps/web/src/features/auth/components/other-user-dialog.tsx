import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { ProfileResponse } from '@clearport/contract/auth';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { loadPage } from '../../../lib/browser-location.ts';
import { notePageUser, otherUserSignalCount, subscribePageSession } from '../../../lib/session-ended.ts';
import { useProfile } from '../api/get-profile.ts';
import styles from '../../../components/layouts/idle-warning.module.css';

const T = WEB_TEXTS.otherUser;
const idOf = (profile: ProfileResponse) => profile.id;

/**
 * Tells the other tabs whose portal this page is, and says so when another user has signed in on
 * the browser since (decision 0033): the page then calls the API no more, since the cookies it would
 * send are the other user's, and offers to reload as them. What was typed stays on the page until then.
 */
export function OtherUserDialog() {
  const userId = useProfile({ select: idOf }).data;
  const signals = useSyncExternalStore(subscribePageSession, otherUserSignalCount);
  const [dismissedAt, setDismissedAt] = useState(0);
  const headingId = useId();

  useEffect(() => {
    if (userId !== undefined) notePageUser(userId);
  }, [userId]);

  // Closed, it comes back with the next call the page makes.
  if (signals === 0 || dismissedAt === signals) return null;
  return (
    <Modal labelledBy={headingId} onClose={() => setDismissedAt(signals)}>
      <div className={styles.body} role="alert">
        <h2 id={headingId} className={styles.title}>
          {T.title}
        </h2>
        <p className={styles.lead}>{SIGN_IN_TEXTS.otherUserSignedIn}</p>
        <p>{T.detail}</p>
      </div>
      <div className={styles.actions}>
        <Button onClick={() => loadPage(paths.home.getHref())}>{T.reload}</Button>
      </div>
    </Modal>
  );
}
