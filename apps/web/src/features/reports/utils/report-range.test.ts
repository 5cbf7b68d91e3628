import { describe, expect, it } from 'vitest';
import { reportQueryOf, type ReportRange } from './report-range.ts';

const custom = (from: string, to: string, account = ''): ReportRange => ({
  preset: 'custom',
  from,
  to,
  account,
  over: 5,
});

describe('reportQueryOf', () => {
  it('gives the API’s query for a range it takes', () => {
    expect(reportQueryOf(custom('2025-12', '2026-11'))).toEqual({ from: '2025-12', to: '2026-11' });
    expect(reportQueryOf(custom('2026-01', '2026-01', '40001'))).toEqual({
      from: '2026-01',
      to: '2026-01',
      account_no: '40001',
    });
  });

  it.each([
    ['a year the API does not take', '0001-01', '0001-06'],
    ['the months the wrong way round', '2026-11', '2025-12'],
    ['more than 36 months', '2023-01', '2026-01'],
    ['half a month', '2026-1', '2026-11'],
  ])('is null for %s, so no call is made that the API would refuse', (_what, from, to) => {
    expect(reportQueryOf(custom(from, to))).toBeNull();
  });
});
