import { describe, expect, it } from 'vitest';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
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
});
