import { freeDaysUrgency, lastFreeDayState } from '@clearport/contract/free-days';
import type { ShipmentListItem } from '@clearport/contract/shipments';

/**
 * How near a shipment's nearest last free day is, on the company's day (decision 0030), by the
 * contract's rule of a last free day (lastFreeDayState, the one the shipment page's states use):
 * past it, demurrage or detention runs (`charged`); on it or within FREE_DAYS_DUE_SOON days, it
 * is due (`due`, `days_left` 0 on the day itself); later, `later`. The server's filter and the
 * shipment page count the same day.
 */
export type FreeDayUrgency =
  | { level: 'charged'; kind: FreeDayKind; day: string }
  | { level: 'due'; kind: FreeDayKind; day: string; days_left: number }
  | { level: 'later'; kind: FreeDayKind; day: string };

export type FreeDayKind = NonNullable<ShipmentListItem['next_free_day_kind']>;

/** The urgency of a list row's last free day on `today`; null when it has none. */
export function freeDayUrgency(
  item: Pick<ShipmentListItem, 'next_free_day' | 'next_free_day_kind'>,
  today: string,
): FreeDayUrgency | null {
  const day = item.next_free_day;
  if (day === null) return null;
  const kind = item.next_free_day_kind ?? 'terminal';
  const status = lastFreeDayState(kind, day, today);
  switch (freeDaysUrgency(status)) {
    case 'charging':
      return { level: 'charged', kind, day };
    case 'due':
      return { level: 'due', kind, day, days_left: 'days_left' in status ? status.days_left : 0 };
    case null:
      return { level: 'later', kind, day };
  }
}
