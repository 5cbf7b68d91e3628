import { sql, type Kysely } from 'kysely';
import { shipmentCounters } from './0017-shipment-counts.ts';
import { COUNTER_COLUMNS } from './0029-shipment-dispositions.ts';

/**
 * The list's port filter totalled from the counter rows (docs/decisions/0005-shipment-list-queries.md):
 * shipment_counts gains the current entry's port of entry as a key column (`entry_port_code`, the
 * empty text for a shipment without an entry), and is counted again. The filter's total was a
 * count of the account's entries at the port in its index (migration 0027): 23,270 of them for
 * the large importer's busiest port, where a typical account has a few hundred. Each account has
 * a row per port and combination of the Home conditions, about ten times the rows for an account
 * whose entries are at ten ports; Home and the other totals sum them as before.
 */
const COUNTERS = shipmentCounters(
  [...COUNTER_COLUMNS, { name: 'entry_port_code', type: 'text', of: (s) => `coalesce(${s}.entry_port_code, '')` }],
  'CREATE OR REPLACE',
);

/** Counts every shipment into an empty shipment_counts (the bench's fill, which runs without triggers). */
export const COUNT_EVERY_SHIPMENT = COUNTERS.countEvery;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE shipment_counts;
    CREATE TABLE shipment_counts (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      status text NOT NULL,
      review_7501 boolean NOT NULL,
      fda_hold boolean NOT NULL,
      without_do boolean NOT NULL,
      before_summary boolean NOT NULL,
      cbp_hold boolean NOT NULL,
      entry_port_code text NOT NULL,
      shipments bigint NOT NULL,
      PRIMARY KEY (account_id, status, review_7501, fda_hold, without_do, before_summary, cbp_hold, entry_port_code)
    );
  `.execute(db);
  await sql.raw(COUNTERS.applyPending).execute(db);
  for (const fn of COUNTERS.triggerFunctions) await sql.raw(fn).execute(db);
  await sql.raw(COUNTERS.countEvery).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0049-shipment-port-counts cannot be undone');
}
