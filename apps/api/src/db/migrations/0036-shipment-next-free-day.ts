import { sql, type Kysely } from 'kysely';

/**
 * The list's "Possible Charges" filter, Home's box and the list's Last Free Day read, on the
 * shipment row, the nearest last free day of its open containers (docs/decisions/0030-possible-charges.md):
 * per container the terminal's last free day while it is at the terminal (not gated out), the
 * detention last free day once it is gated out and until its empty is returned, none after; the
 * earliest of them, NULL when no container has one. A container's state is the contract's
 * freeDaysState: this is the day it turns against.
 *
 * refresh_shipment_lists computes it with the other lists, so its triggers follow theirs: once a
 * statement, and under `clearport.defer_derived` noted and caught up once before the commit
 * (migration 0020). A container's free days name their container: the shipments refreshed are
 * those of the containers written. A container deleted or moved to another shipment already
 * refreshes both shipments (migration 0002), and its free days go with it.
 *
 * The partial index holds the shipments that have one, by account and day: the filter and the
 * box read "on or before the company's day + 3" as a range of it.
 */
const PENDING = `
  IF to_regclass('pg_temp.pending_shipment_lists') IS NULL THEN
    CREATE TEMPORARY TABLE pending_shipment_lists (shipment_id integer PRIMARY KEY) ON COMMIT DROP;
  END IF;`;

/** The shipments of the containers whose ids `containerIds` selects. */
const freeDays = (name: string, containerIds: string) =>
  sql.raw(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids integer[] := ARRAY(SELECT DISTINCT c.shipment_id FROM containers c WHERE c.id IN (${containerIds}));
    BEGIN
      IF current_setting('clearport.defer_derived', true) = 'on' THEN
        ${PENDING}
        INSERT INTO pending_shipment_lists SELECT DISTINCT id FROM unnest(ids) AS id ON CONFLICT DO NOTHING;
      ELSE
        PERFORM refresh_shipment_lists(ids);
      END IF;
      RETURN NULL;
    END $$;`);

/** A container's day to watch, of its free days `f`: none once returned, the terminal's or the detention one. */
export const OPEN_LAST_FREE_DAY = `CASE
  WHEN f.empty_returned_at IS NOT NULL THEN NULL
  WHEN f.gated_out_at IS NULL THEN f.terminal_last_free_day
  ELSE f.detention_last_free_day
END`;

/** What the day depends on, of a row of container_free_days. */
const DAY_INPUTS = (row: string) =>
  `(${row}.terminal_last_free_day, ${row}.detention_last_free_day, ${row}.gated_out_at IS NULL, ${row}.empty_returned_at IS NULL)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments ADD COLUMN next_free_day date;

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
        next_free_day = (
          SELECT min(${sql.raw(OPEN_LAST_FREE_DAY)})
          FROM containers c JOIN container_free_days f ON f.container_id = c.id
          WHERE c.shipment_id = s.id
        ),
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
  await freeDays('refresh_shipment_lists_of_new_free_days', 'SELECT container_id FROM new_rows').execute(db);
  await freeDays('refresh_shipment_lists_of_old_free_days', 'SELECT container_id FROM old_rows').execute(db);
  // An update refreshes only when what the day depends on changed: the broker's holds, dates
  // and rates change more often than the days.
  await freeDays(
    'refresh_shipment_lists_of_changed_free_days',
    `SELECT n.container_id FROM new_rows n LEFT JOIN old_rows o ON o.container_id = n.container_id
       WHERE o.container_id IS NULL OR ${DAY_INPUTS('o')} IS DISTINCT FROM ${DAY_INPUTS('n')}
     UNION SELECT o.container_id FROM old_rows o LEFT JOIN new_rows n ON n.container_id = o.container_id
       WHERE n.container_id IS NULL`,
  ).execute(db);
  await sql`
    CREATE TRIGGER container_free_days_insert_lists AFTER INSERT ON container_free_days
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_free_days();
    CREATE TRIGGER container_free_days_update_lists AFTER UPDATE ON container_free_days
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_changed_free_days();
    CREATE TRIGGER container_free_days_delete_lists AFTER DELETE ON container_free_days
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_free_days();

    -- Backfill the shipments whose containers have free days.
    SELECT refresh_shipment_lists(ARRAY(
      SELECT DISTINCT c.shipment_id FROM containers c JOIN container_free_days f ON f.container_id = c.id ORDER BY 1
    ));

    CREATE INDEX shipments_next_free_day_idx ON shipments (account_id, next_free_day) WHERE next_free_day IS NOT NULL;
    ANALYZE shipments;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0036-shipment-next-free-day cannot be undone');
}
