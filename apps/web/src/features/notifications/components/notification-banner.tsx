import { useEffect, useState } from 'react';
import type { Notification } from '@clearport/contract/notifications';
import { CrossIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useNotifications } from '../api/get-notifications.ts';
import styles from './notification-banner.module.css';

/** Where the browser keeps the notification last dismissed, so it stays away on later visits. */
export const DISMISSED_NOTIFICATION_KEY = 'dismissedNotification';

type DismissedNotification = Pick<Notification, 'id' | 'message'>;

function readDismissed(): DismissedNotification | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_NOTIFICATION_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null || !('id' in stored) || !('message' in stored)) return null;
    return { id: Number(stored.id), message: String(stored.message) };
  } catch {
    // Storage blocked or a value of another shape: nothing was dismissed.
    return null;
  }
}

function keepDismissed(notification: DismissedNotification): void {
  try {
    window.localStorage.setItem(
      DISMISSED_NOTIFICATION_KEY,
      JSON.stringify({ id: notification.id, message: notification.message }),
    );
  } catch {
    // Without storage the dismissal lasts as long as the page.
  }
}

/**
 * The global banner on Home: the first notification's message, until dismissed (spec section 2).
 * A dismissal is remembered in the browser, by the notification's id and text: the same
 * notification stays away, a new one (or a changed text) shows again.
 * A failed fetch only shows nothing; it is logged, not toasted (spec section 8).
 */
export function NotificationBanner() {
  const notificationsQuery = useNotifications();
  const [dismissed, setDismissed] = useState(readDismissed);
  const first = notificationsQuery.data?.[0];

  useEffect(() => {
    if (notificationsQuery.error) console.error('Could not fetch the notifications', notificationsQuery.error);
  }, [notificationsQuery.error]);

  if (!first || (first.id === dismissed?.id && first.message === dismissed.message)) return null;
  const dismiss = () => {
    keepDismissed(first);
    setDismissed(first);
  };
  return (
    <section aria-label={WEB_TEXTS.home.notification} className={styles.banner}>
      <p className={styles.message}>{first.message}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={WEB_TEXTS.home.dismissNotification}
        title={WEB_TEXTS.home.dismissNotification}
        onClick={dismiss}
      >
        <CrossIcon size={18} />
      </button>
    </section>
  );
}
