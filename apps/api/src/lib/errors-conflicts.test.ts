import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../test/build-app.ts';
import { otherSessionOf, whileHeld } from '../../test/lock-waits.ts';
import { shipmentIdOf } from '../../test/shipment-fixtures.ts';
import { BUSY_MESSAGE } from './errors.ts';

/*
 * A write that meets another transaction the database ends it for, or a row it names deleted by
 * another write after its checks, is answered as what it is, never 500: the caller's own user
 * deleted ends the session (401); a deadlock or serialization failure is the service busy (503,
 * Retry-After), with nothing of the write kept.
 */

const t = testAppForFile();
const { tokens, ids } = demoUsersOf(t);

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a write meeting another transaction', () => {
  const other = otherSessionOf(t);

  it('answers 401 to a user deleted while their note was written, and keeps no note', async () => {
    const id = await shipmentIdOf(t.app.db, '40001');
    const noted = await whileHeld(
      other(),
      async () => {
        await other().query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ids.user]);
        await other().query('DELETE FROM users WHERE id = $1', [ids.user]);
      },
      () =>
        injectAs(t.app, tokens.user!, {
          method: 'POST',
          url: apiUrl(API_PATHS.addNote, { id }),
          payload: { note: 'Written as my user was deleted' },
        }),
    );
    expect(noted.statusCode, noted.body).toBe(401);
    expect(noted.json()).toEqual({ message: SESSION_ERRORS.ended });
    const notes = await t.app.db
      .selectFrom('shipment_notes')
      .select('id')
      .where('comments', '=', 'Written as my user was deleted')
      .execute();
    expect(notes).toEqual([]);
  });

  it('answers 503 with Retry-After to a write the database ended in a deadlock', async () => {
    const id = await shipmentIdOf(t.app.db, '40002');
    // The other session holds the user's row, which the note's foreign key check waits for while
    // the note holds the shipment; then it asks for the shipment: each waits for the other.
    const noted = await whileHeld(
      other(),
      () => other().query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ids.primary]),
      () =>
        injectAs(t.app, tokens.primary!, {
          method: 'POST',
          url: apiUrl(API_PATHS.addNote, { id }),
          payload: { note: 'Written into a deadlock' },
        }),
      () => other().query('SELECT id FROM shipments WHERE id = $1 FOR UPDATE', [id]),
    );
    expect(noted.statusCode, noted.body).toBe(503);
    expect(noted.headers['retry-after']).toBe('1');
    expect(noted.json()).toEqual({ message: BUSY_MESSAGE });
    const notes = await t.app.db
      .selectFrom('shipment_notes')
      .select('id')
      .where('comments', '=', 'Written into a deadlock')
      .execute();
    expect(notes).toEqual([]);
  });
});
