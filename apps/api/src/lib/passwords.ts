import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost: N=2^17, r=8, p=1
 * (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt).
 * The parameters are stored with each hash, so a hash keeps the cost it was made with and the
 * cost can be raised later.
 */
const DEFAULT_COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;

/**
 * N as PASSWORD_HASH_COST sets it (a power of two, 10 to 20; 17 when unset). The test suites
 * lower it, since they log in thousands of times; a production server keeps the default.
 */
export function hashCostOf(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.PASSWORD_HASH_COST ?? String(DEFAULT_COST_LOG2);
  const log2 = Number(value);
  if (!/^\d+$/.test(value) || log2 < 10 || log2 > 20) {
    throw new Error(`PASSWORD_HASH_COST is not a whole number from 10 to 20: ${value}`);
  }
  return 2 ** log2;
}

/**
 * scrypt runs in libuv's four-thread pool, which file reads share. At most two hashes run at
 * once and a few more wait; past that a login answers at once that the server is busy, so a
 * flood of logins can neither starve downloads nor queue a real login for long.
 */
export const HASHING = { running: 2, waiting: 8 } as const;

export class PasswordHashingBusyError extends Error {
  constructor() {
    super('password hashing is busy');
    this.name = 'PasswordHashingBusyError';
  }
}

let running = 0;
let finished = 0;
const queue: (() => void)[] = [];

/** Hashes running and waiting now, and how many have finished since the process started. */
export function hashingLoad(): { running: number; waiting: number; finished: number } {
  return { running, waiting: queue.length, finished };
}

async function hashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHING.running) running += 1;
  else if (queue.length >= HASHING.waiting) throw new PasswordHashingBusyError();
  // A finished hash hands its slot over directly (running stays as it is).
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await work();
  } finally {
    finished += 1;
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return hashingSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = { N: hashCostOf(), r: BLOCK_SIZE, p: 1 };
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
