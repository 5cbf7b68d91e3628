import type { ShipmentListItem } from '@clearport/contract/shipments';
import { fillText } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { freeDayUrgency, type FreeDayUrgency } from '../utils/free-day-urgency.ts';
import styles from './next-free-day-badge.module.css';

type NextFreeDayBadgeProps = {
  shipment: Pick<ShipmentListItem, 'next_free_day' | 'next_free_day_kind'>;
  /** The company's calendar day, YYYY-MM-DD. */
  today: string;
};

const T = WEB_TEXTS.shipments;

function textOf(urgency: FreeDayUrgency): string {
  const day = formatDate(urgency.day);
  const isTerminal = urgency.kind === 'terminal';
  switch (urgency.level) {
    case 'charged':
      return fillText(isTerminal ? T.freeDayDemurrage : T.freeDayDetention, { day });
    case 'due':
      if (urgency.days_left === 0) return isTerminal ? T.freeDayPickUpToday : T.freeDayReturnToday;
      return fillText(isTerminal ? T.freeDayPickUp : T.freeDayReturn, { day });
    case 'later':
      return fillText(T.freeDayLater, { day });
  }
}

/**
 * A shipment's nearest last free day under its containers in the list (decision 0030): red
 * while demurrage or detention runs, amber while it is due, plain later; nothing without one.
 */
export function NextFreeDayBadge({ shipment, today }: NextFreeDayBadgeProps) {
  const urgency = freeDayUrgency(shipment, today);
  if (!urgency) return null;
  return (
    <span
      className={`${styles.badge} ${styles[urgency.level]}`}
      data-urgency={urgency.level}
      title={fillText(T.freeDayTitle, { day: formatDate(urgency.day) })}
    >
      {textOf(urgency)}
    </span>
  );
}
