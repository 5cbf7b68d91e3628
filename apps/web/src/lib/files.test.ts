import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvNameOfToday } from './files.ts';

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
