import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterListening, FIRST_PASS_AFTER_LISTEN_MS, nextAttemptAt, retryDelayMs } from './queue-worker.ts';

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

describe('the background passes’ start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('comes a moment after the server listens, once, and never in an app that only got ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const starts: string[] = [];
    const readied = Fastify();
    afterListening(readied, () => starts.push('readied'));
    await readied.ready();
    const listening = Fastify();
    afterListening(listening, () => starts.push('listening'));
    try {
      await listening.listen({ host: '127.0.0.1', port: 0 });
      vi.advanceTimersByTime(FIRST_PASS_AFTER_LISTEN_MS - 1);
      expect(starts).toEqual([]);
      vi.advanceTimersByTime(10 * FIRST_PASS_AFTER_LISTEN_MS);
      expect(starts).toEqual(['listening']);
    } finally {
      await Promise.all([readied.close(), listening.close()]);
    }
  });

  it('does not come when the server closes first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const starts: string[] = [];
    const app = Fastify();
    afterListening(app, () => starts.push('started'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    await app.close();
    vi.advanceTimersByTime(10 * FIRST_PASS_AFTER_LISTEN_MS);
    expect(starts).toEqual([]);
  });
});
