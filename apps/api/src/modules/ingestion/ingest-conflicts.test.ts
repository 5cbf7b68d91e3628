import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { RETRIED_AFTER_CONFLICT } from './ingest.ts';

/*
 * A batch that the database ends in a deadlock with another writer (two batches naming the same
 * accounts in other orders) is written again, and answers as if it had gone through at once.
 */

const logLines: string[] = [];
const t = testAppForFile({
  logLevel: 'warn',
  logStream: new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
});
const retries = () => logLines.filter((line) => line.includes(RETRIED_AFTER_CONFLICT)).length;
const broker = brokerApiOf(t);

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a batch meeting another writer', () => {
  const other = otherSessionOf(t);

  it('waits for another batch naming the same shipments in another order, and both are written', async () => {
    const retriedBefore = retries();
    for (let round = 0; round < 5; round += 1) {
      const fileNumbers = Array.from({ length: 12 }, (_, index) => `RACE-${round}-${String(index).padStart(2, '0')}`);
      const batch = (numbers: readonly string[], vessel: string) =>
        broker.send(
          numbers.map((file_number) => ({
            kind: 'shipment',
            file_number,
            account_no: '40001',
            status: 'submitted',
            vessel_name: vessel,
          })),
        );
      const answers = await Promise.all([
        batch(fileNumbers, 'Maersk Ohio'),
        batch([...fileNumbers].reverse(), 'Maersk Kentucky'),
        batch(fileNumbers, 'Maersk Ohio'),
        batch([...fileNumbers].reverse(), 'Maersk Kentucky'),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const stored = await t.app.db
        .selectFrom('shipments')
        .select('vessel_name')
        .where('file_number', 'in', fileNumbers)
        .execute();
      expect(stored).toHaveLength(fileNumbers.length);
    }
    // Each took its turn: none met the other in a deadlock and had to be written again.
    expect(retries()).toBe(retriedBefore);
  });

  it('is written again after a deadlock, whole', async () => {
    // The other session writes account 40002, then asks for 40001, which the batch has written
    // first and holds while it waits for 40002: a deadlock the database ends on the batch's side.
    const response = await whileHeld(
      other(),
      () => other().query(`UPDATE accounts SET name = 'Home Goods (other)' WHERE account_no = '40002'`),
      () =>
        broker.send([
          { kind: 'account', account_no: '40001', name: 'Demo Imports (batch)' },
          { kind: 'account', account_no: '40002', name: 'Home Goods (batch)' },
        ]),
      () => other().query(`UPDATE accounts SET name = 'Demo Imports (other)' WHERE account_no = '40001'`),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(retries()).toBeGreaterThan(0);
    expect(response.json<{ results: { outcome: string }[] }>().results.map((result) => result.outcome)).toEqual([
      'updated',
      'updated',
    ]);
    const names = await t.app.db
      .selectFrom('accounts')
      .select(['account_no', 'name'])
      .where('account_no', 'in', ['40001', '40002'])
      .orderBy('account_no')
      .execute();
    expect(names).toEqual([
      { account_no: '40001', name: 'Demo Imports (batch)' },
      { account_no: '40002', name: 'Home Goods (batch)' },
    ]);
  });
});
