import { sql, type Kysely } from 'kysely';
import { shipmentCounters, type CounterColumn } from './0017-shipment-counts.ts';

/**
 * The FDA column, the Home hold boxes and the 7501 approval read the current customs entry
 * (docs/decisions/0026-customs-entries.md). refresh_shipment_lists keeps on the shipment row,
 * beside the entry's port and type (migration 0027):
 *
 * - `fda_disposition`: the current entry's FDA disposition, and `cbp_disposition_hold`: whether
 *   CBP's disposition of it holds the goods (an exam, a hold, a refusal);
 * - `entry_duty_cents`: the current entry's duty, and `entry_decided_7501`: the 7501 its latest
 *   approval or query was made on.
 *
 * Two generated columns put them together with the broker's own fields: `fda_status` is the
 * FDA's disposition in the FDA column's words (May Proceed and Released read MAY PROCEED, the
 * others their name in capitals) or, with no FDA disposition, the broker's fda_review text;
 * `cbp_hold` is a CBP exam or hold status or a holding CBP disposition. The FDA column, its sort
 * and its Home box read fda_status; the CBP box reads cbp_hold. The counter rows (migration 0017)
 * gain cbp_hold and count fda_status, and are counted again.
 *
 * A 7501 awaits the company's approval while it is not reviewed, its entry has no decision on it
 * and the company's rule asks for one (needsApproval); the partial index holds the first three,
 * in the list's order, with the duty the rule compares.
 */
const FDA_STATUS = `CASE
  WHEN fda_disposition IS NULL THEN fda_review
  WHEN fda_disposition IN ('may_proceed', 'released') THEN 'MAY PROCEED'
  WHEN fda_disposition = 'docs_review' THEN 'DOCUMENTS REVIEW'
  ELSE upper(replace(fda_disposition, '_', ' '))
END`;

const CBP_EXAM_STATUSES = `'CBP INTENSIVE EXAM', 'CBP VACIS EXAM', 'CBP DOCS REVIEW HOLD', 'CBP VAX EXAM'`;
const HOLDING = `'hold_intact', 'exam', 'intensive_exam', 'vacis_exam', 'docs_review', 'refused'`;

/** The counter rows' key (migration 0049 adds the entry's port to it). */
export const COUNTER_COLUMNS: CounterColumn[] = [
  { name: 'account_id', type: 'integer', of: (s) => `${s}.account_id` },
  { name: 'status', type: 'text', of: (s) => `${s}.status` },
  { name: 'review_7501', type: 'boolean', of: (s) => `(${s}.path_to_7501 IS NOT NULL AND NOT ${s}.reviewed_7501)` },
  { name: 'fda_hold', type: 'boolean', of: (s) => `(upper(btrim(${s}.fda_status)) NOT IN ('', 'MAY PROCEED'))` },
  {
    name: 'without_do',
    type: 'boolean',
    of: (s) =>
      `(NOT ${s}.has_delivery_order AND NOT ${s}.ignored_shipment AND ${s}.status NOT IN ('released', 'liquidated'))`,
  },
  { name: 'before_summary', type: 'boolean', of: (s) => `(${s}.path_to_7501 IS NULL AND ${s}.status <> 'released')` },
  { name: 'cbp_hold', type: 'boolean', of: (s) => `${s}.cbp_hold` },
];

