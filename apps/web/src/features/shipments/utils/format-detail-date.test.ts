import { describe, expect, it } from 'vitest';
import { formatDetailDate } from './format-detail-date.ts';

describe('formatDetailDate', () => {
  it('shows wall-clock texts and ISO dates as MM/dd/yyyy', () => {
    expect(formatDetailDate('2026-11-24 14:00:00')).toBe('11/24/2026');
    expect(formatDetailDate('2026-03-05T10:00:00')).toBe('03/05/2026');
  });

  it.each(['0000-00-00 00:00:00', '0000-00-00', '', 'soon', '2026-13-45 10:00:00'])(
    'shows NOT AVAILABLE for %j',
    (text) => {
      expect(formatDetailDate(text)).toBe('NOT AVAILABLE');
    },
  );
});
