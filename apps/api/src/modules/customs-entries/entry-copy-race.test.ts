import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
import pg from '../../db/pg-driver.ts';
import { testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';

/*
 * An entry copies its shipment's account and arrival, a line its entry's account and month. Written
 * while another transaction moves that shipment or entry, the copy must be of the row as moved:
 * otherwise the entry stays in the old account and every report counts it there. Two sessions at
 * once need the PostgreSQL server; the embedded database runs one transaction at a time.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe.skipIf(!onPostgres)('an entry or line written while another transaction moves what it copies', () => {
  let mover: pg.Client;
  beforeAll(async () => {
    mover = new pg.Client({ connectionString: t.databaseUrl });
    await mover.connect();
  });
  afterAll(async () => mover?.end());

  /** Runs `write` while `move` is done and not yet committed by the other session, then commits it. */
  async function whileMoving<Result>(move: () => Promise<unknown>, write: () => Promise<Result>): Promise<Result> {
    await mover.query('BEGIN');
    await move();
    let isDone = false;
    const written = write().finally(() => (isDone = true));
    // The write either waits on the moved row's lock, or (without the lock) is done already.
    for (let turn = 0; turn < 200 && !isDone; turn += 1) {
      const { rows } = await mover.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting > 0) break;
      await sleep(25);
    }
    await mover.query('COMMIT');
    return written;
  }

  it('puts an entry moved onto a shipment in the account the shipment is moving to', async () => {
    const shipmentId = await shipmentIdOf(t.app.db, '40002');
    const { rows } = await mover.query<{ file_number: string; to: number }>(
      `SELECT s.file_number, (SELECT id FROM accounts WHERE account_no = '40001') AS to
       FROM shipments s WHERE s.id = $1`,
      [shipmentId],
    );
    const { file_number: fileNumber, to } = rows[0]!;
    const entryNumber = formatEntryNumber('R7C', 1000001);
    const results = await whileMoving(
      () => mover.query('UPDATE shipments SET account_id = $1 WHERE id = $2', [to, shipmentId]),
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

  it('puts a line added to an entry in the month the entry is moving to', async () => {
    const shipmentId = await shipmentIdOf(t.app.db, '40001');
    const { rows } = await mover.query<{ file_number: string }>('SELECT file_number FROM shipments WHERE id = $1', [
      shipmentId,
    ]);
    const entryNumber = formatEntryNumber('R7C', 1000002);
    const created = await broker.results<{ outcome: string }>([
      {
        kind: 'entry',
        entry_number: entryNumber,
        file_number: rows[0]!.file_number,
        entry_type: '01',
        entry_date: '2026-09-15',
      },
    ]);
    expect(created.map((result) => result.outcome)).toEqual(['created']);
    const results = await whileMoving(
      () => mover.query(`UPDATE customs_entries SET entry_date = '2026-10-15' WHERE entry_number = $1`, [entryNumber]),
      () =>
        broker.results<{ outcome: string }>([
          { kind: 'entry_line', entry_number: entryNumber, line_number: 1, hts_number: '8471300100', duty: '7.00' },
        ]),
    );
    expect(results.map((result) => result.outcome)).toEqual(['created']);
    const line = await t.app.db
      .selectFrom('customs_entry_lines')
      .innerJoin('customs_entries', 'customs_entries.id', 'customs_entry_lines.entry_id')
      .select('customs_entry_lines.month')
      .where('customs_entries.entry_number', '=', entryNumber)
      .executeTakeFirstOrThrow();
    expect(line.month).toBe('2026-10-01');
  });
});
