import { formatCents } from '@clearport/contract/customs-entry';
import { freeDaysStateText, freeDaysUrgency, type FreeDaysState } from '@clearport/contract/free-days';
import styles from './container-free-days-panel.module.css';

/** A container's state in words, red while it costs money, amber while a last free day is near. */
export function FreeDaysBadge({ status }: { status: FreeDaysState }) {
  const urgency = freeDaysUrgency(status);
  return (
    <span className={styles.badge} data-urgency={urgency ?? undefined}>
      {freeDaysStateText(status, formatCents)}
    </span>
  );
}
