import { describe, expect, it } from 'vitest';
import { ENTRY_LINES_PAGE, formatEntryNumber, type CustomsEntryResponse } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';

const t = testAppForFile();
const broker = brokerApiOf(t);

/** A shipment of Demo Imports the viewer sees too (its accounts), with an entry or without. */
async function demoShipment(withEntry: boolean) {
  const viewer = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'viewer@demo.test')
    .executeTakeFirstOrThrow();
  const query = t.app.db
    .selectFrom('shipments')
    .innerJoin('user_accounts', 'user_accounts.account_id', 'shipments.account_id')
    .leftJoin('customs_entries', 'customs_entries.shipment_id', 'shipments.id')
    .select(['shipments.id', 'shipments.file_number'])
    .where('user_accounts.user_id', '=', viewer.id)
    .where('customs_entries.id', withEntry ? 'is not' : 'is', null)
    .orderBy('shipments.id');
  return query.executeTakeFirstOrThrow();
}

async function entryOf(token: string, shipmentId: number, afterLine?: number) {
  const query: Record<string, string> = afterLine === undefined ? {} : { after_line: String(afterLine) };
  return injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.customsEntry, { id: shipmentId }, query) });
}

describe('the customs entry panel’s call', () => {
  it('gives the current entry with its totals, holds and lines, as the broker filed them', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(true);
    const response = await entryOf(tokens.primary, shipment.id);
    expect(response.statusCode, response.body).toBe(200);
    const { entry, lines } = response.json<CustomsEntryResponse>();
    expect(entry?.entry_number).toBe(shipment.file_number);
    expect(entry?.dispositions.some((row) => row.agency === 'CBP')).toBe(true);
    expect(lines.length).toBe(Math.min(entry!.line_count, ENTRY_LINES_PAGE));
    const values = lines.reduce((sum, line) => sum + line.entered_value_cents!, 0);
    expect(values).toBe(entry!.totals!.entered_value_cents);
    const { duty_cents, mpf_cents, hmf_cents, other_fees_cents, total_due_cents } = entry!.totals!;
    expect(total_due_cents).toBe(duty_cents + (mpf_cents ?? 0) + (hmf_cents ?? 0) + (other_fees_cents ?? 0));
  });

  it('shows no money to the Shipments Info role, and nothing of another company’s shipment', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(true);
    const viewer = (await entryOf(tokens.viewer, shipment.id)).json<CustomsEntryResponse>();
    expect(viewer.entry?.totals).toBeNull();
    expect(viewer.lines.every((line) => line.entered_value_cents === null && line.duty_cents === null)).toBe(true);
    expect(viewer.lines[0]?.hts_number).toMatch(/^\d{10}$/);
    // Nor the 7501's key: its view has no file links.
    const with7501 = await t.app.db
      .selectFrom('shipments')
      .innerJoin('customs_entries', 'customs_entries.shipment_id', 'shipments.id')
      .select('shipments.id')
      .where('shipments.path_to_7501', 'is not', null)
      .where('shipments.account_id', 'in', (eb) =>
        eb
          .selectFrom('user_accounts')
          .innerJoin('users', 'users.id', 'user_accounts.user_id')
          .select('user_accounts.account_id')
          .where('users.email', '=', 'viewer@demo.test'),
      )
      .orderBy('shipments.id')
      .executeTakeFirstOrThrow();
    const seen = (await entryOf(tokens.primary, with7501.id)).json<CustomsEntryResponse>();
    expect(seen.entry?.approval.path_to_7501).not.toBeNull();
    const hidden = (await entryOf(tokens.viewer, with7501.id)).json<CustomsEntryResponse>();
    expect(hidden.entry?.approval).toEqual({ ...seen.entry!.approval, path_to_7501: null });

    const other = await entryOf(tokens.other, shipment.id);
    expect(other.statusCode).toBe(404);
    const missing = await entryOf(tokens.primary, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    const bad = await entryOf(tokens.primary, shipment.id, -1);
    expect(bad.statusCode).toBe(400);
  });

  it('gives a line’s Section 301 duty as the broker filed it, and none to the Shipments Info role', async () => {
    const tokens = await loginDemoUsers(t.app);
    const viewer = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'viewer@demo.test')
      .executeTakeFirstOrThrow();
    // A demo entry of goods of China a Section 301 list names: each such line has its part filed.
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('user_accounts', 'user_accounts.account_id', 'shipments.account_id')
      .innerJoin('customs_entries', 'customs_entries.shipment_id', 'shipments.id')
      .innerJoin('customs_entry_lines', 'customs_entry_lines.entry_id', 'customs_entries.id')
      .select('shipments.id')
      .where('user_accounts.user_id', '=', viewer.id)
      .where('customs_entry_lines.section_301_duty_cents', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('customs_entries as other')
              .select('other.id')
              .whereRef('other.shipment_id', '=', 'shipments.id')
              .whereRef('other.id', '<>', 'customs_entries.id'),
          ),
        ),
      )
      .orderBy('shipments.id')
      .executeTakeFirstOrThrow();
    const stored = await t.app.db
      .selectFrom('customs_entry_lines')
      .innerJoin('customs_entries', 'customs_entries.id', 'customs_entry_lines.entry_id')
      .select(['line_number', 'section_301', 'section_301_duty_cents'])
      .where('customs_entries.shipment_id', '=', shipment.id)
      .orderBy('line_number')
      .limit(ENTRY_LINES_PAGE)
      .execute();
    const primary = (await entryOf(tokens.primary, shipment.id)).json<CustomsEntryResponse>();
    expect(
      primary.lines.map(({ line_number, section_301, section_301_duty_cents }) => ({
        line_number,
        section_301,
        section_301_duty_cents,
      })),
    ).toEqual(stored);
    expect(primary.lines.some((line) => line.section_301_duty_cents! > 0)).toBe(true);
    const hidden = (await entryOf(tokens.viewer, shipment.id)).json<CustomsEntryResponse>();
    expect(hidden.lines.every((line) => line.section_301_duty_cents === null)).toBe(true);
    expect(hidden.lines.map((line) => line.section_301)).toEqual(stored.map((line) => line.section_301));
  });

  it('sums the Section 301 duty of every flagged line among the totals, past the first page, and counts those without', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(false);
    const entryNumber = shipment.file_number;
    // 60 lines, past the page of 50: every third flagged with its part, every fifth flagged without it.
    const lines = Array.from({ length: 60 }, (_, index) => {
      const lineNumber = index + 1;
      const flagged = lineNumber % 3 === 0 ? 'with' : lineNumber % 5 === 0 ? 'without' : 'none';
      return {
        kind: 'entry_line',
        entry_number: entryNumber,
        line_number: lineNumber,
        hts_number: '8471300100',
        entered_value: '1000.00',
        duty: '250.00',
        section_301: flagged !== 'none',
        ...(flagged === 'with' ? { section_301_duty: `${lineNumber}.25` } : {}),
      };
    });
    const results = await broker.results<{ outcome: string }>([
      { kind: 'entry', entry_number: entryNumber, file_number: entryNumber, entry_type: '01' },
      ...lines,
    ]);
    expect(results.every((result) => result.outcome === 'created')).toBe(true);
    const withPart = lines.filter((line) => line.section_301_duty !== undefined);
    const expected = {
      section_301_lines: lines.filter((line) => line.section_301).length,
      section_301_duty_cents: withPart.reduce((sum, line) => sum + line.line_number * 100 + 25, 0),
      section_301_lines_without_duty: lines.filter((line) => line.section_301 && !line.section_301_duty).length,
    };
    expect(expected).toEqual({
      section_301_lines: 28,
      section_301_duty_cents: 63_500,
      section_301_lines_without_duty: 8,
    });
    const filed = (await entryOf(tokens.primary, shipment.id)).json<CustomsEntryResponse>();
    expect(filed.lines.length).toBe(ENTRY_LINES_PAGE);
    expect(filed.entry).toMatchObject({ line_count: 60, totals: expected });
    expect((await entryOf(tokens.viewer, shipment.id)).json<CustomsEntryResponse>().entry!.totals).toBeNull();

    // A line's part cleared with its flag leaves both counts.
    await broker.results([
      { kind: 'entry_line', entry_number: entryNumber, line_number: 3, section_301: false, section_301_duty: null },
    ]);
    const changed = (await entryOf(tokens.primary, shipment.id)).json<CustomsEntryResponse>();
    expect(changed.entry!.totals).toMatchObject({
      section_301_lines: 27,
      section_301_duty_cents: 63_500 - 325,
      section_301_lines_without_duty: 8,
    });
  });

  it('answers no entry before the broker files one', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(false);
    expect((await entryOf(tokens.primary, shipment.id)).json()).toEqual({ entry: null, lines: [], next_line: null });
  });

  it('pages an entry’s lines by line number beyond the first page', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(false);
    const entryNumber = shipment.file_number;
    const lines = Array.from({ length: 120 }, (_, index) => ({
      kind: 'entry_line',
      entry_number: entryNumber,
      line_number: index + 1,
      hts_number: '6109100012',
      entered_value: '100.00',
      duty: '16.50',
    }));
    await broker.results([
      { kind: 'entry', entry_number: entryNumber, file_number: entryNumber, entry_type: '01' },
      ...lines,
    ]);
    const numbers: number[] = [];
    let after: number | undefined;
    for (;;) {
      const page = (await entryOf(tokens.primary, shipment.id, after)).json<CustomsEntryResponse>();
      expect(page.lines.length).toBeLessThanOrEqual(ENTRY_LINES_PAGE);
      numbers.push(...page.lines.map((line) => line.line_number));
      if (page.next_line === null) break;
      after = page.next_line;
    }
    expect(numbers).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    const filed = (await entryOf(tokens.primary, shipment.id)).json<CustomsEntryResponse>();
    expect(filed.entry).toMatchObject({ entry_number: entryNumber, line_count: 120, earlier_entries: [] });

    // A later entry of the same shipment becomes the current one, its own lines and count with it.
    const later = formatEntryNumber('Q7Z', 1234567);
    const results = await broker.results<{ outcome: string }>([
      { kind: 'entry', entry_number: later, file_number: entryNumber, entry_type: '01', entry_date: '2026-11-20' },
      { kind: 'entry_line', entry_number: later, line_number: 1, hts_number: '6109100012', entered_value: '50.00' },
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['created', 'created']);
    const current = (await entryOf(tokens.primary, shipment.id)).json<CustomsEntryResponse>();
    expect(current.entry).toMatchObject({ entry_number: later, line_count: 1, earlier_entries: [entryNumber] });
    expect(current.lines.map((line) => line.line_number)).toEqual([1]);
  });

  it('answers an entry whose totals pass 2^53 cents with the nearest numbers, not an error', async () => {
    const tokens = await loginDemoUsers(t.app);
    const shipment = await demoShipment(false);
    const entryNumber = formatEntryNumber('Q8Z', 7654321);
    const lines = Array.from({ length: 91 }, (_, index) => ({
      kind: 'entry_line',
      entry_number: entryNumber,
      line_number: index + 1,
      hts_number: '8471300100',
      entered_value: '999999999999.99',
      duty: '999999999999.99',
    }));
    const results = await broker.results<{ outcome: string }>([
      { kind: 'entry', entry_number: entryNumber, file_number: shipment.file_number, entry_type: '01' },
      ...lines,
    ]);
    expect(results.every((result) => result.outcome === 'created')).toBe(true);
    const response = await entryOf(tokens.primary, shipment.id);
    expect(response.statusCode, response.body).toBe(200);
    const { totals } = response.json<CustomsEntryResponse>().entry!;
    expect(totals!.entered_value_cents).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(totals!.entered_value_cents / (91 * 99_999_999_999_999)).toBeCloseTo(1, 12);
  });
});
