import { sql } from 'kysely';
import type { Db } from './connect.ts';

/*
 * The derived columns (the shipments' container and bill lists, migration 0002; the counters of
 * shipments, migration 0017) are kept by triggers at every statement. A writer of many rows in
 * one transaction (the broker's ingestion, the demo seed) defers them and catches them up once
 * before it commits (migration 0020): nothing else of theirs is called by hand.
 */

/** From now until catchUpDerivedColumns, in this transaction, the triggers note what changed instead. */
export async function deferDerivedColumns(trx: Db): Promise<void> {
  await sql`SELECT set_config('clearport.defer_derived', 'on', true)`.execute(trx);
}

/**
 * Brings the lists and counters up to date with what changed since deferDerivedColumns, and ends
 * the deferral. Call it last before the commit: the counter rows it updates are shared by every
 * writer into the same accounts, and stay locked until then.
 */
export async function catchUpDerivedColumns(trx: Db): Promise<void> {
  await sql`SELECT catch_up_derived_columns()`.execute(trx);
}
