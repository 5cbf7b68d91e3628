import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
import { testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';

/**
 * The customs entry's records (decision 0026): an entry keyed by its number with CBP's check
 * digit, its lines, and each agency's disposition; each changes only what it carries.
 */

const t = testAppForFile({ seedDemo: false });
const broker = brokerApiOf(t);
type Result = {
  outcome: string;
  key: string | null;
  code?: string;
  field?: string;
  reason?: string;
  issues?: Array<{ field: string; message: string }>;
};

const entryNumber = formatEntryNumber('CPE', 1001);
const setup = [
  { kind: 'company', company_id: 'E-1', name: 'Entry Goods Inc' },
  { kind: 'account', account_no: '71001', company_id: 'E-1' },
  { kind: 'shipment', file_number: entryNumber, account_no: '71001', status: 'submitted' },
];
const fullEntry = {
  kind: 'entry',
  entry_number: entryNumber,
  file_number: entryNumber,
  entry_type: '01',
  port_code: '4601',
  entry_date: '2026-11-02',
  summary_date: '2026-11-12',
  bond_type: 'continuous',
  importer_of_record: '12-3456789AB',
  mode: 'ocean',
  country_of_origin: 'CN',
  country_of_export: 'CN',
  mpf: '74.37',
  hmf: '26.84',
  other_fees: '0.00',
};

const entryRow = () =>
  t.app.db.selectFrom('customs_entries').selectAll().where('entry_number', '=', entryNumber).executeTakeFirstOrThrow();

describe('customs entry records', () => {
  it('refuse an entry number whose check digit is wrong, keeping the record’s key', async () => {
    await broker.results(setup);
    const wrong = `${entryNumber.slice(0, -1)}${(Number(entryNumber.at(-1)) + 1) % 10}`;
    const [result] = await broker.results<Result>([{ ...fullEntry, entry_number: wrong }]);
    expect(result).toMatchObject({
      outcome: 'refused',
      code: 'invalid_field',
      field: 'entry_number',
      key: `entry:${wrong}`,
    });
    expect(result!.reason).toContain('check digit');
    expect(await t.app.db.selectFrom('customs_entries').select('id').execute()).toEqual([]);
  });

  it('create an entry with its shipment, change only what a milestone carries, and answer the same again unchanged', async () => {
    const [created] = await broker.results<Result>([fullEntry]);
    expect(created).toMatchObject({ outcome: 'created', key: `entry:${entryNumber}` });
    expect((await broker.results<Result>([fullEntry]))[0]!.outcome).toBe('unchanged');

    const release = { kind: 'entry', entry_number: entryNumber, release_date: '2026-11-04' };
    expect((await broker.results<Result>([release]))[0]!.outcome).toBe('updated');
    expect(await entryRow()).toMatchObject({
      entry_type: '01',
      port_code: '4601',
      entry_date: '2026-11-02',
      release_date: '2026-11-04',
      importer_of_record: '12-3456789AB',
      mode: 'ocean',
      mpf_cents: 74_37,
      hmf_cents: 26_84,
      other_fees_cents: 0,
    });
    expect((await broker.results<Result>([{ kind: 'entry', entry_number: entryNumber, hmf: null }]))[0]!.outcome).toBe(
      'updated',
    );
    expect((await entryRow()).hmf_cents).toBeNull();

    const orphan = formatEntryNumber('CPE', 1002);
    const [refused] = await broker.results<Result>([{ kind: 'entry', entry_number: orphan, port_code: '2704' }]);
    expect(refused).toMatchObject({ outcome: 'refused', code: 'needed_to_create', field: 'file_number' });
  });

  it('write lines field by field, keep the entry’s entered value and duty their exact sums', async () => {
    const line = (lineNumber: number, fields: Record<string, unknown>) => ({
      kind: 'entry_line',
      entry_number: entryNumber,
      line_number: lineNumber,
      ...fields,
    });
    const results = await broker.results<Result>([
      line(1, {
        hts_number: '9403609081',
        description: 'Wooden dining chairs',
        quantity: '240',
        unit: 'No.',
        entered_value: '21470.00',
        duty_rate: 'Free + 25%',
        duty: '5367.50',
        section_301: true,
      }),
      line(2, {
        hts_number: '6109100012',
        quantity: '1200.5',
        unit: 'Doz.',
        entered_value: '9800.01',
        duty_rate: '16.5%',
        duty: '1617.00',
      }),
      line(3, { description: 'No HTS number' }),
      { kind: 'entry_line', entry_number: formatEntryNumber('CPE', 9999), line_number: 1, hts_number: '6109100012' },
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['created', 'created', 'refused', 'refused']);
    expect(results[2]).toMatchObject({ code: 'needed_to_create', field: 'hts_number' });
    expect(results[3]).toMatchObject({ code: 'unknown_entry', field: 'entry_number' });
    expect(await entryRow()).toMatchObject({ entered_value_cents: 31_270_01, duty_cents: 6_984_50 });

    expect((await broker.results<Result>([line(2, { quantity: '1200.500' })]))[0]!.outcome).toBe('unchanged');
    expect((await broker.results<Result>([line(2, { description: 'Cotton T-shirts' })]))[0]!.outcome).toBe('updated');
    expect((await broker.results<Result>([line(2, { duty: '1700.00' })]))[0]!.outcome).toBe('updated');
    const stored = await t.app.db
      .selectFrom('customs_entry_lines')
      .select([
        'line_number',
        'hts_number',
        'description',
        'quantity',
        'unit',
        'duty_rate',
        'duty_cents',
        'section_301',
      ])
      .where('entry_id', '=', (await entryRow()).id)
      .orderBy('line_number')
      .execute();
    expect(stored).toEqual([
      {
        line_number: 1,
        hts_number: '9403609081',
        description: 'Wooden dining chairs',
        quantity: '240.000',
        unit: 'No.',
        duty_rate: 'Free + 25%',
        duty_cents: 5_367_50,
        section_301: true,
      },
      {
        line_number: 2,
        hts_number: '6109100012',
        description: 'Cotton T-shirts',
        quantity: '1200.500',
        unit: 'Doz.',
        duty_rate: '16.5%',
        duty_cents: 1_700_00,
        section_301: false,
      },
    ]);
    expect((await entryRow()).duty_cents).toBe(7_067_50);
  });

  it('delete a line the customs system dropped, its amounts leaving the entry and its rollup, once', async () => {
    const dropped = { kind: 'entry_line', entry_number: entryNumber, line_number: 3, hts_number: '8471300100' };
    expect((await broker.results<Result>([{ ...dropped, entered_value: '500.00', duty: '12.34' }]))[0]!.outcome).toBe(
      'created',
    );
    const before = await entryRow();
    // The reports' rollup of lines by HTS number, kept by triggers (migration 0031).
    const rolled = async () =>
      (
        await sql<{ lines: number; duty_cents: number }>`
          SELECT lines::int, duty_cents::int FROM line_rollups WHERE hts_number = '8471300100'`.execute(t.app.db)
      ).rows[0];
    expect(await rolled()).toMatchObject({ lines: 1, duty_cents: 12_34 });
    const remove = { kind: 'entry_line', entry_number: entryNumber, line_number: 3, deleted: true };
    const results = await broker.results<Result>([{ ...remove, duty: '12.34' }, remove, remove]);
    expect(results.map((result) => [result.outcome, result.field])).toEqual([
      ['refused', 'deleted'],
      ['deleted', undefined],
      ['unchanged', undefined],
    ]);
    expect(await entryRow()).toMatchObject({
      entered_value_cents: before.entered_value_cents - 500_00,
      duty_cents: before.duty_cents - 12_34,
    });
    expect((await rolled()) ?? { lines: 0, duty_cents: 0 }).toMatchObject({ lines: 0, duty_cents: 0 });
    const lines = await t.app.db
      .selectFrom('customs_entry_lines')
      .select('line_number')
      .where('entry_id', '=', before.id)
      .orderBy('line_number')
      .execute();
    expect(lines).toEqual([{ line_number: 1 }, { line_number: 2 }]);
  });

  it('keep a flagged line’s Section 301 duty, and refuse one the line would hold unflagged or above its duty, naming it', async () => {
    const line = (lineNumber: number, fields: Record<string, unknown>) => ({
      kind: 'entry_line',
      entry_number: entryNumber,
      line_number: lineNumber,
      ...fields,
    });
    const stored = async (lineNumber: number) =>
      (await t.app.db
        .selectFrom('customs_entry_lines')
        .select(['duty_cents', 'section_301', 'section_301_duty_cents'])
        .where('entry_id', '=', (await entryRow()).id)
        .where('line_number', '=', lineNumber)
        .executeTakeFirst()) ?? null;
    const flagged = {
      hts_number: '6109100012',
      entered_value: '10000.00',
      duty_rate: '16.5% + 7.5%',
      duty: '2400.00',
      section_301: true,
    };
    const created = await broker.results<Result>([
      line(11, { ...flagged, section_301_duty: '750.00' }),
      line(12, { ...flagged, section_301_duty: '2400.00' }),
      line(13, flagged),
      line(14, { hts_number: '8471300100', duty: '0.00' }),
      line(15, { ...flagged, duty: '0.00', section_301_duty: '0.00' }),
    ]);
    expect(created.map((result) => result.outcome)).toEqual(['created', 'created', 'created', 'created', 'created']);
    expect(await stored(11)).toEqual({ duty_cents: 2_400_00, section_301: true, section_301_duty_cents: 750_00 });
    expect(await stored(12)).toMatchObject({ section_301_duty_cents: 2_400_00 });
    expect(await stored(13)).toMatchObject({ section_301: true, section_301_duty_cents: null });
    expect(await stored(15)).toMatchObject({ duty_cents: 0, section_301_duty_cents: 0 });
    const entryDuty = (await entryRow()).duty_cents;

    // Each contradiction, within the record or with what the line holds, is refused naming section_301_duty.
    const refused = await broker.results<Result>([
      line(16, { ...flagged, section_301: false, section_301_duty: '10.00' }),
      line(17, { ...flagged, section_301_duty: '2400.01' }),
      line(14, { section_301_duty: '0.00' }),
      line(11, { section_301: false }),
      line(11, { duty: '749.99' }),
      line(12, { duty: '100.00', section_301_duty: '100.01' }),
      line(13, { section_301_duty: '-1.00' }),
      line(13, { section_301_duty: 5 }),
    ]);
    expect(refused.map((result) => [result.outcome, result.code, result.field])).toEqual(
      Array.from({ length: 8 }, () => ['refused', 'invalid_field', 'section_301_duty']),
    );
    // Every invalid_field refusal lists its fields in issues, as the schema's do.
    expect(refused.map((result) => result.issues?.map((issue) => issue.field))).toEqual(
      Array.from({ length: 8 }, () => ['section_301_duty']),
    );
    expect(refused[1]!.issues![0]!.message).toBe(
      "is more than the line's duty; it is the Section 301 part of duty, so at most duty.",
    );
    expect(refused[0]!.reason).toContain('only a line flagged section_301');
    expect(refused[1]!.reason).toContain("more than the line's duty");
    expect(refused[3]!.reason).toContain('section_301_duty: null with section_301: false');
    expect(await stored(16)).toBeNull();
    expect(await stored(17)).toBeNull();
    expect(await stored(11)).toEqual({ duty_cents: 2_400_00, section_301: true, section_301_duty_cents: 750_00 });
    expect(await stored(12)).toMatchObject({ duty_cents: 2_400_00, section_301_duty_cents: 2_400_00 });
    expect(await stored(14)).toMatchObject({ section_301: false, section_301_duty_cents: null });
    expect((await entryRow()).duty_cents).toBe(entryDuty);

    // The part may fall with the duty, be cleared, or leave with the flag when the record clears it.
    const accepted = await broker.results<Result>([
      line(12, { duty: '100.00', section_301_duty: '100.00' }),
      line(11, { section_301: false, section_301_duty: null }),
      line(13, { section_301_duty: '0.00' }),
      line(13, { section_301_duty: null }),
      line(14, { section_301: true, section_301_duty: '0.00' }),
      line(15, { section_301_duty: '0.00' }),
    ]);
    expect(accepted.map((result) => result.outcome)).toEqual([
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
      'unchanged',
    ]);
    expect(await stored(11)).toEqual({ duty_cents: 2_400_00, section_301: false, section_301_duty_cents: null });
    expect(await stored(12)).toEqual({ duty_cents: 100_00, section_301: true, section_301_duty_cents: 100_00 });
    expect(await stored(13)).toMatchObject({ section_301_duty_cents: null });
    expect(await stored(14)).toEqual({ duty_cents: 0, section_301: true, section_301_duty_cents: 0 });
    expect((await entryRow()).duty_cents).toBe(entryDuty - 2_300_00);

    const removed = await broker.results<Result>(
      [11, 12, 13, 14, 15].map((lineNumber) => ({ ...line(lineNumber, {}), deleted: true })),
    );
    expect(removed.every((result) => result.outcome === 'deleted')).toBe(true);
  });

  it('keep each agency’s disposition and its history', async () => {
    const dispose = (agency: string, disposition: string, at: string) => ({
      kind: 'agency_disposition',
      entry_number: entryNumber,
      agency,
      disposition,
      disposed_at: at,
    });
    const results = await broker.results<Result>([
      dispose('FDA', 'hold_intact', '2026-11-03T09:00:00-05:00'),
      dispose('CBP', 'vacis_exam', '2026-11-03T10:00:00-05:00'),
      dispose('FDA', 'released', '2026-11-05T16:00:00-05:00'),
      dispose('FDA', 'released', '2026-11-05T16:00:00-05:00'),
      dispose('USDA', 'released', '2026-11-05T16:00:00-05:00'),
      dispose('CBP', 'released', '0000-06-01T00:00:00Z'),
      dispose('CBP', 'released', '9999-12-31T23:59:59-23:59'),
    ]);
    expect(results.map((result) => result.outcome)).toEqual([
      'created',
      'created',
      'updated',
      'unchanged',
      'refused',
      'refused',
      'refused',
    ]);
    expect(results.slice(5).map((result) => result.field)).toEqual(['disposed_at', 'disposed_at']);
    expect(results[4]).toMatchObject({
      code: 'invalid_field',
      field: 'agency',
      key: `agency_disposition:${entryNumber}/USDA`,
    });
    const { id } = await entryRow();
    const current = await t.app.db
      .selectFrom('customs_entry_dispositions')
      .select(['agency', 'disposition'])
      .where('entry_id', '=', id)
      .orderBy('agency')
      .execute();
    expect(current).toEqual([
      { agency: 'CBP', disposition: 'vacis_exam' },
      { agency: 'FDA', disposition: 'released' },
    ]);
    const history = await t.app.db
      .selectFrom('customs_entry_disposition_history')
      .select('disposition')
      .where('entry_id', '=', id)
      .where('agency', '=', 'FDA')
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.disposition)).toEqual(['hold_intact', 'released']);
  });
});
