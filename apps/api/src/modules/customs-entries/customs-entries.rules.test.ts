import { describe, expect, it } from 'vitest';
import { section301DutyFault } from './customs-entries.rules.ts';

describe('a line’s Section 301 duty', () => {
  const flagged = { duty_cents: 2_400_00, section_301: true, section_301_duty_cents: 750_00 };

  it('stands on a flagged line, from nothing up to the line’s duty, and is never needed', () => {
    expect(section301DutyFault(undefined, { section_301: true, duty_cents: 100, section_301_duty_cents: 100 })).toBe(
      undefined,
    );
    expect(section301DutyFault(undefined, { section_301: true, section_301_duty_cents: 0 })).toBe(undefined);
    expect(section301DutyFault(undefined, { section_301: true })).toBe(undefined);
    expect(section301DutyFault(flagged, { duty_cents: 750_00 })).toBe(undefined);
    expect(section301DutyFault(flagged, { section_301: false, section_301_duty_cents: null })).toBe(undefined);
  });

  it('is refused on a line without the flag, sent or held', () => {
    expect(section301DutyFault(undefined, { section_301_duty_cents: 0 })).toBe('section301DutyUnflagged');
    expect(section301DutyFault(undefined, { section_301: false, section_301_duty_cents: 1 })).toBe(
      'section301DutyUnflagged',
    );
    expect(section301DutyFault(flagged, { section_301: false })).toBe('section301DutyUnflagged');
  });

  it('is refused above the line’s duty, sent or held', () => {
    expect(section301DutyFault(undefined, { section_301: true, section_301_duty_cents: 1 })).toBe(
      'section301DutyAboveDuty',
    );
    expect(section301DutyFault(flagged, { duty_cents: 749_99 })).toBe('section301DutyAboveDuty');
    expect(section301DutyFault(flagged, { section_301_duty_cents: 2_400_01 })).toBe('section301DutyAboveDuty');
  });
});
