import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import pg from '../src/db/pg-driver.ts';

/*
 * Tests of two sessions at once: a write of the app's, and another session's transaction it meets.
 * They need the PostgreSQL server; the embedded database runs one transaction at a time.
 */

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

/**
 * A second session of the test app's database, opened before the tests of the `describe` it is
 * called in and ended after them. What it returns reads the session once it is open.
 */
export function otherSessionOf(t: { databaseUrl?: string }): () => pg.Client {
  let session: pg.Client | undefined;
  beforeAll(async () => {
    session = new pg.Client({ connectionString: t.databaseUrl });
    await session.connect();
  });
  afterAll(async () => session?.end());
  return () => {
    if (!session) throw new Error('the other session is open only inside its describe');
    return session;
  };
}

/**
 * Runs `write` while `session` has done `hold` and not yet committed, then commits it (after
 * `beforeCommit`, the rest of its transaction). The write either waits on a lock `hold` took, or
 * (without the lock) is done already when the commit comes.
 */
export async function whileHeld<Result>(
  session: pg.Client,
  hold: () => Promise<unknown>,
  write: () => Promise<Result>,
  beforeCommit: () => Promise<unknown> = async () => {},
): Promise<Result> {
  await session.query('BEGIN');
  try {
    await hold();
    let isDone = false;
    const written = write().finally(() => (isDone = true));
    await untilOneWaitsOnALock(session, () => isDone);
    await beforeCommit();
    await session.query('COMMIT');
    return await written;
  } catch (error) {
    await session.query('ROLLBACK');
    throw error;
  }
}
