import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';
import { up } from './0066-section-301-duty.ts';

const t = testAppForFile();

type RollupRow = { section_301: boolean; lines: number; section_301_duty_cents: number; without: number };

const rollupRows = async () =>
  (
    await sql<RollupRow>`
      SELECT section_301, lines::int, section_301_duty_cents::int, section_301_lines_without_duty::int AS without
      FROM line_rollups`.execute(t.app.db)
  ).rows;

describe('migration 0066', () => {
  it('counts every Section 301 line written before it as one without its Section 301 duty, and keeps the rollups from then on', async () => {
    // The demo's lines as they stood before: no Section 301 duty anywhere.
    await sql`
      ALTER TABLE customs_entry_lines DROP CONSTRAINT customs_entry_lines_section_301_duty_check,
        DROP COLUMN section_301_duty_cents;
      ALTER TABLE line_rollups DROP COLUMN section_301_duty_cents, DROP COLUMN section_301_lines_without_duty;
    `.execute(t.app.db);

    await up(t.app.db as unknown as Kysely<unknown>);

    const rows = await rollupRows();
    expect(rows.some((row) => row.section_301 && row.lines > 0)).toBe(true);
    for (const row of rows) {
      expect(row).toEqual({ ...row, section_301_duty_cents: 0, without: row.section_301 ? row.lines : 0 });
    }

    const line = await t.app.db
      .selectFrom('customs_entry_lines')
      .select(['entry_id', 'line_number', 'duty_cents'])
      .where('section_301', '=', true)
      .where('month', 'is not', null)
      .orderBy('entry_id')
      .executeTakeFirstOrThrow();
    const total = async () =>
      (await rollupRows()).reduce(
        (sum, row) => ({ duty: sum.duty + row.section_301_duty_cents, without: sum.without + row.without }),
        { duty: 0, without: 0 },
      );
    const before = await total();
    await t.app.db
      .updateTable('customs_entry_lines')
      .set({ section_301_duty_cents: line.duty_cents })
      .where('entry_id', '=', line.entry_id)
      .where('line_number', '=', line.line_number)
      .execute();
    expect(await total()).toEqual({ duty: before.duty + line.duty_cents, without: before.without - 1 });
  });
});
