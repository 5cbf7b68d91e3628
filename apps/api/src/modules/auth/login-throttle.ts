import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * Login attempts are counted per key before the password is checked: a user name from one
 * client address, the user name from anywhere, and the client address for any name. Each key
 * has some free attempts in a window; past them every attempt sets a wait, doubling up to a
 * minute, before the key's next one is checked at all. Counting first makes the throttle atomic
 * (a parallel burst passes no more than the free attempts and one more), and a wait of at most a
 * minute slows a guesser down without letting anyone lock the owner out for long.
 *
 * The address's key slows guesses, not colleagues behind the same address: an attempt whose
 * password is right gives back its attempt and the wait it set, and a name that has logged in
 * from the address before is not held by the address's wait for a few attempts after that login
 * (docs/decisions/0002-sessions-and-passwords.md).
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  /** The reset mails' count of an address starts again a day after its first mail. */
  resetMailWindowSeconds: 24 * 60 * 60,
  firstWaitMs: 1_000,
  maxWaitMs: 60_000,
  /** How long a name stays known at an address after logging in from it. */
  knownDays: 30,
  free: {
    /** One name from one address: the owner mistyping. */
    pair: 3,
    /** One name from anywhere: guessing spread over many addresses. */
    name: 10,
    /** One address, any names: trying many accounts. Successful logins neither count nor set a wait. */
    address: 30,
    /** Attempts of a name known at an address, since its last login there, that skip the address's key. */
    known: 3,
    /** Reset mails per address asked for within resetMailWindowSeconds; more are not sent (the answer does not change). */
    resetMail: 3,
    /** Forgot-password requests per client address. */
    resetRequest: 10,
    /** Sign-in link exchanges per client address (a link's token is 256 random bits: this slows a flood). */
    linkExchange: 10,
  },
} as const;

export type ThrottleKey = { key: string; free: number };

const normalName = (userName: string) => userName.trim().toLowerCase();

export type LoginKeys = {
  pair: ThrottleKey;
  name: ThrottleKey;
  address: ThrottleKey;
  /** The name and address as `login_known_clients` holds them. */
  client: { userName: string; address: string };
};

export function loginThrottleKeys(userName: string, address: string): LoginKeys {
  const name = normalName(userName);
  return {
    pair: { key: `login-pair:${name}|${address}`, free: THROTTLE.free.pair },
    name: { key: `login-name:${name}`, free: THROTTLE.free.name },
    address: { key: `login-address:${address}`, free: THROTTLE.free.address },
    client: { userName: name, address },
  };
}

