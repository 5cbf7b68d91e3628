import { describe, expect, it } from 'vitest';
import { formatDate, formatDetailDate } from './format-date.ts';

describe('formatDate', () => {
  it('shows the ETA as MM/dd/yyyy', () => {
    expect(formatDate('2026-03-07 21:30:00')).toBe('03/07/2026');
    expect(formatDate('2025-12-31 00:00:00')).toBe('12/31/2025');
  });

  it('is blank for the unknown date 0000-00-00 00:00:00', () => {
    expect(formatDate('0000-00-00 00:00:00')).toBe('');
    expect(formatDate('0000-00-00')).toBe('');
  });

  it('is blank for an unreadable value', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('');
  });
});

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
