import { describe, expect, it } from 'vitest';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
import { testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';

/*
 * An entry copies its shipment's account and arrival (migration 0057). Written while another
 * transaction moves that shipment, the copy must be of the shipment as moved: otherwise the entry
 * stays in the old account and every report counts it there. And two transactions writing entries
 * of one shipment must not deadlock. Two sessions at once need the PostgreSQL server; the embedded
 * database runs one transaction at a time.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe.skipIf(!onPostgres)('an entry written while another transaction moves or writes its shipment', () => {
  const mover = otherSessionOf(t);

  it('puts an entry moved onto a shipment in the account the shipment is moving to', async () => {
    const shipmentId = await shipmentIdOf(t.app.db, '40002');
    const { rows } = await mover().query<{ file_number: string; to: number }>(
      `SELECT s.file_number, (SELECT id FROM accounts WHERE account_no = '40001') AS to
       FROM shipments s WHERE s.id = $1`,
      [shipmentId],
    );
    const { file_number: fileNumber, to } = rows[0]!;
    const entryNumber = formatEntryNumber('R7C', 1000001);
    const results = await whileHeld(
      mover(),
      () => mover().query('UPDATE shipments SET account_id = $1 WHERE id = $2', [to, shipmentId]),
      () =>
        broker.results<{ outcome: string }>([
          {
            kind: 'entry',
            entry_number: entryNumber,
            file_number: fileNumber,
            entry_type: '01',
            entry_date: '2026-11-02',
          },
          { kind: 'entry_line', entry_number: entryNumber, line_number: 1, hts_number: '8471300100', duty: '12.00' },
        ]),
    );
    expect(results.map((result) => result.outcome)).toEqual(['created', 'created']);
    const entry = await t.app.db
      .selectFrom('customs_entries')
      .select(['id', 'account_id'])
      .where('entry_number', '=', entryNumber)
      .executeTakeFirstOrThrow();
    expect(entry.account_id).toBe(to);
    const line = await t.app.db
      .selectFrom('customs_entry_lines')
      .select('account_id')
      .where('entry_id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(line.account_id).toBe(to);
  });

  it('lets two transactions write entries of one shipment, as two broker batches do, one after the other', async () => {
    const shipmentId = await shipmentIdOf(t.app.db, '40001');
    const { rows } = await mover().query<{ file_number: string }>('SELECT file_number FROM shipments WHERE id = $1', [
      shipmentId,
    ]);
    const first = formatEntryNumber('R7C', 1000003);
    const second = formatEntryNumber('R7C', 1000004);
    const results = await whileHeld(
      mover(),
      async () => {
        // As a broker batch writes: the shipment's derived columns deferred to the end.
        await mover().query(`SELECT set_config('clearport.defer_derived', 'on', true)`);
        await mover().query(
          `INSERT INTO customs_entries (shipment_id, entry_number, entry_type, entry_date) VALUES ($1, $2, '01', '2026-11-03')`,
          [shipmentId, first],
        );
      },
      () =>
        broker.results<{ outcome: string }>([
          {
            kind: 'entry',
            entry_number: second,
            file_number: rows[0]!.file_number,
            entry_type: '01',
            entry_date: '2026-11-04',
          },
        ]),
      () => mover().query('SELECT catch_up_derived_columns()'),
    );
    expect(results.map((result) => result.outcome)).toEqual(['created']);
    const entries = await t.app.db
      .selectFrom('customs_entries')
      .select('entry_number')
      .where('entry_number', 'in', [first, second])
      .orderBy('entry_number')
      .execute();
    expect(entries.map((entry) => entry.entry_number)).toEqual([first, second]);
  });
});
