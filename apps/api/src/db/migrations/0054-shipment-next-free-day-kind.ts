import { sql, type Kysely } from 'kysely';
import { OPEN_LAST_FREE_DAY } from './0036-shipment-next-free-day.ts';

/**
 * Whose last free day a shipment's next_free_day is (docs/decisions/0030-possible-charges.md):
 * `terminal` (demurrage) or `detention`, kept on the shipment row beside the day by
 * refresh_shipment_lists, where the list read it for each row of its page from the shipment's
 * containers and their free days (a sub-select per row, about 40% of the time of a page of
 * possible charges' rows). The day and its kind are those of the open container whose day is
 * earliest, one at the terminal before one gated out on the same day; both NULL when no container
 * has an open day.
 */

/** Whose a container's open day (OPEN_LAST_FREE_DAY) is, of its free days `f`. */
const DAY_KIND = `CASE WHEN f.gated_out_at IS NULL THEN 'terminal' ELSE 'detention' END`;

/** The nearest open last free day of the shipment whose id is `shipmentId`, and its kind. */
const NEAREST_OPEN_DAY = (shipmentId: string) => `
  SELECT open.day, open.kind FROM (
    SELECT ${OPEN_LAST_FREE_DAY} AS day, ${DAY_KIND} AS kind
    FROM containers c JOIN container_free_days f ON f.container_id = c.id
    WHERE c.shipment_id = ${shipmentId}
  ) AS open
  WHERE open.day IS NOT NULL
  ORDER BY open.day, open.kind = 'terminal' DESC
  LIMIT 1`;

/**
 * Sets every shipment's day and its kind from its containers' free days, as refresh_shipment_lists
 * would (the bench's fill, which runs without triggers, and this migration's).
 */
export const SET_EVERY_NEXT_FREE_DAY = `
  UPDATE shipments s SET next_free_day = nearest.day, next_free_day_kind = nearest.kind
  FROM (
    SELECT DISTINCT ON (c.shipment_id) c.shipment_id, ${OPEN_LAST_FREE_DAY} AS day,
      ${DAY_KIND} AS kind
    FROM containers c JOIN container_free_days f ON f.container_id = c.id
    WHERE ${OPEN_LAST_FREE_DAY} IS NOT NULL
    ORDER BY c.shipment_id, 2, f.gated_out_at IS NULL DESC
  ) AS nearest
  WHERE nearest.shipment_id = s.id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE shipments ADD COLUMN next_free_day_kind text`.execute(db);
  await sql`
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
        (next_free_day, next_free_day_kind) = (${sql.raw(NEAREST_OPEN_DAY('s.id'))}),
        has_delivery_order = EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = s.id),
        entry_numbers = coalesce(
          (SELECT array_agg(e.entry_number ORDER BY e.id) FROM customs_entries e WHERE e.shipment_id = s.id),
          '{}'),
        (entry_port_code, entry_type, has_agency_hold, fda_disposition, cbp_disposition_hold, entry_duty_cents,
         entry_decided_7501) = (
          SELECT current_entry.port_code, current_entry.entry_type,
            EXISTS (
              SELECT 1 FROM customs_entry_dispositions d
              WHERE d.entry_id = current_entry.id
                AND d.disposition IN ('hold_intact', 'exam', 'intensive_exam', 'vacis_exam', 'docs_review', 'refused')
            ),
            (SELECT d.disposition FROM customs_entry_dispositions d WHERE d.entry_id = current_entry.id AND d.agency = 'FDA'),
            coalesce((
              SELECT d.disposition IN ('hold_intact', 'exam', 'intensive_exam', 'vacis_exam', 'docs_review', 'refused')
              FROM customs_entry_dispositions d
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
  `.execute(db);
  await sql.raw(`${SET_EVERY_NEXT_FREE_DAY} AND s.next_free_day IS NOT NULL`).execute(db);
  await sql`
    ALTER TABLE shipments ADD CONSTRAINT shipments_next_free_day_kind_check CHECK (
      (next_free_day_kind IS NULL) = (next_free_day IS NULL) AND next_free_day_kind IN ('terminal', 'detention')
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0054-shipment-next-free-day-kind cannot be undone');
}
