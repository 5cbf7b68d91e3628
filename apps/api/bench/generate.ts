import pg from '../src/db/pg-driver.ts';
import {
  entryCheckDigit,
  hmfCents,
  HOLDING_DISPOSITIONS,
  isValidEntryNumber,
  MPF_MAXIMUM_CENTS,
  MPF_MINIMUM_CENTS,
  MPF_RATE_PER_100_000,
  mpfCents,
} from '@clearport/contract/customs-entry';
import { COUNT_EVERY_SHIPMENT } from '../src/db/migrations/0049-shipment-port-counts.ts';
import { FILL_ROLLUP } from '../src/db/migrations/0031-report-rollups.ts';
import { FILL_LINE_ROLLUPS } from '../src/db/migrations/0066-section-301-duty.ts';
import { SET_EVERY_NEXT_FREE_DAY } from '../src/db/migrations/0054-shipment-next-free-day-kind.ts';
import { COUNT_EVERY_FREE_DAY } from '../src/db/migrations/0053-shipment-free-day-counts.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { containerNumber, iso6346Sum } from '../src/seed/demo-numbers.ts';
import { migrate, timedSteps } from './bench-kit.ts';
import { TRUCKERS, WAREHOUSES, accountNameSql, companyNameSql, partnerSql, personNameSql } from './bench-names.ts';

/*
 * Fills a PostgreSQL database with a brokerage's worth of shipments for the benchmark:
 * companies of a few accounts each, one primary user per company (bench-<n>@bench.test), and
 * N shipments spread over the accounts with containers (0-4), bills of lading (1-3), the four
 * required document types, ETAs over five years, statuses and FDA values that follow each ETA's age
 * (the open ones on the water or just arrived, the old ones liquidated) in realistic shares, and delivery
 * orders for about a quarter of them, and a customs entry for each shipment past submission
 * (its number with its check digit, port and type, one to three HTS lines with value and duty,
 * the Section 301 part of the duty on the lines a Section 301 list names, the entry's sums and its MPF and HMF by the contract's rules, each company's first entry with
 * LONG_ENTRY_LINES lines, and the CBP and FDA dispositions its status and FDA review tell of), and
 * the free days of the containers that arrived in the last year (FREE_DAYS).
 * Everything is set-based (INSERT … SELECT over generate_series) in one transaction, with the
 * triggers off and the shipments' list columns written directly, the secondary indexes dropped
 * and rebuilt at the end; then VACUUM ANALYZE.
 * It needs a superuser connection (session_replication_role) and an empty, migrated database.
 */

export const BENCH_PASSWORD = 'bench-password';

/**
 * SQL true of a database whose statuses follow the ETAs' age (no shipment of the last 300 days
 * liquidated): false of one filled before they did, which the benches fill again.
 */
export const STATUSES_FOLLOW_AGE = `NOT EXISTS (
  SELECT 1 FROM shipments WHERE status = 'liquidated' AND est_time_arrive > localtimestamp - interval '300 days')`;

/** The filer code of the bench's entry numbers. */
const BENCH_FILER_CODE = 'BN1';
/** Each company's first entry has this many lines: a large 7501 whose lines the entry panel pages through. */
export const LONG_ENTRY_LINES = 500;

/**
 * SQL of the entry number of the integer expression `n`: `BN1-NNNNNNN-C` with the check digit
 * the contract's entryCheckDigit gives. That digit is minus a sum over the positions, modulus
 * 10, so it is the check digit of the filer code with the number 0000000 less the number's own
 * positions: the units and every second one leftwards doubled, a doubled digit of 5 or more
 * counting its two digits (2d - 9).
 */
function entryNumberSql(n: string): string {
  const filerCheck = entryCheckDigit(BENCH_FILER_CODE, '0000000');
  const positions = Array.from({ length: 7 }, (_, index) => {
    const digit = `(${n} / ${10 ** index} % 10)`;
    return index % 2 === 0 ? `(2 * ${digit} - 9 * (${digit} / 5))` : digit;
  });
  const check = `((${filerCheck} - (${positions.join(' + ')})) % 10 + 10) % 10`;
  return `'${BENCH_FILER_CODE}-' || lpad((${n})::text, 7, '0') || '-' || ${check}`;
}

/**
 * SQL of an ISO 6346 container number: the owner code `owners[index mod n]` of the integer
 * expression `index`, the six digits of `serial` (0-999999) and the check digit containerNumber
 * gives, its owner code's part of the sum (iso6346Sum) computed here and each digit's added in SQL.
 */
