import { freeDaysState, type ContainerFreeDays, type RateTier } from '@clearport/contract/free-days';
import { calendarDayIn } from '@clearport/contract/calendar';

/** A container's free days as stored; a container the broker sent none for has them all null. */
export type StoredFreeDays = {
  id: number;
  container_no: string;
  discharged_at: Date | null;
  available_at: Date | null;
  terminal_last_free_day: string | null;
  customs_hold: boolean | null;
  line_hold: boolean | null;
  other_hold: boolean | null;
  gated_out_at: Date | null;
  delivered_at: Date | null;
  empty_returned_at: Date | null;
  detention_last_free_day: string | null;
  demurrage_rates: RateTier[] | null;
  detention_rates: RateTier[] | null;
};

export type StoredLfdChange = {
  which: 'terminal' | 'detention';
  old_day: string | null;
  new_day: string | null;
  changed_at: Date;
};

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/**
 * A container's free days and its state on the company's calendar day `today`; gate-out and
 * return count as the company's calendar days of those instants (docs/decisions/0029-demurrage.md).
 */
export function containerFreeDaysOf(
  stored: StoredFreeDays,
  history: StoredLfdChange[],
  today: string,
  timeZone: string,
): ContainerFreeDays {
  const dayOf = (instant: Date | null) => (instant === null ? null : calendarDayIn(instant, timeZone));
  return {
    container_id: stored.id,
    container_no: stored.container_no,
    discharged_at: iso(stored.discharged_at),
    available_at: iso(stored.available_at),
    terminal_last_free_day: stored.terminal_last_free_day,
    customs_hold: stored.customs_hold ?? false,
    line_hold: stored.line_hold ?? false,
    other_hold: stored.other_hold ?? false,
    gated_out_at: iso(stored.gated_out_at),
    delivered_at: iso(stored.delivered_at),
    empty_returned_at: iso(stored.empty_returned_at),
    detention_last_free_day: stored.detention_last_free_day,
    demurrage_rates: stored.demurrage_rates,
    detention_rates: stored.detention_rates,
    status: freeDaysState(
      {
        terminal_last_free_day: stored.terminal_last_free_day,
        detention_last_free_day: stored.detention_last_free_day,
        gated_out_day: dayOf(stored.gated_out_at),
        empty_returned_day: dayOf(stored.empty_returned_at),
        demurrage_rates: stored.demurrage_rates,
        detention_rates: stored.detention_rates,
      },
      today,
    ),
    lfd_history: history.map((change) => ({
      which: change.which,
      old_day: change.old_day,
      new_day: change.new_day,
      changed_at: change.changed_at.toISOString(),
    })),
  };
}
