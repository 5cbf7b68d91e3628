import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { afterListening } from '../../lib/queue-worker.ts';
import { STORED_FILE_COLUMNS } from './files.repository.ts';

/** A file or temporary untouched this long is no upload in progress. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Keys looked up per statement. */
const LOOKUP_BATCH = 1_000;

/** The stored keys among `keys` that a record holds (STORED_FILE_COLUMNS). */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < keys.length; at += LOOKUP_BATCH) {
    const batch = keys.slice(at, at + LOOKUP_BATCH);
    const lookups = STORED_FILE_COLUMNS.map(
      ({ table, column }) =>
        sql`SELECT ${sql.ref(column)} AS key FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ANY(${batch})`,
    );
    const { rows } = await sql<{ key: string }>`${sql.join(lookups, sql` UNION `)}`.execute(db);
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Removes what a crash left in the store (storage.sweep), and logs what it removed. */
export async function sweepOrphanFiles(app: FastifyInstance, now = new Date()): Promise<string[]> {
  const removed = await app.storage.sweep(new Date(now.getTime() - ORPHAN_AGE_MS), (keys) =>
    referencedKeys(app.db, keys),
  );
  if (removed.length > 0) app.log.warn({ removed }, `removed ${removed.length} orphan stored files`);
  return removed;
}

/** Sweeps a moment after the server starts listening (afterListening) and then every hour, until it closes. */
export function scheduleOrphanSweeps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepOrphanFiles(app).catch((error: unknown) => app.log.error({ err: error }, 'orphan file sweep failed'));
  afterListening(app, () => {
    void sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
