import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvNameOfToday, formatFileSize } from './files.ts';

describe('formatFileSize', () => {
  it('counts bytes, then whole KB, then MB to a tenth, in steps of 1,024', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(48_213)).toBe('47 KB');
    // 1,023.6 KB would read 1024 KB: it is 1.0 MB.
    expect(formatFileSize(1024 * 1024 - 400)).toBe('1.0 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20.0 MB');
  });
});

describe('csvNameOfToday', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('names the file by the user’s own day, not the day in UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-05T03:30:00Z') });
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(csvNameOfToday('invoices')).toBe('invoices-2026-12-04.csv');
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(csvNameOfToday('security-events')).toBe('security-events-2026-12-05.csv');
  });
});