export function containerNumberSql(owners: readonly string[], index: string, serial: string): string {
  const pick = (values: readonly (string | number)[]) =>
    `(ARRAY[${values.join(', ')}])[1 + (${index}) % ${owners.length}]`;
  const digits = Array.from({ length: 6 }, (_, k) => `(${serial}) / ${10 ** (5 - k)} % 10 * ${2 ** (4 + k)}`);
  const check = `(${pick(owners.map(iso6346Sum))} + ${digits.join(' + ')}) % 11 % 10`;
  return `${pick(owners.map((owner) => `'${owner}'`))} || lpad((${serial})::text, 6, '0') || (${check})`;
}

/**
 * The ports the bench's shipments come in at, with the terminal, and the port of entry: the
 * same, but for the cargo unladen at Los Angeles and entered at Chicago after an in-bond move.
 */
const BENCH_PORTS = `(VALUES
  (0, '4601', 'Newark, NJ', 'APM Terminals Elizabeth', '4601'),
  (1, '2704', 'Los Angeles, CA', 'Fenix Marine Services', '2704'),
  (2, '2709', 'Long Beach, CA', 'Long Beach Container Terminal', '2709'),
  (3, '5301', 'Houston, TX', 'Barbours Cut Terminal', '5301'),
  (4, '1001', 'New York, NY', 'Red Hook Container Terminal', '1001'),
  (5, '3001', 'Seattle, WA', 'Terminal 18', '3001'),
  (6, '1703', 'Savannah, GA', 'Garden City Terminal', '1703'),
  (7, '2811', 'Oakland, CA', 'Oakland International Container Terminal', '2811'),
  (8, '5201', 'Miami, FL', 'South Florida Container Terminal', '5201'),
  (9, '2704', 'Los Angeles, CA', 'Yusen Terminals', '3901')
) AS port(n, code, name, terminal, entry_port)`;

/** Where the bench's cargo is loaded, and the lines and ships that carry it. */
const BENCH_ORIGINS = ['SHANGHAI, CN', 'NINGBO, CN', 'YANTIAN, CN', 'BUSAN, KR', 'HAIPHONG, VN', 'KAOHSIUNG, TW'];
const BENCH_CARRIERS = `(VALUES
  (0, 'MEDITERRANEAN SHIPPING CO', 'MSC GULSUN'),
  (1, 'MAERSK LINE', 'MAERSK ESSEN'),
  (2, 'CMA CGM', 'CMA CGM JACQUES SAADE'),
  (3, 'COSCO SHIPPING LINES', 'COSCO SHIPPING UNIVERSE'),
  (4, 'HAPAG-LLOYD', 'BERLIN EXPRESS'),
  (5, 'OCEAN NETWORK EXPRESS', 'ONE INNOVATION'),
  (6, 'EVERGREEN LINE', 'EVER ACE')
) AS carrier(n, line, vessel)`;

/**
 * The tariff lines the bench's entries draw from: HTS number, description, unit, the rate as the
 * tariff writes it, its general part and its Section 301 part as percentages (null: no Section
 * 301), and the AD/CVD flag.
 */
const BENCH_TARIFF = `(VALUES
  (0, '8471300100', 'Portable computers', 'NO', 'Free', 0, NULL, false),
  (1, '6109100012', 'Men''s cotton T-shirts, knitted', 'DOZ', '16.5%', 16.5, NULL, false),
  (2, '9403608081', 'Wooden bedroom furniture', 'NO', 'Free + 25%', 0, 25, false),
  (3, '8516604000', 'Electric cooking stoves', 'NO', '4% + 25%', 4, 25, false),
  (4, '7318158069', 'Steel bolts with nuts', 'KG', '8.5% + 25%', 8.5, 25, false),
  (5, '3924104000', 'Plastic tableware and kitchenware', 'KG', '3.4% + 7.5%', 3.4, 7.5, false),
  (6, '6404199060', 'Footwear with textile uppers', 'PRS', '9%', 9, NULL, false),
  (7, '8544429090', 'Insulated electric conductors', 'KG', '2.6% + 25%', 2.6, 25, false),
  (8, '9503000073', 'Toys for children under three', 'NO', 'Free', 0, NULL, false),
  (9, '7306306000', 'Welded steel tubes', 'KG', 'Free', 0, NULL, true)
) AS t(k, hts_number, description, unit, duty_rate, percent, section_301_percent, adcvd)`;

