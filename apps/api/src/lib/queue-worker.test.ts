import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelayMs } from './queue-worker.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the queues’ back-off', () => {
  it('waits 1, 2, 4, … minutes after each failed attempt, never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('gives up once the next attempt would fall more than the window after the first', () => {
    const first = new Date('2026-12-01T08:00:00Z');
    expect(nextAttemptAt(1, first, first, DAY)).toEqual(new Date(first.getTime() + MINUTE));
    const late = new Date(first.getTime() + DAY - 60 * MINUTE);
    expect(nextAttemptAt(20, first, late, DAY)).toEqual(new Date(first.getTime() + DAY));
    expect(nextAttemptAt(20, first, new Date(late.getTime() + 1), DAY)).toBeUndefined();
  });
});
