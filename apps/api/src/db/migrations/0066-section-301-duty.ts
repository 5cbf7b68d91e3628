import { sql, type Kysely } from 'kysely';
import { ROLLUPS, rollupSql } from './0031-report-rollups.ts';
import { setStatementTriggerSettings } from './0055-statement-triggers-narrow.ts';

/**
 * The Section 301 part of a line's duty (docs/decisions/0051-section-301-duty-per-line.md): the
 * amount the broker files on the line's Chapter 99 line (9903.88.xx), null while it has not sent
 * one. Only a line flagged Section 301 carries it, and it is at most the line's duty; the check
 * holds the brokerage's writes and the demo's and bench's fills alike.
 *
 * `line_rollups` sums it (`section_301_duty_cents`) and counts the flagged lines without it
 * (`section_301_lines_without_duty`), so that the duty report tells the Section 301 duty it knows
 * and how many lines it does not know it of. Every line written before has none: each rollup row
 * of flagged lines counts all of its lines as without it.
 */
const LINE_ROLLUPS = rollupSql(
  {
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
      { name: 'section_301_duty_cents', of: (r) => `coalesce(${r}.section_301_duty_cents, 0)` },
      {
        name: 'section_301_lines_without_duty',
        of: (r) => `CASE WHEN ${r}.section_301 AND ${r}.section_301_duty_cents IS NULL THEN 1 ELSE 0 END`,
      },
    ],
    counts: (r) => `${r}.month IS NOT NULL`,
  },
  'CREATE OR REPLACE',
);

/** Fills an empty line_rollups from every line (the bench's fill, which runs without triggers). */
export const FILL_LINE_ROLLUPS = LINE_ROLLUPS.fillAll;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE customs_entry_lines ADD COLUMN section_301_duty_cents bigint,
      ADD CONSTRAINT customs_entry_lines_section_301_duty_check CHECK (
        section_301_duty_cents IS NULL OR (section_301 AND section_301_duty_cents BETWEEN 0 AND duty_cents)
      );
    ALTER TABLE line_rollups
      ADD COLUMN section_301_duty_cents bigint NOT NULL DEFAULT 0,
      ADD COLUMN section_301_lines_without_duty bigint NOT NULL DEFAULT 0;
    ALTER TABLE line_rollups
      ALTER COLUMN section_301_duty_cents DROP DEFAULT,
      ALTER COLUMN section_301_lines_without_duty DROP DEFAULT;
    UPDATE line_rollups SET section_301_lines_without_duty = lines WHERE section_301;
  `.execute(db);
  for (const fn of LINE_ROLLUPS.functions) await sql.raw(fn).execute(db);
  const rollups = ROLLUPS.map((rollup) => (rollup.table === LINE_ROLLUPS.table ? LINE_ROLLUPS : rollup));
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION apply_pending_report_rollups() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        ${rollups.map((rollup) => rollup.applyPending).join('\n')}
      END $$;`,
    )
    .execute(db);
  await setStatementTriggerSettings(db);
}

export async function down(): Promise<void> {
  throw new Error('0066-section-301-duty cannot be undone');
}
