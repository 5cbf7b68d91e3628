import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDetailDate, formatEventDate, formatInstant, formatInstantIn } from './format-date.ts';

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

describe('formatInstant', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows a UTC instant with its time in the user’s zone, on the user’s day', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatInstant('2026-11-20 03:30:00')).toBe('11/19/2026 7:30 PM');
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatInstant('2026-11-20 03:30:00')).toBe('11/20/2026 12:30 PM');
  });

  it('reads an ISO 8601 instant with its zone as the newer calls send it', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatInstant('2026-11-20T03:30:00.000Z')).toBe('11/19/2026 10:30 PM');
    expect(formatInstant('2026-11-20T03:30:00+01:00')).toBe('11/19/2026 9:30 PM');
    expect(formatInstant('2026-11-20T03:30:00')).toBe('NOT AVAILABLE');
  });

  it('is NOT AVAILABLE for the unknown date and an unreadable value', () => {
    expect(formatInstant('0000-00-00 00:00:00')).toBe('NOT AVAILABLE');
    expect(formatInstant('2026-11-20')).toBe('NOT AVAILABLE');
  });
});

describe('formatInstantIn', () => {
  it('shows an instant in the zone named, with its short name, whatever the user’s zone', () => {
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    expect(formatInstantIn('2026-12-06T08:51:00.000Z', 'America/New_York')).toBe('12/06/2026 3:51 AM EST');
    expect(formatInstantIn('2026-07-06T16:05:00Z', 'America/New_York')).toBe('07/06/2026 12:05 PM EDT');
    expect(formatInstantIn('2026-12-06 08:51:00', 'America/Los_Angeles')).toBe('12/06/2026 12:51 AM PST');
    expect(formatInstantIn('', 'America/New_York')).toBe('NOT AVAILABLE');
    vi.unstubAllEnvs();
  });
});

describe('formatEventDate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows an instant with its zone as formatInstant does, in the user’s zone', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatEventDate('2026-12-01T18:40:00.000Z')).toBe('12/02/2026 3:40 AM');
    expect(formatEventDate('2026-12-01T18:40:00-05:00')).toBe('12/02/2026 8:40 AM');
    expect(formatEventDate('2026-12-01T18:40:00+0000')).toBe('12/02/2026 3:40 AM');
  });

  it('shows the port’s day and time as written, whatever the user’s zone', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatEventDate('2026-12-02 06:40')).toBe('12/02/2026 6:40 AM');
    expect(formatEventDate('2026-12-02T18:40:59')).toBe('12/02/2026 6:40 PM');
    expect(formatEventDate('2026-12-02')).toBe('12/02/2026');
    expect(formatEventDate('2026-12-02 00:05')).toBe('12/02/2026 12:05 AM');
    expect(formatEventDate('2026-12-02 12:00')).toBe('12/02/2026 12:00 PM');
  });

  it('shows a port’s time that the user’s zone skips, at its change to summer time, as written', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatEventDate('2026-03-08 02:30')).toBe('03/08/2026 2:30 AM');
    vi.stubEnv('TZ', 'America/Santiago');
    expect(formatEventDate('2026-09-06 00:30')).toBe('09/06/2026 12:30 AM');
  });

  it.each(['', 'soon', '0000-00-00 00:00:00', '2026-02-30 10:00', '2026-12-02 25:00', '12/02/2026'])(
    'shows NOT AVAILABLE for %j',
    (text) => {
      expect(formatEventDate(text)).toBe('NOT AVAILABLE');
    },
  );
});
