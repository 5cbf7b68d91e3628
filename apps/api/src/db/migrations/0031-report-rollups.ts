import { sql, type Kysely } from 'kysely';

/**
 * The reports' figures, kept by the database as entries, their lines and invoices change
 * (docs/decisions/0027-reports.md), so that a report sums a few rollup rows of the caller's
 * accounts instead of scanning their entries:
 *
 * - `entry_rollups`: per account, month of the entry date, port and mode: entries, entered value,
 *   duty and fees;
 * - `release_rollups`: per account, release date and days from arrival to release: entries;
 * - `line_rollups`: per account, month, HTS number and the Section 301 and AD/CVD flags: lines,
 *   entered value and duty;
 * - `invoice_rollups`: per account and due date (`infinity` for none): open invoices and their
 *   amount.
 *
 * An entry and its lines carry their shipment's account and the entry's month, and the entry its
 * shipment's arrival date (the discharge date, or the ETA while there is none), kept when the
 * shipment moves or its dates change, so that each rollup follows its own table's rows. A
 * statement adds what it brought in and takes away what it took out, per rollup row, in key
 * order; under `clearport.defer_derived` the changes wait in a temporary table and are added
 * once by catch_up_derived_columns() before the commit, as the shipment counters are (migration
 * 0017), so two bulk writers never hold each other's rows crosswise.
 */

type Column = { name: string; type: string; of: (row: string) => string };

export type Rollup = {
  table: string;
  source: string;
  key: Column[];
  /** Summed columns; `n` of a row is +1 brought in, -1 taken out. */
  sums: Array<{ name: string; of: (row: string) => string }>;
  /** Which source rows count. */
  counts: (row: string) => string;
};

/**
 * A rollup's trigger functions, their triggers, its part of apply_pending_report_rollups() and its
 * fill from every source row. A later migration that changes a rollup's sums replaces its
 * functions from here (`create` 'CREATE OR REPLACE').
 */
