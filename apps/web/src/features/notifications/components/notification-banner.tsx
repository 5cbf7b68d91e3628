import { useEffect, useState } from 'react';
import { CrossIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useNotifications } from '../api/get-notifications.ts';
import styles from './notification-banner.module.css';

/**
 * The global banner on Home: the first notification's message, until dismissed (spec section 2).
 * A failed fetch only shows nothing; it is logged, not toasted (spec section 8).
 */
export function NotificationBanner() {
  const notificationsQuery = useNotifications();
  const [dismissedId, setDismissedId] = useState<number | null>(null);
  const first = notificationsQuery.data?.[0];

  useEffect(() => {
    if (notificationsQuery.error) console.error('Could not fetch the notifications', notificationsQuery.error);
  }, [notificationsQuery.error]);

  if (!first || first.id === dismissedId) return null;
  return (
    <section aria-label={WEB_TEXTS.home.notification} className={styles.banner}>
      <p className={styles.message}>{first.message}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={WEB_TEXTS.home.dismissNotification}
        title={WEB_TEXTS.home.dismissNotification}
        onClick={() => setDismissedId(first.id)}
      >
        <CrossIcon size={18} />
      </button>
    </section>
  );
}
