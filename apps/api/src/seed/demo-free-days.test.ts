import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import { daysBetween } from '@clearport/contract/free-days';
import { calendarDayIn } from '@clearport/contract/calendar';
import { planFreeDays } from './demo-free-days.ts';

/*
 * The demo's last free days are calendar days of the company's zone (decision 0029), counted from
 * the discharge's day there: a container discharged at 10:30 PM in New York has its 4, 5 or 7 free
 * days from that day, not from the next UTC day.
 */

/** Arrivals on 2026-11-25 every half hour, so discharges fall at every hour of the day. */
const ETAS = Array.from({ length: 48 }, (_, index) => new Date(Date.parse('2026-11-25T00:00:00Z') + index * 1_800_000));
/** 00:30 on 2026-11-30 in New York, already 05:30 UTC: every one of them is discharged by then. */
const NOW = new Date('2026-11-30T05:30:00Z');

function planned() {
  return ETAS.flatMap((eta, index) =>
    planFreeDays({
      fileNumber: `DMI-99${String(index).padStart(5, '0')}-1`,
      containers: [{ container_no: `TEST${String(index).padStart(7, '0')}` }],
      eta,
      now: NOW,
      isReleased: false,
      isHeld: true,
    }).records.map((record) => record as unknown as { discharged_at: string; terminal_last_free_day: string }),
  );
}

describe('demo free days', () => {
  it("count a container's free days from the day of its discharge in the company's zone", () => {
    const records = planned();
    expect(records).toHaveLength(ETAS.length);
    const lateEvening = records.filter(
      (record) =>
        calendarDayIn(new Date(record.discharged_at), DEFAULT_TIME_ZONE) !== record.discharged_at.slice(0, 10),
    );
    // Some discharges fall in the hours where the company's day and the UTC day differ.
    expect(lateEvening.length).toBeGreaterThan(0);
    for (const record of records) {
      const dischargeDay = calendarDayIn(new Date(record.discharged_at), DEFAULT_TIME_ZONE);
      expect([4, 5, 7]).toContain(daysBetween(dischargeDay, record.terminal_last_free_day));
    }
  });
});
