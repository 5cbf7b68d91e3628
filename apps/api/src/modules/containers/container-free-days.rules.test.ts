import { describe, expect, it } from 'vitest';
import { calendarDayIn } from '@clearport/contract/calendar';
import { containerFreeDaysOf, type StoredFreeDays } from './container-free-days.rules.ts';

const stored: StoredFreeDays = {
  id: 1,
  container_no: 'MSKU1234565',
  discharged_at: null,
  available_at: null,
  terminal_last_free_day: '2026-11-10',
  customs_hold: null,
  line_hold: null,
  other_hold: null,
  gated_out_at: null,
  delivered_at: null,
  empty_returned_at: null,
  detention_last_free_day: null,
  demurrage_rates: null,
  detention_rates: null,
};

/** The state at `instant` for a company in `timeZone`, as the route computes it. */
const stateAt = (instant: string, timeZone: string, row: StoredFreeDays = stored) =>
  containerFreeDaysOf(row, [], calendarDayIn(new Date(instant), timeZone), timeZone).status;

describe("a container's state on the company's calendar day", () => {
  it('starts demurrage one minute after midnight in the company’s zone, not at midnight UTC', () => {
    // 23:59 on the last free day in New York is already the next day in UTC.
    expect(stateAt('2026-11-11T04:59:00Z', 'America/New_York')).toEqual({ state: 'pickup_today' });
    expect(stateAt('2026-11-11T05:01:00Z', 'America/New_York')).toEqual({
      state: 'demurrage',
      days: 1,
      charge_cents: null,
    });
    // 00:01 on the day after in Tokyo is still the last free day in UTC.
    expect(stateAt('2026-11-10T15:01:00Z', 'Asia/Tokyo')).toMatchObject({ state: 'demurrage', days: 1 });
    expect(stateAt('2026-11-10T14:59:00Z', 'Asia/Tokyo')).toEqual({ state: 'pickup_today' });
  });

  it('counts gate-out and return on the company’s calendar day', () => {
    const out = {
      ...stored,
      gated_out_at: new Date('2026-11-10T03:00:00Z'),
      detention_last_free_day: '2026-11-12',
      detention_rates: [{ from_day: 1, cents_per_day: 5000 }],
    };
    expect(stateAt('2026-11-13T05:30:00Z', 'America/New_York', out)).toEqual({
      state: 'detention',
      days: 1,
      charge_cents: 5000,
    });
    const returned = { ...out, empty_returned_at: new Date('2026-11-13T04:00:00Z') };
    expect(stateAt('2026-11-20T00:00:00Z', 'America/New_York', returned)).toEqual({ state: 'closed' });
  });
});
