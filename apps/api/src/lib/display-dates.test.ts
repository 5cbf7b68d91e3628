import { describe, expect, it } from 'vitest';
import { calendarDayIn } from '@clearport/contract/calendar';
import { displayDate, displayDay, isTimeZone } from './display-dates.ts';

describe('display dates', () => {
  // 03:30 UTC on 24 November is still the 23rd in New York and Los Angeles.
  const lateEvening = new Date('2026-11-24T03:30:00Z');

  it("write an instant's day in the company's zone, not the server's or UTC", () => {
    expect(displayDate(lateEvening, 'America/New_York')).toBe('11/23/2026');
    expect(displayDate(lateEvening, 'America/Los_Angeles')).toBe('11/23/2026');
    expect(displayDate(lateEvening, 'UTC')).toBe('11/24/2026');
    expect(calendarDayIn(lateEvening, 'America/New_York')).toBe('2026-11-23');
    expect(calendarDayIn(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08');
  });

  it('write a wall-clock text as it reads, and nothing for an unknown one', () => {
    expect(displayDay('2026-01-05 23:59:00')).toBe('01/05/2026');
    expect(displayDay('2026-12-31')).toBe('12/31/2026');
    expect(displayDay('0000-00-00 00:00:00')).toBeUndefined();
    expect(displayDay(null)).toBeUndefined();
    expect(displayDay('soon')).toBeUndefined();
  });

  it('know IANA zones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