const COUNTERS = shipmentCounters(COUNTER_COLUMNS, 'CREATE OR REPLACE');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments
      ADD COLUMN fda_disposition text,
      ADD COLUMN cbp_disposition_hold boolean NOT NULL DEFAULT false,
      ADD COLUMN entry_duty_cents bigint,
      ADD COLUMN entry_decided_7501 text;
    ALTER TABLE shipments
      ADD COLUMN fda_status text NOT NULL GENERATED ALWAYS AS (${sql.raw(FDA_STATUS)}) STORED,
      ADD COLUMN cbp_hold boolean NOT NULL GENERATED ALWAYS AS (
        status IN (${sql.raw(CBP_EXAM_STATUSES)}) OR cbp_disposition_hold
      ) STORED;

    CREATE OR REPLACE FUNCTION refresh_shipment_lists(shipment_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM shipments WHERE id = ANY (shipment_ids) ORDER BY id FOR NO KEY UPDATE;
      UPDATE shipments s SET
        master_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND b.is_master),
          '{}'),
        house_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND NOT b.is_master),
          '{}'),
        container_nos = coalesce(
          (SELECT array_agg(c.container_no ORDER BY c.id) FROM containers c WHERE c.shipment_id = s.id),
          '{}'),
        has_delivery_order = EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = s.id),
        entry_numbers = coalesce(
          (SELECT array_agg(e.entry_number ORDER BY e.id) FROM customs_entries e WHERE e.shipment_id = s.id),
          '{}'),
        (entry_port_code, entry_type, has_agency_hold, fda_disposition, cbp_disposition_hold, entry_duty_cents,
         entry_decided_7501) = (
          SELECT current_entry.port_code, current_entry.entry_type,
            EXISTS (
              SELECT 1 FROM customs_entry_dispositions d
              WHERE d.entry_id = current_entry.id AND d.disposition IN (${sql.raw(HOLDING)})
            ),
            (SELECT d.disposition FROM customs_entry_dispositions d WHERE d.entry_id = current_entry.id AND d.agency = 'FDA'),
            coalesce((
              SELECT d.disposition IN (${sql.raw(HOLDING)}) FROM customs_entry_dispositions d
              WHERE d.entry_id = current_entry.id AND d.agency = 'CBP'
            ), false),
            current_entry.duty_cents,
            (SELECT a.path_to_7501 FROM entry_approvals a WHERE a.entry_id = current_entry.id ORDER BY a.id DESC LIMIT 1)
          -- No entry: no port, no type, no hold, no duty.
          FROM (SELECT) AS one LEFT JOIN LATERAL (
            SELECT e.id, e.port_code, e.entry_type, e.duty_cents FROM customs_entries e WHERE e.shipment_id = s.id
            ORDER BY e.entry_date DESC NULLS LAST, e.id DESC LIMIT 1
          ) AS current_entry ON true
        )
      WHERE s.id = ANY (shipment_ids);
    END $$;

    -- The entry's duty is its lines' sum, kept by the line's writer: the shipment follows it.
    DROP TRIGGER customs_entries_update_lists ON customs_entries;
    CREATE TRIGGER customs_entries_update_lists
      AFTER UPDATE OF shipment_id, entry_number, entry_type, port_code, entry_date, duty_cents ON customs_entries
      FOR EACH ROW WHEN (
        OLD.shipment_id IS DISTINCT FROM NEW.shipment_id OR OLD.entry_number IS DISTINCT FROM NEW.entry_number
        OR OLD.entry_type IS DISTINCT FROM NEW.entry_type OR OLD.port_code IS DISTINCT FROM NEW.port_code
        OR OLD.entry_date IS DISTINCT FROM NEW.entry_date OR OLD.duty_cents IS DISTINCT FROM NEW.duty_cents
      )
      EXECUTE FUNCTION refresh_shipment_lists_of_row();
    CREATE TRIGGER entry_approvals_insert_lists AFTER INSERT ON entry_approvals
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_dispositions();

    SELECT refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM customs_entries ORDER BY 1));

    DROP INDEX shipments_sort_fda_review_idx;
    CREATE INDEX shipments_sort_fda_status_idx ON shipments (account_id, (lower(fda_status) COLLATE "C"), id);
    DROP INDEX shipments_filter_fda_hold_idx;
    CREATE INDEX shipments_filter_fda_hold_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE upper(btrim(fda_status)) NOT IN ('', 'MAY PROCEED');
    CREATE INDEX shipments_filter_cbp_hold_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE cbp_hold;
    CREATE INDEX shipments_awaiting_approval_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      INCLUDE (entry_duty_cents)
      WHERE path_to_7501 IS NOT NULL AND NOT reviewed_7501 AND entry_duty_cents IS NOT NULL
        AND entry_decided_7501 IS DISTINCT FROM path_to_7501;

    DROP TABLE shipment_counts;
    CREATE TABLE shipment_counts (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      status text NOT NULL,
      review_7501 boolean NOT NULL,
      fda_hold boolean NOT NULL,
      without_do boolean NOT NULL,
      before_summary boolean NOT NULL,
      cbp_hold boolean NOT NULL,
      shipments bigint NOT NULL,
      PRIMARY KEY (account_id, status, review_7501, fda_hold, without_do, before_summary, cbp_hold)
    );
  `.execute(db);
  await sql.raw(COUNTERS.applyPending).execute(db);
  for (const fn of COUNTERS.triggerFunctions) await sql.raw(fn).execute(db);
  await sql.raw(COUNTERS.countEvery).execute(db);
  await sql`ANALYZE shipments`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0029-shipment-dispositions cannot be undone');
}