/**
 * The containers' free days (decision 0029) of the shipments that arrived in the last year, on
 * the bench's day: discharged a day after the ETA with four free days at the terminal; gated out
 * one to seven days after discharge once that day has come (some late, in demurrage), with five
 * days to return the empty; returned one to nine days after, once that day has come, except one
 * in twenty-five never returned (detention still running). So most open containers are recent,
 * their last free days spread a week around today, and a few per cent of the shipments of the
 * last year run up charges; older containers have no free days. The shipments' next_free_day
 * follows, as migration 0036 keeps it.
 */
const FREE_DAYS = `
  INSERT INTO container_free_days (container_id, discharged_at, available_at, terminal_last_free_day, gated_out_at,
    delivered_at, detention_last_free_day, empty_returned_at, demurrage_rates, detention_rates)
  SELECT id, discharged, discharged + interval '6 hours', discharged::date + 4, gated_out,
    gated_out + interval '4 hours', gated_out::date + 5,
    CASE WHEN r_forgotten >= 0.04 AND gated_out + return_days * interval '1 day' < localtimestamp
      THEN gated_out + return_days * interval '1 day' END,
    '[{"from_day": 1, "cents_per_day": 15000}, {"from_day": 5, "cents_per_day": 30000}]'::jsonb,
    '[{"from_day": 1, "cents_per_day": 10000}]'::jsonb
  FROM (
    SELECT id, discharged, return_days, r_forgotten,
      CASE WHEN discharged + gate_days * interval '1 day' < localtimestamp
        THEN discharged + gate_days * interval '1 day' END AS gated_out
    FROM (
      -- Drawn in the select list: once a row.
      SELECT c.id, s.est_time_arrive + interval '1 day' AS discharged, 1 + floor(random() * 7) AS gate_days,
        1 + floor(random() * 9) AS return_days, random() AS r_forgotten
      FROM shipments s JOIN containers c ON c.shipment_id = s.id
      WHERE s.est_time_arrive BETWEEN localtimestamp - interval '1 year' AND localtimestamp - interval '1 day'
    ) drawn
  ) dated
  ORDER BY id`;

/** Accounts per company, repeated: three is the typical company, one to five occur. */
const COMPANY_SIZES = [3, 2, 4, 3, 3, 1, 5, 3, 2, 4];
export const TYPICAL_COMPANY_SIZE = 3;

export type GenerateOptions = {
  shipments: number;
  accounts: number;
  /** About this many of the shipments go to the first account (a large importer's); the rest spread as usual. */
  largeAccountShipments?: number;
  /** Progress lines. */
  log?: (line: string) => void;
};

export type BenchUser = { email: string; accountNos: string[] };

export function benchEmail(companyIndex: number): string {
  return `bench-${companyIndex + 1}@bench.test`;
}

