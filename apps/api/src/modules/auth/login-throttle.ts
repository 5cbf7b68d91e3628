import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * Login attempts are counted per key before the password is checked: a user name from one
 * client address, the user name from anywhere, and the client address for any name. Each key
 * has some free attempts in a window; past them every attempt sets a wait, doubling up to a
 * minute, before the key's next one is checked at all. Counting first makes the throttle atomic
 * (a parallel burst passes no more than the free attempts and one more), and a wait of at most a
 * minute slows a guesser down without letting anyone lock the owner out for long.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  firstWaitMs: 1_000,
  maxWaitMs: 60_000,
  free: {
    /** One name from one address: the owner mistyping. */
    pair: 3,
    /** One name from anywhere: guessing spread over many addresses. */
    name: 10,
    /** One address, any names: trying many accounts. Successful logins are not counted. */
    address: 30,
    /** Reset mails per address asked for; more are not sent (the answer does not change). */
    resetMail: 3,
    /** Forgot-password requests per client address. */
    resetRequest: 10,
  },
} as const;

export type ThrottleKey = { key: string; free: number };

const normalName = (userName: string) => userName.trim().toLowerCase();

export type LoginKeys = { pair: ThrottleKey; name: ThrottleKey; address: ThrottleKey };

export function loginThrottleKeys(userName: string, address: string): LoginKeys {
  const name = normalName(userName);
  return {
    pair: { key: `login-pair:${name}|${address}`, free: THROTTLE.free.pair },
    name: { key: `login-name:${name}`, free: THROTTLE.free.name },
    address: { key: `login-address:${address}`, free: THROTTLE.free.address },
  };
}

export const resetRequestKey = (address: string): ThrottleKey => ({
  key: `reset-address:${address}`,
  free: THROTTLE.free.resetRequest,
});
export const resetMailKey = (email: string): ThrottleKey => ({
  key: `reset-mail:${normalName(email)}`,
  free: THROTTLE.free.resetMail,
});

/** The wait set by an attempt, given the attempts counted with it. */
export function waitAfterMs(attempts: number, free: number): number {
  if (attempts <= free) return 0;
  return Math.min(THROTTLE.firstWaitMs * 2 ** (attempts - free - 1), THROTTLE.maxWaitMs);
}

export const loginThrottle = {
  /**
   * Counts one attempt under each key, in order, as long as none asks to wait; gives back the
   * seconds to wait (0: go ahead). Each key's count and wait change in one statement that only
   * applies when the key's wait is over, so two attempts can never both pass a full key.
   */
  async reserve(db: Db, keys: readonly ThrottleKey[]): Promise<number> {
    const window = sql`make_interval(secs => ${THROTTLE.windowSeconds})`;
    for (const { key, free } of keys) {
      const isNewWindow = sql`login_throttle.window_started_at < now() - ${window}`;
      const attempts = sql<number>`CASE WHEN ${isNewWindow} THEN 1 ELSE login_throttle.attempts + 1 END`;
      const waitMs = sql<number>`CASE WHEN ${attempts} <= ${free} THEN 0
        ELSE least(${THROTTLE.firstWaitMs}::float8 * power(2, ${attempts} - ${free} - 1), ${THROTTLE.maxWaitMs}) END`;
      const reserved = await db
        .insertInto('login_throttle')
        .values({
          key,
          attempts: 1,
          window_started_at: sql<Date>`now()`,
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${waitAfterMs(1, free) / 1000})`,
        })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({
              attempts,
              window_started_at: sql<Date>`CASE WHEN ${isNewWindow} THEN now() ELSE login_throttle.window_started_at END`,
              next_attempt_at: sql<Date>`now() + make_interval(secs => ${waitMs} / 1000)`,
            })
            .where('login_throttle.next_attempt_at', '<=', sql<Date>`now()`),
        )
        .returning('attempts')
        .executeTakeFirst();
      if (reserved) continue;
      const row = await db
        .selectFrom('login_throttle')
        .select(sql<number>`greatest(1, ceil(extract(epoch from next_attempt_at - now())))::int`.as('seconds'))
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.seconds ?? 1;
    }
    return 0;
  },

  /**
   * The right password: the name's own counts start again, and the address's count gives the
   * attempt back, so colleagues behind one office address never slow each other down.
   */
  async succeeded(db: Db, keys: LoginKeys): Promise<void> {
    await db.deleteFrom('login_throttle').where('key', 'in', [keys.pair.key, keys.name.key]).execute();
    await db
      .updateTable('login_throttle')
      .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
      .where('key', '=', keys.address.key)
      .execute();
  },
};

export function waitMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