export function rollupSql({ table, source, key, sums, counts }: Rollup, create = 'CREATE') {
  const KEY = key.map((column) => column.name).join(', ');
  const SUMS = sums.map((sum) => sum.name).join(', ');
  const changesOf = (sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
    SELECT ${KEY}, ${sums.map((sum) => `sum(${sum.name}) AS ${sum.name}`).join(', ')} FROM (
      ${sides
        .map(
          ([rows, n]) =>
            `SELECT ${key.map((column) => column.of(rows)).join(', ')}, ${sums
              .map((sum) => `(${n}) * (${sum.of(rows)})`)
              .join(', ')} FROM ${rows} WHERE ${counts(rows)}`,
        )
        .join(' UNION ALL ')}
    ) AS each_row (${KEY}, ${SUMS})
    GROUP BY ${KEY} HAVING ${sums.map((sum) => `sum(${sum.name}) <> 0`).join(' OR ')}`;
  const add = (changes: string) => `
    INSERT INTO ${table} AS r (${KEY}, ${SUMS})
    SELECT * FROM (${changes}) AS changes ORDER BY ${KEY}
    ON CONFLICT (${KEY}) DO UPDATE SET ${sums.map((sum) => `${sum.name} = r.${sum.name} + excluded.${sum.name}`).join(', ')};`;
  const pending = `pending_${table}`;
  const fn = (name: string, sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
    ${create} FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('clearport.defer_derived', true) = 'on' THEN
        IF to_regclass('pg_temp.${pending}') IS NULL THEN
          CREATE TEMPORARY TABLE ${pending} (
            ${[...key.map((column) => `${column.name} ${column.type}`), ...sums.map((sum) => `${sum.name} bigint`)].join(', ')}
          ) ON COMMIT DROP;
        END IF;
        INSERT INTO ${pending} ${changesOf(sides)};
      ELSE
        ${add(changesOf(sides))}
      END IF;
      RETURN NULL;
    END $$;`;
  return {
    table,
    functions: [
      fn(`${table}_of_inserted`, [['new_rows', 1]]),
      fn(`${table}_of_deleted`, [['old_rows', -1]]),
      fn(`${table}_of_updated`, [
        ['new_rows', 1],
        ['old_rows', -1],
      ]),
    ],
    triggers: `
      CREATE TRIGGER ${table}_insert AFTER INSERT ON ${source}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_of_inserted();
      CREATE TRIGGER ${table}_delete AFTER DELETE ON ${source}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_of_deleted();
      CREATE TRIGGER ${table}_update AFTER UPDATE ON ${source}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_of_updated();`,
    applyPending: `
      IF to_regclass('pg_temp.${pending}') IS NOT NULL THEN
        ${add(`SELECT ${KEY}, ${sums.map((sum) => `sum(${sum.name})`).join(', ')} FROM ${pending} GROUP BY ${KEY}
               HAVING ${sums.map((sum) => `sum(${sum.name}) <> 0`).join(' OR ')}`)}
        DROP TABLE pg_temp.${pending};
      END IF;`,
    /** Fills the empty rollup from every source row (the migration's and the bench's fill). */
    fillAll: add(changesOf([[source as 'new_rows', 1]])),
  };
}

const month = (date: string) => `date_trunc('month', ${date})::date`;

export const ROLLUPS = [
  rollupSql({
    table: 'entry_rollups',
    source: 'customs_entries',
    key: [
      { name: 'account_id', type: 'integer', of: (r) => `${r}.account_id` },
      { name: 'month', type: 'date', of: (r) => month(`${r}.entry_date`) },
      { name: 'port_code', type: 'text', of: (r) => `coalesce(${r}.port_code, '')` },
      { name: 'mode', type: 'text', of: (r) => `coalesce(${r}.mode, '')` },
    ],
    sums: [
      { name: 'entries', of: () => '1' },
      { name: 'entered_value_cents', of: (r) => `${r}.entered_value_cents` },
      { name: 'duty_cents', of: (r) => `${r}.duty_cents` },
      { name: 'mpf_cents', of: (r) => `coalesce(${r}.mpf_cents, 0)` },
      { name: 'hmf_cents', of: (r) => `coalesce(${r}.hmf_cents, 0)` },
      { name: 'other_fees_cents', of: (r) => `coalesce(${r}.other_fees_cents, 0)` },
    ],
    counts: (r) => `${r}.entry_date IS NOT NULL`,
  }),
  rollupSql({
    table: 'release_rollups',
    source: 'customs_entries',
    key: [
      { name: 'account_id', type: 'integer', of: (r) => `${r}.account_id` },
      { name: 'release_date', type: 'date', of: (r) => `${r}.release_date` },
      // Released before arrival (a pre-arrival release) is 0 days.
      { name: 'days', type: 'integer', of: (r) => `greatest(${r}.release_date - ${r}.arrival_date, 0)` },
    ],
    sums: [{ name: 'entries', of: () => '1' }],
    counts: (r) => `${r}.release_date IS NOT NULL AND ${r}.arrival_date IS NOT NULL`,
  }),
  rollupSql({
    table: 'line_rollups',
    source: 'customs_entry_lines',
    key: [
      { name: 'account_id', type: 'integer', of: (r) => `${r}.account_id` },
      { name: 'month', type: 'date', of: (r) => `${r}.month` },
      { name: 'hts_number', type: 'text', of: (r) => `${r}.hts_number` },
      { name: 'section_301', type: 'boolean', of: (r) => `${r}.section_301` },
      { name: 'adcvd', type: 'boolean', of: (r) => `${r}.adcvd` },
    ],
    sums: [
      { name: 'lines', of: () => '1' },
      { name: 'entered_value_cents', of: (r) => `${r}.entered_value_cents` },
      { name: 'duty_cents', of: (r) => `${r}.duty_cents` },
    ],
    counts: (r) => `${r}.month IS NOT NULL`,
  }),
  rollupSql({
    table: 'invoice_rollups',
    source: 'invoices',
    key: [
      { name: 'account_id', type: 'integer', of: (r) => `${r}.account_id` },
      { name: 'due_date', type: 'date', of: (r) => `coalesce(${r}.due_date, 'infinity'::date)` },
    ],
    sums: [
      { name: 'invoices', of: () => '1' },
      { name: 'amount_cents', of: (r) => `coalesce(${r}.amount_cents, 0)` },
    ],
    counts: (r) => `NOT ${r}.is_paid`,
  }),
];

/** Each rollup's fill from every row of its table, by rollup table (the bench's fill runs without triggers). */
export const FILL_ROLLUP: Record<string, string> = Object.fromEntries(
  ROLLUPS.map((rollup) => [rollup.table, rollup.fillAll]),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE customs_entries ADD COLUMN account_id integer, ADD COLUMN arrival_date date;
    ALTER TABLE customs_entry_lines ADD COLUMN account_id integer, ADD COLUMN month date;

    UPDATE customs_entries e SET account_id = s.account_id,
      arrival_date = coalesce(s.shipment_discharge_date, s.est_time_arrive)::date
    FROM shipments s WHERE s.id = e.shipment_id;
    UPDATE customs_entry_lines l SET account_id = e.account_id, month = date_trunc('month', e.entry_date)::date
    FROM customs_entries e WHERE e.id = l.entry_id;

    -- An entry takes its shipment's account and arrival; a line its entry's account and month.
    CREATE FUNCTION customs_entry_of_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT s.account_id, coalesce(s.shipment_discharge_date, s.est_time_arrive)::date
        INTO NEW.account_id, NEW.arrival_date
        FROM shipments s WHERE s.id = NEW.shipment_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER customs_entries_of_shipment BEFORE INSERT OR UPDATE OF shipment_id ON customs_entries
      FOR EACH ROW EXECUTE FUNCTION customs_entry_of_shipment();
    CREATE FUNCTION customs_entry_line_of_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT e.account_id, date_trunc('month', e.entry_date)::date INTO NEW.account_id, NEW.month
        FROM customs_entries e WHERE e.id = NEW.entry_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER customs_entry_lines_of_entry BEFORE INSERT OR UPDATE OF entry_id ON customs_entry_lines
      FOR EACH ROW EXECUTE FUNCTION customs_entry_line_of_entry();

    -- A shipment that moves or whose dates change takes its entries along, and an entry its lines.
    CREATE FUNCTION follow_moved_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE customs_entries e SET account_id = n.account_id,
        arrival_date = coalesce(n.shipment_discharge_date, n.est_time_arrive)::date
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE e.shipment_id = n.id AND (
        n.account_id <> o.account_id
        OR n.shipment_discharge_date IS DISTINCT FROM o.shipment_discharge_date
        OR n.est_time_arrive IS DISTINCT FROM o.est_time_arrive
      );
      RETURN NULL;
    END $$;
    CREATE TRIGGER shipments_move_entries AFTER UPDATE ON shipments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION follow_moved_shipments();
    CREATE FUNCTION follow_moved_entries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE customs_entry_lines l SET account_id = n.account_id, month = date_trunc('month', n.entry_date)::date
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE l.entry_id = n.id AND (
        n.account_id IS DISTINCT FROM o.account_id OR n.entry_date IS DISTINCT FROM o.entry_date
      );
      RETURN NULL;
    END $$;
    CREATE TRIGGER customs_entries_move_lines AFTER UPDATE ON customs_entries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION follow_moved_entries();

    CREATE TABLE entry_rollups (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      month date NOT NULL,
      port_code text NOT NULL,
      mode text NOT NULL,
      entries bigint NOT NULL,
      entered_value_cents bigint NOT NULL,
      duty_cents bigint NOT NULL,
      mpf_cents bigint NOT NULL,
      hmf_cents bigint NOT NULL,
      other_fees_cents bigint NOT NULL,
      PRIMARY KEY (account_id, month, port_code, mode)
    );
    CREATE TABLE release_rollups (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      release_date date NOT NULL,
      days integer NOT NULL,
      entries bigint NOT NULL,
      PRIMARY KEY (account_id, release_date, days)
    );
    CREATE TABLE line_rollups (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      month date NOT NULL,
      hts_number text NOT NULL,
      section_301 boolean NOT NULL,
      adcvd boolean NOT NULL,
      lines bigint NOT NULL,
      entered_value_cents bigint NOT NULL,
      duty_cents bigint NOT NULL,
      PRIMARY KEY (account_id, month, hts_number, section_301, adcvd)
    );
    CREATE TABLE invoice_rollups (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      due_date date NOT NULL,
      invoices bigint NOT NULL,
      amount_cents bigint NOT NULL,
      PRIMARY KEY (account_id, due_date)
    );

    -- The drill-down of the release report: an account's entries by release date.
    CREATE INDEX customs_entries_release_idx ON customs_entries (account_id, release_date DESC, id DESC)
      INCLUDE (arrival_date) WHERE release_date IS NOT NULL;
  `.execute(db);
  for (const rollup of ROLLUPS) {
    for (const fn of rollup.functions) await sql.raw(fn).execute(db);
    await sql.raw(rollup.triggers).execute(db);
    await sql.raw(rollup.fillAll).execute(db);
  }
  await sql
    .raw(
      `CREATE FUNCTION apply_pending_report_rollups() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        ${ROLLUPS.map((rollup) => rollup.applyPending).join('\n')}
      END $$;
      CREATE OR REPLACE FUNCTION catch_up_derived_columns() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('clearport.defer_derived', 'off', true);
        IF to_regclass('pg_temp.pending_shipment_lists') IS NOT NULL THEN
          PERFORM refresh_shipment_lists(ARRAY(SELECT shipment_id FROM pending_shipment_lists ORDER BY shipment_id));
          DROP TABLE pg_temp.pending_shipment_lists;
        END IF;
        PERFORM apply_pending_shipment_counts();
        PERFORM apply_pending_report_rollups();
      END $$;`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0031-report-rollups cannot be undone');
}