/** The companies' sizes: COMPANY_SIZES over and over, the last one cut to fit. */
export function companySizes(accounts: number): number[] {
  const sizes: number[] = [];
  let left = accounts;
  for (let index = 0; left > 0; index++) {
    const size = Math.min(left, COMPANY_SIZES[index % COMPANY_SIZES.length]!);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

export async function generate(databaseUrl: string, options: GenerateOptions): Promise<void> {
  const log = options.log ?? (() => {});
  await migrate(databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = timedSteps(client, log);
  try {
    const existing = await client.query<{ count: string }>('SELECT count(*) FROM shipments');
    if (Number(existing.rows[0]!.count) > 0) throw new Error('generate() fills an empty database only');
    const passwordHash = await hashPassword(BENCH_PASSWORD);

    await client.query('BEGIN');
    // No triggers and no foreign-key checks while filling: the list columns are written here.
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query("SET LOCAL maintenance_work_mem = '1GB'");
    await client.query('SELECT setseed(0.42)');

    // Secondary indexes are rebuilt once at the end, far faster than kept up row by row.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(`
      SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public'
        AND i.tablename IN ('shipments', 'shipment_search_texts', 'containers', 'bills_of_lading', 'document_types', 'delivery_orders')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`);
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`);

    const sizes = companySizes(options.accounts);
    const companyIds = (
      await step(
        'companies',
        `INSERT INTO companies (name, primary_contact)
         SELECT ${companyNameSql('n')}, ${personNameSql('n')} FROM generate_series(1, $1::int) n RETURNING id`,
        [sizes.length],
      )
    ).rows.map((row: { id: number }) => row.id);
    const accountCompanies = sizes.flatMap((size, index) => Array.from({ length: size }, () => companyIds[index]!));
    // Every fifth company's last account tracks documents (the spec's account {code}).
    const tracking = sizes.flatMap((size, index) =>
      Array.from({ length: size }, (_, position) => index % 5 === 0 && position === size - 1),
    );
    await step(
      'accounts',
      `INSERT INTO accounts (company_id, account_no, name, document_tracking)
       SELECT company_id, (500000 + n)::text, ${accountNameSql('n')}, tracking
       FROM unnest($1::int[], $2::bool[]) WITH ORDINALITY AS a(company_id, tracking, n)`,
      [accountCompanies, tracking],
    );
    await step(
      'users',
      `INSERT INTO users (company_id, name, email, password_hash, role)
       SELECT c.id, companies.primary_contact, 'bench-' || n || '@bench.test', $2, 3
       FROM unnest($1::int[]) WITH ORDINALITY AS c(id, n) JOIN companies ON companies.id = c.id`,
      [companyIds, passwordHash],
    );
    await step(
      'truckers and warehouses',
      `WITH t AS (
         INSERT INTO truckers (company_id, name, phone)
         SELECT id, ${partnerSql(TRUCKERS, 0, 'id')}, ${partnerSql(TRUCKERS, 1, 'id')} FROM companies)
       INSERT INTO warehouses (company_id, name, address, city, state, zip)
       SELECT id, ${[0, 1, 2, 3, 4].map((column) => partnerSql(WAREHOUSES, column, 'id')).join(', ')} FROM companies`,
    );

    await step(
      'shipments',
      `WITH accounts_list AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts),
      drawn AS (
        SELECT g,
          CASE WHEN random() < $2::float8 THEN ids[1] ELSE ids[1 + floor(random() * cardinality(ids))::int] END AS account_id,
          random() AS r_status,
          random() AS r_eta, random() AS r_fda, random() AS r_ref, random() AS r_containers,
          random() AS r_bills, random() AS r_do, random() AS r_7501, random() AS r_ignore, random() AS r_base
        FROM generate_series(1, $1::int) g CROSS JOIN accounts_list
      ),
      dated AS (
        SELECT d.*, e.eta,
          -- Where the shipment is in its life: 'unknown' (no ETA yet), 'sailing', 'clearing' (arrived
          -- in the last 25 days), 'cleared', or 'liquidated' (an entry liquidates about 314 days after it).
          CASE WHEN e.eta IS NULL THEN 'unknown' WHEN e.eta > localtimestamp THEN 'sailing'
               WHEN e.eta > localtimestamp - interval '25 days' THEN 'clearing'
               WHEN e.eta > localtimestamp - interval '320 days' THEN 'cleared' ELSE 'liquidated' END AS stage
        FROM drawn d,
        LATERAL (SELECT CASE WHEN r_eta < 0.02 THEN NULL
          ELSE date_trunc('hour', localtimestamp - interval '5 years' + (r_eta * interval '5 years 2 months')) END AS eta) e
      ),
      shaped AS (
        SELECT d.*,
          -- The status follows the stage, as a brokerage's would: the holds, exams and missing
          -- documents among the shipments on the water or just arrived, the old ones liquidated.
          CASE stage
            WHEN 'unknown' THEN CASE WHEN r_status < 0.5 THEN 'submitted' ELSE 'pending documents' END
            WHEN 'sailing' THEN CASE
              WHEN r_status < 0.35 THEN 'In Transit' WHEN r_status < 0.60 THEN 'submitted'
              WHEN r_status < 0.80 THEN 'pending documents' WHEN r_status < 0.85 THEN 'ISF HOLD'
              WHEN r_status < 0.90 THEN 'IT SHIPMENT' ELSE 'PENDING RELEASE' END
            WHEN 'clearing' THEN CASE
              WHEN r_status < 0.40 THEN 'released' WHEN r_status < 0.52 THEN 'PENDING RELEASE'
              WHEN r_status < 0.62 THEN 'pending documents' WHEN r_status < 0.67 THEN 'submitted'
              WHEN r_status < 0.72 THEN 'CBP INTENSIVE EXAM' WHEN r_status < 0.77 THEN 'CBP VACIS EXAM'
              WHEN r_status < 0.82 THEN 'CBP DOCS REVIEW HOLD' WHEN r_status < 0.86 THEN 'CBP VAX EXAM'
              WHEN r_status < 0.89 THEN 'NOT CLEARED BY AFB' WHEN r_status < 0.94 THEN 'IT SHIPMENT'
              WHEN r_status < 0.97 THEN 'accepted' ELSE 'admissible' END
            WHEN 'cleared' THEN CASE
              WHEN r_status < 0.96 THEN 'released' WHEN r_status < 0.98 THEN 'accepted' ELSE 'admissible' END
            ELSE CASE WHEN r_status < 0.97 THEN 'liquidated' ELSE 'released' END
          END AS status,
          -- An FDA exam, hold or refusal is on a shipment still being cleared; an older one proceeded.
          CASE WHEN r_fda < 0.75 THEN '' WHEN r_fda < 0.91 OR stage IN ('cleared', 'liquidated') THEN 'MAY PROCEED'
               WHEN r_fda < 0.95 THEN 'FDA EXAM' WHEN r_fda < 0.98 THEN 'FDA HOLD' ELSE 'REFUSED' END AS fda_review,
          CASE WHEN r_containers < 0.10 THEN 0 WHEN r_containers < 0.55 THEN 1 WHEN r_containers < 0.80 THEN 2
               WHEN r_containers < 0.92 THEN 3 ELSE 4 END AS container_count,
          CASE WHEN r_bills < 0.90 THEN 1 ELSE 2 END AS master_count,
          floor(r_base * 9000000)::int AS base
        FROM dated d
      )
      INSERT INTO shipments (
        account_id, file_number, customer_reference_no, status, isf_transaction_no, isf_submit_date,
        est_time_arrive, shipment_discharge_date, fda_review, origin, destination_terminal, steamship_line,
        vessel_name, unlading_code, unlading_name, transport_mode, transport_mode_description,
        path_to_7501, reviewed_7501, ignored_shipment,
        master_bills, house_bills, container_nos, has_delivery_order,
        entry_numbers, entry_port_code, entry_type, has_agency_hold, created_at, updated_at
      )
      SELECT
        account_id,
        'BN' || lpad(g::text, 8, '0') || '-' || (g % 10),
        CASE WHEN r_ref < 0.85 THEN 'PO-' || (10000 + floor(r_ref * 1000000)::int % 90000) ELSE '' END,
        status,
        CASE WHEN status IN ('submitted', 'pending documents') AND r_7501 < 0.25 THEN NULL
             WHEN r_7501 < 0.45 THEN 'N\\A' ELSE 'ISF-' || lpad(g::text, 8, '0') END,
        CASE WHEN status IN ('submitted', 'pending documents') AND r_7501 < 0.25 THEN NULL ELSE eta - interval '20 days' END,
        eta,
        CASE WHEN status IN ('released', 'liquidated', 'accepted', 'admissible') THEN eta + interval '1 day' END,
        fda_review,
        (ARRAY[${BENCH_ORIGINS.map((origin) => `'${origin}'`).join(', ')}])[1 + g % ${BENCH_ORIGINS.length}],
        port.terminal, carrier.line, carrier.vessel, port.code, port.name, '11', 'Vessel, container',
        CASE WHEN status IN ('released', 'liquidated', 'accepted', 'admissible', 'PENDING RELEASE') AND r_7501 < 0.9
             THEN 'bench/7501/' || g || '.pdf' END,
        -- The 7501s of the shipments cleared weeks ago were reviewed; a quarter of the newer ones wait.
        stage IN ('cleared', 'liquidated') OR r_7501 < 0.75,
        r_ignore < 0.02,
        ARRAY(SELECT 'MEDU' || lpad((base + i)::text, 9, '0') FROM generate_series(1, master_count) i),
        ARRAY(SELECT 'HBL-' || lpad((base + i)::text, 7, '0')
              FROM generate_series(1, floor(r_ref * 1000)::int % (4 - master_count)) i),
        ARRAY(
          SELECT ${containerNumberSql(['MSCU', 'MEDU', 'MAEU', 'CMAU', 'CSNU', 'TGHU', 'OOLU', 'HLXU', 'ONEU', 'EGLU'], 'g + i', '(base + i * 7) % 1000000')}
          FROM generate_series(1, container_count) i
        ),
        container_count > 0 AND r_do < CASE WHEN status = 'pending documents' THEN 0.1 WHEN status = 'submitted' THEN 0.15 ELSE 0.3 END,
        CASE WHEN has_entry THEN ARRAY[${entryNumberSql('g')}] ELSE '{}' END,
        CASE WHEN has_entry THEN port.entry_port END,
        CASE WHEN NOT has_entry THEN NULL WHEN g % 20 = 0 THEN '11' WHEN g % 20 = 1 THEN '21' WHEN g % 20 = 2 THEN '06' ELSE '01' END,
        has_entry AND (status LIKE 'CBP %' OR fda_review NOT IN ('', 'MAY PROCEED')),
        now(), now()
      FROM (SELECT shaped.*, status NOT IN ('submitted', 'pending documents', 'ISF HOLD', 'In Transit') AS has_entry FROM shaped) shaped
        JOIN ${BENCH_PORTS} ON port.n = floor(r_base * 1000)::int % 10
        JOIN ${BENCH_CARRIERS} ON carrier.n = g % 7
      ORDER BY g`,
      [options.shipments, (options.largeAccountShipments ?? 0) / options.shipments],
    );
    await step(
      'containers',
      `INSERT INTO containers (shipment_id, container_no)
       SELECT s.id, c.container_no FROM shipments s, unnest(s.container_nos) WITH ORDINALITY AS c(container_no, n)
       ORDER BY s.id, c.n`,
    );
    await step(
      'bills of lading',
      `INSERT INTO bills_of_lading (shipment_id, bill_lading, is_master)
       SELECT s.id, b.bill_lading, b.is_master
       FROM shipments s, LATERAL (
         SELECT m, true, n FROM unnest(s.master_bills) WITH ORDINALITY AS x(m, n)
         UNION ALL SELECT h, false, 100 + n FROM unnest(s.house_bills) WITH ORDINALITY AS y(h, n)
       ) AS b(bill_lading, is_master, n)
       ORDER BY s.id, b.n`,
    );
    await step(
      'document types',
      `INSERT INTO document_types (shipment_id, type, required, submitted)
       SELECT s.id, t.type, true,
         CASE WHEN s.status = 'pending documents' THEN t.n <> 1 + s.id % 4 AND random() < 0.6 ELSE true END
       FROM shipments s
       CROSS JOIN (VALUES (1, 'Arrival Notice'), (2, 'Bill of Lading'), (3, 'Commercial Invoice'), (4, 'Packing Slip')) AS t(n, type)
       ORDER BY s.id, t.n`,
    );
    await step(
      'required documents',
      `UPDATE shipments s SET required_documents = d.documents
       FROM (
         SELECT shipment_id, jsonb_agg(jsonb_build_object('type', type, 'submitted', submitted) ORDER BY id) AS documents
         FROM document_types WHERE required GROUP BY shipment_id
       ) d
       WHERE d.shipment_id = s.id`,
    );
    await step(
      'delivery orders',
      `INSERT INTO delivery_orders (shipment_id, trucker_id, warehouse_id, reference_number, approved)
       SELECT s.id, t.id, w.id, s.customer_reference_no, random() < 0.7
       FROM shipments s
       JOIN accounts a ON a.id = s.account_id
       JOIN truckers t ON t.company_id = a.company_id
       JOIN warehouses w ON w.company_id = a.company_id
       WHERE s.has_delivery_order
       ORDER BY s.id`,
    );
    // The lines first, by shipment, so that each entry is written with its lines' sums.
    await step(
      'entry lines drawn',
      `CREATE TEMPORARY TABLE bench_entry_lines ON COMMIT DROP AS
       WITH long_entries AS (
         SELECT DISTINCT ON (a.company_id) s.id FROM shipments s JOIN accounts a ON a.id = s.account_id
         WHERE s.entry_numbers <> '{}' ORDER BY a.company_id, s.id
       )
       SELECT s.id AS shipment_id, n AS line_number, t.hts_number, t.description, t.unit, t.duty_rate,
         t.adcvd, t.section_301_percent IS NOT NULL AS section_301, 1 + floor(random() * 5000) AS quantity,
         v.value AS entered_value_cents,
         round(v.value * t.percent / 100)::bigint + coalesce(s301.cents, 0) AS duty_cents,
         s301.cents AS section_301_duty_cents
       FROM shipments s
       LEFT JOIN long_entries l ON l.id = s.id
       CROSS JOIN LATERAL generate_series(1,
         CASE WHEN l.id IS NOT NULL THEN $1 WHEN s.entry_type = '11' THEN 1 ELSE 1 + s.id % 3 END) n
       JOIN ${BENCH_TARIFF} ON t.k = (s.id * 7 + n * 3) % 10
       -- An informal entry is worth at most $2,500; a formal line $1,000 to $90,000, most of them small.
       CROSS JOIN LATERAL (SELECT CASE WHEN s.entry_type = '11' THEN 20000 + floor(random() * 230000)
         ELSE round(100000 * exp(random() * 4.5)) END::bigint AS value) v
       -- The Section 301 part, filed on its own Chapter 99 line, is in the line's duty.
       CROSS JOIN LATERAL (SELECT round(v.value * t.section_301_percent / 100)::bigint AS cents) s301
       WHERE s.entry_numbers <> '{}'`,
      [LONG_ENTRY_LINES],
    );
    // Without its statistics the join below reads the shipments by index in random order, three times slower.
    await step('entry lines analyzed', 'ANALYZE bench_entry_lines');
    // MPF and HMF as the contract's mpfCents and hmfCents make them (checked below); an informal
    // entry pays no ad valorem MPF.
    await step(
      'customs entries',
      `INSERT INTO customs_entries (shipment_id, account_id, arrival_date, release_date, entry_number, entry_type,
         port_code, entry_date, mode, entered_value_cents, duty_cents, mpf_cents, hmf_cents)
       SELECT s.id, s.account_id, arrival, CASE WHEN s.status IN ('released', 'liquidated', 'accepted', 'admissible')
           -- Most entries clear within three days of arrival, some before it, a few after two weeks.
           THEN arrival + (ARRAY[-1, 0, 0, 1, 1, 1, 2, 3, 5, 9, 16])[1 + s.id % 11] END,
         s.entry_numbers[1], s.entry_type, s.entry_port_code, (s.est_time_arrive - interval '2 days')::date,
         'ocean', l.value, l.duty,
         CASE WHEN s.entry_type <> '11' THEN least($3, greatest($2, round(l.value * $1::numeric / 100000))) END,
         round(l.value * 125 / 100000.0)
       FROM shipments s
       JOIN (SELECT shipment_id, sum(entered_value_cents) AS value, sum(duty_cents) AS duty
             FROM bench_entry_lines GROUP BY shipment_id) l ON l.shipment_id = s.id
       CROSS JOIN LATERAL (SELECT coalesce(s.shipment_discharge_date, s.est_time_arrive)::date AS arrival) a
       ORDER BY s.id`,
      [MPF_RATE_PER_100_000, MPF_MINIMUM_CENTS, MPF_MAXIMUM_CENTS],
    );
    await step(
      'entry lines',
      `INSERT INTO customs_entry_lines (entry_id, account_id, month, line_number, hts_number, description, quantity,
         unit, entered_value_cents, duty_rate, duty_cents, adcvd, section_301, section_301_duty_cents)
       SELECT e.id, e.account_id, date_trunc('month', e.entry_date)::date, l.line_number, l.hts_number, l.description,
         l.quantity, l.unit, l.entered_value_cents, l.duty_rate, l.duty_cents, l.adcvd, l.section_301,
         l.section_301_duty_cents
       FROM bench_entry_lines l JOIN customs_entries e ON e.shipment_id = l.shipment_id
       ORDER BY e.id, l.line_number`,
    );
    // The holds agree with has_agency_hold above: a CBP exam status, or an FDA review past May Proceed.
    await step(
      'agency dispositions',
      `INSERT INTO customs_entry_dispositions (entry_id, agency, disposition, disposed_at)
       SELECT e.id, d.agency, d.disposition, coalesce(s.est_time_arrive, localtimestamp)
       FROM customs_entries e JOIN shipments s ON s.id = e.shipment_id,
       LATERAL (VALUES
         ('CBP', CASE WHEN s.status = 'CBP DOCS REVIEW HOLD' THEN 'docs_review' WHEN s.status LIKE 'CBP %' THEN 'exam'
                      WHEN s.status IN ('released', 'liquidated') THEN 'released' END),
         ('FDA', CASE s.fda_review WHEN 'MAY PROCEED' THEN 'may_proceed' WHEN 'FDA EXAM' THEN 'exam'
                      WHEN 'FDA HOLD' THEN 'hold_intact' WHEN 'REFUSED' THEN 'refused' END)
       ) AS d(agency, disposition)
       WHERE d.disposition IS NOT NULL
       ORDER BY e.id`,
    );
    // What the shipment row keeps of its entry (migration 0029), as refresh_shipment_lists would.
    await step(
      'shipment entry columns',
      `UPDATE shipments s SET entry_duty_cents = e.duty_cents,
         fda_disposition = (SELECT d.disposition FROM customs_entry_dispositions d WHERE d.entry_id = e.id AND d.agency = 'FDA'),
         cbp_disposition_hold = EXISTS (
           SELECT 1 FROM customs_entry_dispositions d WHERE d.entry_id = e.id AND d.agency = 'CBP'
             AND d.disposition IN (${HOLDING_DISPOSITIONS.map((code) => `'${code}'`).join(', ')}))
       FROM customs_entries e WHERE e.shipment_id = s.id`,
    );
    await step('shipment counts', COUNT_EVERY_SHIPMENT);
    // The whole table's search texts (migration 0050), once every list they are made of is written.
    await step(
      'search texts',
      'INSERT INTO shipment_search_texts (shipment_id, search_text) SELECT id, search_text FROM shipments',
    );
    for (const table of ['entry_rollups', 'release_rollups']) await step(table, FILL_ROLLUP[table]!);
    await step('line_rollups', FILL_LINE_ROLLUPS);
    await step(
      'delivery order containers',
      `INSERT INTO delivery_order_containers (delivery_order_id, container_id)
       SELECT d.id, c.id FROM delivery_orders d JOIN containers c ON c.shipment_id = d.shipment_id`,
    );
    await step('container free days', FREE_DAYS);
    await step('shipment next free days', SET_EVERY_NEXT_FREE_DAY);
    await step('shipment free day counts', COUNT_EVERY_FREE_DAY);

    for (const index of indexes.rows) await step(`index ${index.indexname}`, index.indexdef);
    await checkEntries(client);
    await checkContainers(client);
    await client.query('COMMIT');
    const started = performance.now();
    await client.query('VACUUM ANALYZE');
    log(`  vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Every 500th container's number checked against the seed's ISO 6346 check digit. */
async function checkContainers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ container_no: string }>(
    'SELECT container_no FROM containers WHERE id % 500 = 0',
  );
  const wrong = rows.find(({ container_no: no }) => containerNumber(no.slice(0, 4), no.slice(4, 10)) !== no);
  if (wrong) throw new Error(`The bench's container ${wrong.container_no} has a wrong ISO 6346 check digit`);
}

/**
 * Every 500th entry checked by the contract's own functions: its number's check digit, its sums
 * those of its lines, its MPF and HMF. The SQL above does the same arithmetic set-based.
 */
async function checkEntries(client: pg.Client): Promise<void> {
  // Cents as float8: exact at these sizes, and numbers whichever way the driver reads a bigint.
  const { rows } = await client.query<{
    entry_number: string;
    entry_type: string;
    value: number;
    duty: number;
    mpf: number | null;
    hmf: number;
    lines_value: number;
    lines_duty: number;
  }>(
    `SELECT e.entry_number, e.entry_type, e.entered_value_cents::float8 AS value, e.duty_cents::float8 AS duty,
       e.mpf_cents::float8 AS mpf, e.hmf_cents::float8 AS hmf, sum(l.entered_value_cents)::float8 AS lines_value,
       sum(l.duty_cents)::float8 AS lines_duty
     FROM customs_entries e JOIN customs_entry_lines l ON l.entry_id = e.id
     WHERE e.id % 500 = 0 GROUP BY e.id`,
  );
  for (const row of rows) {
    const isRight =
      isValidEntryNumber(row.entry_number) &&
      row.lines_value === row.value &&
      row.lines_duty === row.duty &&
      row.mpf === (row.entry_type === '11' ? null : mpfCents(row.value)) &&
      row.hmf === hmfCents(row.value, 'ocean');
    if (!isRight) {
      throw new Error(`The bench's entry ${row.entry_number} breaks the contract's rules: ${JSON.stringify(row)}`);
    }
  }
}

/** The first bench user of a company with the typical number of accounts, one of which tracks documents. */
export async function typicalBenchUser(databaseUrl: string): Promise<BenchUser> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ email: string; account_nos: string[] }>(
      `SELECT u.email, array_agg(a.account_no ORDER BY a.account_no) AS account_nos
       FROM users u JOIN accounts a ON a.company_id = u.company_id
       WHERE u.email LIKE 'bench-%@bench.test'
       GROUP BY u.id, u.email
       HAVING count(*) = $1 AND bool_or(a.document_tracking)
       ORDER BY u.id LIMIT 1`,
      [TYPICAL_COMPANY_SIZE],
    );
    const row = result.rows[0];
    if (!row) throw new Error('No bench user with a typical company: is the database filled?');
    return { email: row.email, accountNos: row.account_nos };
  } finally {
    await client.end();
  }
}
