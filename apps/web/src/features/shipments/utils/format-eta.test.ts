import { describe, expect, it } from 'vitest';
import { formatEta } from './format-eta.ts';

describe('formatEta', () => {
  it('shows the ETA as MM/dd/yyyy', () => {
    expect(formatEta('2026-03-07 21:30:00')).toBe('03/07/2026');
    expect(formatEta('2025-12-31 00:00:00')).toBe('12/31/2025');
  });

  it('is blank for the unknown date 0000-00-00 00:00:00', () => {
    expect(formatEta('0000-00-00 00:00:00')).toBe('');
    expect(formatEta('0000-00-00')).toBe('');
  });

  it('is blank for an unreadable value', () => {
    expect(formatEta('')).toBe('');
    expect(formatEta('soon')).toBe('');
  });
});
