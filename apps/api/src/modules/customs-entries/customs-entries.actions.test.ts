import { describe, expect, it } from 'vitest';
import { DISPOSITION_CODES, formatEntryNumber, HOLDING_DISPOSITIONS } from '@clearport/contract/customs-entry';
import { testAppForFile } from '../../../test/build-app.ts';
import { BROKER } from '../access/session-user.ts';
import { setAgencyDisposition } from './set-agency-disposition.ts';
import { setCustomsEntry } from './set-customs-entry.ts';
import { setEntryLine } from './set-entry-line.ts';

const t = testAppForFile();

async function aShipmentId(): Promise<number> {
  const row = await t.app.db.selectFrom('shipments').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

const entryOf = (entryNumber: string) =>
  t.app.db.selectFrom('customs_entries').selectAll().where('entry_number', '=', entryNumber).executeTakeFirstOrThrow();

describe('the customs entry actions', () => {
  it('create an entry under its shipment and change only the fields sent', async () => {
    const db = { db: t.app.db };
    const entryNumber = formatEntryNumber('DMI', 7000001);
    expect(await setCustomsEntry(db, BROKER, { entryNumber, fields: { port_code: '4601' } })).toBe('unknownEntry');
    const shipmentId = await aShipmentId();
    const created = await setCustomsEntry(db, BROKER, {
      entryNumber,
      shipmentId,
      fields: { entry_type: '01', port_code: '4601', entry_date: '2026-10-02', mode: 'ocean', mpf_cents: 3358 },
    });
    expect(created).toBe('created');
    expect(await setCustomsEntry(db, BROKER, { entryNumber, fields: { release_date: '2026-10-05' } })).toBe('updated');
    expect(await setCustomsEntry(db, BROKER, { entryNumber, fields: { release_date: '2026-10-05' } })).toBe(
      'unchanged',
    );
    expect(await entryOf(entryNumber)).toMatchObject({
      shipment_id: shipmentId,
      entry_type: '01',
      port_code: '4601',
      entry_date: '2026-10-02',
      release_date: '2026-10-05',
      mode: 'ocean',
      mpf_cents: 3358,
    });
    expect(await setCustomsEntry(db, BROKER, { entryNumber, fields: { release_date: null } })).toBe('updated');
    expect((await entryOf(entryNumber)).release_date).toBeNull();
  });

  it('keep the entry’s entered value and duty the sums of its lines, exactly', async () => {
    const db = { db: t.app.db };
    const entryNumber = formatEntryNumber('DMI', 7000002);
    await setCustomsEntry(db, BROKER, { entryNumber, shipmentId: await aShipmentId(), fields: {} });
    const line = (lineNumber: number, fields: Parameters<typeof setEntryLine>[2]['fields']) =>
      setEntryLine(db, BROKER, { entryNumber, lineNumber, fields });
    expect(await line(1, { entered_value_cents: 1_000_00 })).toBe('needsHtsNumber');
    expect(await line(1, { hts_number: '8471300100', entered_value_cents: 12_345_67, duty_cents: 0 })).toBe('created');
    expect(
      await line(2, {
        hts_number: '6109100012',
        entered_value_cents: 4_000_01,
        duty_rate: '16.5%',
        duty_cents: 660_00,
      }),
    ).toBe('created');
    expect(await entryOf(entryNumber)).toMatchObject({ entered_value_cents: 16_345_68, duty_cents: 660_00 });
    expect(await line(2, { description: 'Cotton T-shirts' })).toBe('updated');
    expect(await line(2, { duty_cents: 700_00 })).toBe('updated');
    const stored = await t.app.db
      .selectFrom('customs_entry_lines')
      .selectAll()
      .where('line_number', '=', 2)
      .where('entry_id', '=', (await entryOf(entryNumber)).id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ hts_number: '6109100012', duty_rate: '16.5%', description: 'Cotton T-shirts' });
    expect((await entryOf(entryNumber)).duty_cents).toBe(700_00);
    expect(await setEntryLine(db, BROKER, { entryNumber: 'DMI-0000000-0', lineNumber: 1, fields: {} })).toBe(
      'unknownEntry',
    );
  });

  it('keep each agency’s current disposition and the history of its changes', async () => {
    const db = { db: t.app.db };
    const entryNumber = formatEntryNumber('DMI', 7000003);
    await setCustomsEntry(db, BROKER, { entryNumber, shipmentId: await aShipmentId(), fields: {} });
    const dispose = (disposition: 'hold_intact' | 'released', at: string) =>
      setAgencyDisposition(db, BROKER, { entryNumber, agency: 'FDA', disposition, disposedAt: new Date(at) });
    expect(await dispose('hold_intact', '2026-10-03T14:00:00Z')).toBe('created');
    expect(await dispose('hold_intact', '2026-10-03T14:00:00Z')).toBe('unchanged');
    expect(await dispose('released', '2026-10-06T09:30:00Z')).toBe('updated');
    const { id } = await entryOf(entryNumber);
    const current = await t.app.db
      .selectFrom('customs_entry_dispositions')
      .selectAll()
      .where('entry_id', '=', id)
      .execute();
    expect(current.map((row) => [row.agency, row.disposition])).toEqual([['FDA', 'released']]);
    const history = await t.app.db
      .selectFrom('customs_entry_disposition_history')
      .select(['disposition', 'disposed_at'])
      .where('entry_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => [row.disposition, row.disposed_at.toISOString()])).toEqual([
      ['hold_intact', '2026-10-03T14:00:00.000Z'],
      ['released', '2026-10-06T09:30:00.000Z'],
    ]);
  });

  it('keep the shipment’s current entry port, type and agency hold, and every entry number, on its row', async () => {
    const db = { db: t.app.db };
    const shipmentId = (
      await t.app.db.selectFrom('shipments').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const kept = () =>
      t.app.db
        .selectFrom('shipments')
        .select(['entry_numbers', 'entry_port_code', 'entry_type', 'has_agency_hold', 'search_text'])
        .where('id', '=', shipmentId)
        .executeTakeFirstOrThrow();
    const before = await kept();
    const first = formatEntryNumber('DMI', 7000004);
    const second = formatEntryNumber('DMI', 7000005);
    await setCustomsEntry(db, BROKER, {
      entryNumber: first,
      shipmentId,
      fields: { entry_type: '01', port_code: '4601', entry_date: '2026-10-02' },
    });
    await setCustomsEntry(db, BROKER, {
      entryNumber: second,
      shipmentId,
      fields: { entry_type: '21', port_code: '2704', entry_date: '2026-09-01' },
    });
    // The current entry is the latest by entry date, not the last written.
    expect(await kept()).toMatchObject({
      entry_numbers: [...before.entry_numbers, first, second],
      entry_port_code: '4601',
      entry_type: '01',
      has_agency_hold: false,
    });
    expect((await kept()).search_text).toContain(second.toLowerCase());
    for (const [index, disposition] of DISPOSITION_CODES.entries()) {
      const at = new Date(Date.UTC(2026, 9, 3, index));
      await setAgencyDisposition(db, BROKER, { entryNumber: first, agency: 'CBP', disposition, disposedAt: at });
      expect((await kept()).has_agency_hold, disposition).toBe(HOLDING_DISPOSITIONS.includes(disposition));
    }
    await setAgencyDisposition(db, BROKER, {
      entryNumber: first,
      agency: 'CBP',
      disposition: 'released',
      disposedAt: new Date('2026-10-04T00:00:00Z'),
    });
    // A hold on an entry that is not the current one holds nothing.
    await setAgencyDisposition(db, BROKER, {
      entryNumber: second,
      agency: 'FDA',
      disposition: 'hold_intact',
      disposedAt: new Date('2026-10-04T00:00:00Z'),
    });
    expect((await kept()).has_agency_hold).toBe(false);
    await setCustomsEntry(db, BROKER, { entryNumber: second, fields: { entry_date: '2026-11-01' } });
    expect(await kept()).toMatchObject({ entry_port_code: '2704', entry_type: '21', has_agency_hold: true });
  });
});
