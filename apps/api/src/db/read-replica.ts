import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import type { Db } from './connect.ts';
import { executePrepared } from './prepared-statements.ts';

/** Who reads: where the primary's log stood after their last change, if they made one. */
export type Reader = { lastWriteLsn: string | null };

/** Runs a read on the replica when it may, on the primary otherwise (decision 0040). */
export type ReadFrom = <Result>(reader: Reader, work: (db: Db) => Promise<Result>) => Promise<Result>;

export type ReplicaOptions = {
  /** How long a read waits for the replica to replay a reader's last change before it reads from the primary. */
  waitMs?: number;
  /** How long reads skip a replica that failed, doubling at each failure in a row up to maxBackOffMs. */
  backOffMs?: number;
  maxBackOffMs?: number;
  warn: (detail: object, message: string) => void;
};

/** The replica's own refusals a read on the primary does not meet: a conflict with the replay (hot standby). */
const CONFLICT_WITH_RECOVERY = '40001';

const replayedQuery = (lsn: string) =>
  sql<{ replayed: boolean }>`SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS replayed`;

/**
 * Whether the replica has replayed the primary's log up to `lsn`, waiting up to `waitMs` for it.
 * A server that is not in recovery (a replica promoted, or the primary itself) is up to date.
 */
async function hasReplayed(db: Db, lsn: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 40)) {
    const [row] = await executePrepared(db, replayedQuery(lsn).compile(db));
    if (row?.replayed) return true;
    if (Date.now() + pause > deadline) return false;
    await sleep(pause);
  }
}

const BEHIND = Symbol('behind');

/**
 * Reads from `replica` unless it is absent, failed a moment ago, or has not replayed the reader's
 * last change within `waitMs`; then from `primary`. The check and the read share one connection of
 * the replica. A replica that cannot be reached is logged and skipped for a back-off that doubles
 * while it keeps failing, so a dead replica costs one request a connect timeout, not every request.
 */
export function readFromReplica(primary: Db, replica: Db | undefined, options: ReplicaOptions): ReadFrom {
  if (!replica) return (_reader, work) => work(primary);
  const { waitMs = 200, backOffMs = 1_000, maxBackOffMs = 30_000, warn } = options;
  let failuresInARow = 0;
  let skipUntil = 0;

  return async <Result>(reader: Reader, work: (db: Db) => Promise<Result>): Promise<Result> => {
    if (Date.now() < skipUntil) return work(primary);
    let result: { value: Result } | typeof BEHIND;
    try {
      result = await replica.connection().execute(async (db) => {
        if (reader.lastWriteLsn && !(await hasReplayed(db, reader.lastWriteLsn, waitMs))) return BEHIND;
        return { value: await work(db) };
      });
    } catch (error) {
      if ((error as { code?: string } | null)?.code === CONFLICT_WITH_RECOVERY) return work(primary);
      if (!isDatabaseUnavailable(error)) throw error;
      // The reads that were under way when the replica failed count as one failure.
      if (Date.now() >= skipUntil) {
        const skipMs = Math.min(backOffMs * 2 ** failuresInARow, maxBackOffMs);
        failuresInARow += 1;
        skipUntil = Date.now() + skipMs;
        warn({ err: error, skipMs }, 'read replica unavailable: reading from the primary');
      }
      return work(primary);
    }
    failuresInARow = 0;
    return result === BEHIND ? work(primary) : result.value;
  };
}
