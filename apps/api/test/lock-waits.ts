import { setTimeout as sleep } from 'node:timers/promises';
import type pg from '../src/db/pg-driver.ts';

/**
 * Waits, looking through `client`, until a session of its database waits on a lock, or `isDone`
 * (the other write finished without waiting), for at most five seconds: a test of two sessions
 * then lets the first one go on knowing where the second stands.
 */
export async function untilOneWaitsOnALock(client: pg.Client, isDone: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !isDone(); turn += 1) {
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting > 0) return;
    await sleep(25);
  }
}
