import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Storage } from './storage.ts';

export type ReadinessCheck = 'ok' | 'unavailable';
export type Readiness = { isReady: boolean; checks: { database: ReadinessCheck; storage: ReadinessCheck } };

/** A key no write makes: reading it asks the store to answer, whatever it holds. */
export const READINESS_PROBE_KEY = 'readiness/probe.txt';

const outcome = (check: Promise<unknown>): Promise<ReadinessCheck> =>
  check.then(
    () => 'ok',
    () => 'unavailable',
  );

/**
 * Whether this process can serve: the database answers a query and the file store answers a read
 * (a missing file is an answer; an error reaching the store is not). Both are asked at once.
 */
export async function checkReadiness({ db, storage }: { db: Db; storage: Storage }): Promise<Readiness> {
  const [database, files] = await Promise.all([
    outcome(sql`SELECT 1`.execute(db)),
    outcome(
      storage.get(READINESS_PROBE_KEY).then((stored) => {
        stored?.stream.destroy();
      }),
    ),
  ]);
  return { isReady: database === 'ok' && files === 'ok', checks: { database, storage: files } };
}
