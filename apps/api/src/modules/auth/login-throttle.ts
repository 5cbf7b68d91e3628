import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * Failed logins are counted per user name within a window. After a few failures each answer
 * is delayed, growing; after many the name is refused (429) until the lock ends. The lock
 * always ends, so an attacker cannot lock the real user out for good.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  freeFailures: 3,
  lockAfterFailures: 10,
  lockSeconds: 15 * 60,
  maxDelayMs: 4_000,
} as const;

export function throttleKey(userName: string): string {
  return userName.trim().toLowerCase();
}

/** The delay before answering a failed attempt, given the failures so far. */
export function failureDelayMs(failures: number): number {
  if (failures <= THROTTLE.freeFailures) return 0;
  return Math.min(250 * 2 ** (failures - THROTTLE.freeFailures - 1), THROTTLE.maxDelayMs);
}

export const loginThrottle = {
  /** Seconds until the name may try again, or 0 when it is not locked. */
  async lockedForSeconds(db: Db, key: string): Promise<number> {
    const row = await db
      .selectFrom('login_failures')
      .select(sql<number>`ceil(extract(epoch from locked_until - now()))::int`.as('seconds'))
      .where('user_name', '=', key)
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.seconds ?? 0;
  },

  /** Counts a failure and gives back the failures now counted in the window. */
  async recordFailure(db: Db, key: string): Promise<number> {
    const window = sql`make_interval(secs => ${THROTTLE.windowSeconds})`;
    const row = await db
      .insertInto('login_failures')
      .values({ user_name: key, failures: 1, first_failed_at: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict.column('user_name').doUpdateSet({
          failures: sql<number>`CASE WHEN login_failures.first_failed_at < now() - ${window}
            OR login_failures.locked_until <= now() THEN 1 ELSE login_failures.failures + 1 END`,
          first_failed_at: sql<Date>`CASE WHEN login_failures.first_failed_at < now() - ${window}
            OR login_failures.locked_until <= now() THEN now() ELSE login_failures.first_failed_at END`,
          locked_until: null,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures >= THROTTLE.lockAfterFailures) {
      await db
        .updateTable('login_failures')
        .set({ locked_until: sql<Date>`now() + make_interval(secs => ${THROTTLE.lockSeconds})` })
        .where('user_name', '=', key)
        .execute();
    }
    return row.failures;
  },

  async clear(db: Db, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('user_name', '=', key).execute();
  },
};

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