export const resetRequestKey = (address: string): ThrottleKey => ({
  key: `reset-address:${address}`,
  free: THROTTLE.free.resetRequest,
});
export const linkExchangeKey = (address: string): ThrottleKey => ({
  key: `link-exchange:${address}`,
  free: THROTTLE.free.linkExchange,
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

/**
 * An attempt counted under a key, with the end of the wait it set as PostgreSQL writes it (to the
 * microsecond, so that `succeeded` can tell it from a later attempt's), or the seconds to wait.
 */
type Reservation = { until: string } | { waitSeconds: number };

/**
 * Counts one attempt under the key if its wait is over. The count and the wait change in one
 * statement that only applies when the key's wait is over, so two attempts can never both pass
 * a full key.
 */
async function reserveKey(db: Db, { key, free }: ThrottleKey): Promise<Reservation> {
  const window = sql`make_interval(secs => ${THROTTLE.windowSeconds})`;
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
    .returning(sql<string>`next_attempt_at::text`.as('until'))
    .executeTakeFirst();
  if (reserved) return reserved;
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<number>`greatest(1, ceil(extract(epoch from next_attempt_at - now())))::int`.as('seconds'))
    .where('key', '=', key)
    .executeTakeFirst();
  return { waitSeconds: row?.seconds ?? 1 };
}

/**
 * Counts one attempt of a name known at the address, if it has one left. One conditional update,
 * so a parallel burst takes no more than the allowance.
 */
async function takeKnownAttempt(db: Db, { userName, address }: LoginKeys['client']): Promise<boolean> {
  const counted = await db
    .updateTable('login_known_clients')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('user_name', '=', userName)
    .where('address', '=', address)
    .where('attempts', '<', THROTTLE.free.known)
    .where('logged_in_at', '>', sql<Date>`now() - make_interval(days => ${THROTTLE.knownDays})`)
    .returning('attempts')
    .executeTakeFirst();
  return counted !== undefined;
}

/** A login attempt let through (`waitSeconds` 0) or not, and what it counted under the address's key. */
export type LoginAttempt = { keys: LoginKeys; waitSeconds: number; addressUntil: string | null };

export const loginThrottle = {
  /**
   * Counts one attempt under each key, in order, as long as none asks to wait; gives back the
   * seconds to wait (0: go ahead).
   */
  async reserve(db: Db, keys: readonly ThrottleKey[]): Promise<number> {
    for (const key of keys) {
      const reserved = await reserveKey(db, key);
      if ('waitSeconds' in reserved) return reserved.waitSeconds;
    }
    return 0;
  },

  /**
   * Counts one attempt under the key, whatever its wait, within a window of `windowSeconds` from
   * its first: the count now. For an allowance that ends rather than slows (the reset mails).
   */
  async count(db: Db, key: ThrottleKey, windowSeconds: number): Promise<number> {
    const isNewWindow = sql<boolean>`login_throttle.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
    const counted = await db
      .insertInto('login_throttle')
      .values({ key: key.key, attempts: 1, window_started_at: sql<Date>`now()`, next_attempt_at: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          attempts: sql<number>`CASE WHEN ${isNewWindow} THEN 1 ELSE login_throttle.attempts + 1 END`,
          window_started_at: sql<Date>`CASE WHEN ${isNewWindow} THEN now() ELSE login_throttle.window_started_at END`,
        }),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return counted.attempts;
  },

  /** Gives back one attempt of the key: a sign-in link that worked is not what makes the next one wait. */
  async giveBack(db: Db, key: ThrottleKey): Promise<void> {
    await db
      .updateTable('login_throttle')
      .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
      .where('key', '=', key.key)
      .execute();
  },

  /**
   * Counts a login attempt under the name's keys, then under the address's, unless the name is
   * known at the address and has attempts left there.
   */
  async start(db: Db, keys: LoginKeys): Promise<LoginAttempt> {
    const waitSeconds = await loginThrottle.reserve(db, [keys.pair, keys.name]);
    if (waitSeconds > 0 || (await takeKnownAttempt(db, keys.client))) {
      return { keys, waitSeconds, addressUntil: null };
    }
    const reserved = await reserveKey(db, keys.address);
    if ('waitSeconds' in reserved) return { keys, waitSeconds: reserved.waitSeconds, addressUntil: null };
    return { keys, waitSeconds: 0, addressUntil: reserved.until };
  },

  /**
   * The right password: the name's own counts start again, the name is known at the address,
   * and the address's key gets back the attempt and, unless a later attempt has set its own
   * since, the wait this one set: what makes the next user wait is never a right password.
   */
  async succeeded(db: Db, { keys, addressUntil }: LoginAttempt): Promise<void> {
    await db.deleteFrom('login_throttle').where('key', 'in', [keys.pair.key, keys.name.key]).execute();
    await db
      .deleteFrom('login_known_clients')
      .where('user_name', '=', keys.client.userName)
      .where('logged_in_at', '<=', sql<Date>`now() - make_interval(days => ${THROTTLE.knownDays})`)
      .execute();
    await db
      .insertInto('login_known_clients')
      .values({
        user_name: keys.client.userName,
        address: keys.client.address,
        logged_in_at: sql<Date>`now()`,
        attempts: 0,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_name', 'address']).doUpdateSet({ logged_in_at: sql<Date>`now()`, attempts: 0 }),
      )
      .execute();
    if (addressUntil === null) return;
    const isOwnWait = sql<boolean>`next_attempt_at = ${addressUntil}::timestamptz`;
    await db
      .updateTable('login_throttle')
      .set({
        attempts: sql<number>`greatest(attempts - 1, 0)`,
        next_attempt_at: sql<Date>`CASE WHEN ${isOwnWait} THEN least(next_attempt_at, now()) ELSE next_attempt_at END`,
      })
      .where('key', '=', keys.address.key)
      .execute();
  },
};

export function waitMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
