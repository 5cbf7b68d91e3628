import { sql, type Kysely } from 'kysely';

/**
 * The customs entry behind a shipment (docs/decisions/0026-customs-entries.md): the entry as
 * CBP's Form 7501 carries it, its lines, and each agency's disposition with its history. A
 * shipment may have several entries over time; the current one is the latest by entry date.
 * Amounts are exact cents. The entry's entered value and duty are its lines' sums, kept by the
 * writer of a line in the same transaction, so lists and reports read them without the lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customs_entries (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      entry_number text NOT NULL UNIQUE,
      entry_type text,
      port_code text,
      entry_date date,
      summary_date date,
      release_date date,
      liquidation_date date,
      liquidation_status text,
      bond_type text,
      importer_of_record text,
      mode text,
      country_of_origin text,
      country_of_export text,
      entered_value_cents bigint NOT NULL DEFAULT 0,
      duty_cents bigint NOT NULL DEFAULT 0,
      mpf_cents bigint,
      hmf_cents bigint,
      other_fees_cents bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX customs_entries_shipment_idx ON customs_entries (shipment_id, entry_date DESC NULLS LAST, id DESC);

    CREATE TABLE customs_entry_lines (
      entry_id integer NOT NULL REFERENCES customs_entries(id) ON DELETE CASCADE,
      line_number integer NOT NULL CHECK (line_number BETWEEN 1 AND 9999),
      hts_number text NOT NULL,
      description text NOT NULL DEFAULT '',
      quantity numeric(18, 3),
      unit text NOT NULL DEFAULT '',
      entered_value_cents bigint NOT NULL DEFAULT 0,
      duty_rate text NOT NULL DEFAULT '',
      duty_cents bigint NOT NULL DEFAULT 0,
      adcvd boolean NOT NULL DEFAULT false,
      section_301 boolean NOT NULL DEFAULT false,
      PRIMARY KEY (entry_id, line_number)
    );

    CREATE TABLE customs_entry_dispositions (
      entry_id integer NOT NULL REFERENCES customs_entries(id) ON DELETE CASCADE,
      agency text NOT NULL,
      disposition text NOT NULL,
      disposed_at timestamptz NOT NULL,
      note text NOT NULL DEFAULT '',
      PRIMARY KEY (entry_id, agency)
    );

    CREATE TABLE customs_entry_disposition_history (
      id bigserial PRIMARY KEY,
      entry_id integer NOT NULL REFERENCES customs_entries(id) ON DELETE CASCADE,
      agency text NOT NULL,
      disposition text NOT NULL,
      disposed_at timestamptz NOT NULL,
      note text NOT NULL DEFAULT ''
    );
    CREATE INDEX customs_entry_disposition_history_entry_idx ON customs_entry_disposition_history (entry_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE customs_entry_disposition_history, customs_entry_dispositions, customs_entry_lines, customs_entries;
  `.execute(db);
}
