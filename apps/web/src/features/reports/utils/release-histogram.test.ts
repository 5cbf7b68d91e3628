import { describe, expect, it } from 'vitest';
import { everyDayOf } from './release-histogram.ts';

describe('everyDayOf', () => {
  it('puts every day from none to the longest in its place, the days without a release at 0', () => {
    expect(
      everyDayOf([
        { days: 1, entries: 40 },
        { days: 3, entries: 2 },
        { days: 6, entries: 1 },
      ]),
    ).toEqual([
      { days: 0, entries: 0 },
      { days: 1, entries: 40 },
      { days: 2, entries: 0 },
      { days: 3, entries: 2 },
      { days: 4, entries: 0 },
      { days: 5, entries: 0 },
      { days: 6, entries: 1 },
    ]);
  });

  it('has no day without releases at all', () => {
    expect(everyDayOf([])).toEqual([]);
  });
});
