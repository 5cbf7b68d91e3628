import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';

/*
 * A user's change that waits on a shipment's lock while the broker moves the shipment's account to
 * another company (the move locks the account's shipments first) must see the move once the lock is
 * its own, and answer 404: the check in the locking statement read the accounts as they were.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a change that waited on an account move', () => {
  const broker = otherSessionOf(t);

  /** Sends `request` while the other session moves the account to another company, as the broker's move does. */
  const whileTheAccountMoves = <Result>(accountNo: string, request: () => Promise<Result>) =>
    whileHeld(
      broker(),
      async () => {
        await broker().query(
          `SELECT id FROM shipments WHERE account_id = (SELECT id FROM accounts WHERE account_no = $1)
           FOR NO KEY UPDATE`,
          [accountNo],
        );
        await broker().query(
          `UPDATE accounts SET company_id = (SELECT id FROM companies WHERE broker_id = 'C-10077')
           WHERE account_no = $1`,
          [accountNo],
        );
      },
      request,
    );

  it('refuses a note on a shipment of the moved account', async () => {
    const id = await shipmentIdOf(t.app.db, '40001');
    const noted = await whileTheAccountMoves('40001', () =>
      injectAs(t.app, tokens.primary!, {
        method: 'POST',
        url: apiUrl(API_PATHS.addNote, { id }),
        payload: { note: 'Written as the account moved' },
      }),
    );
    expect(noted.statusCode).toBe(404);
    const notes = await t.app.db
      .selectFrom('shipment_notes')
      .select('id')
      .where('comments', '=', 'Written as the account moved')
      .execute();
    expect(notes).toEqual([]);
  });

  it('refuses to mark the moved shipments’ 7501 reviewed', async () => {
    const id = await shipmentIdOf(t.app.db, '40002', (query) =>
      query.where('shipments.path_to_7501', 'is not', null).where('shipments.reviewed_7501', '=', false),
    );
    const toggled = await whileTheAccountMoves('40002', () =>
      injectAs(t.app, tokens.primary!, {
        method: 'POST',
        url: apiUrl(API_PATHS.toggleReviewed),
        payload: { shipment_ids: [id] },
      }),
    );
    expect(toggled.statusCode).toBe(404);
    const row = await t.app.db
      .selectFrom('shipments')
      .select('reviewed_7501')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reviewed_7501).toBe(false);
  });
});
