import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';

/*
 * Two saves of one user's report subscriptions at once (two tabs): each drops the row the other
 * adds. They take turns on the user's row, and the later save is what stays.
 */

const t = testAppForFile();
const { tokens, ids } = demoUsersOf(t);

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('two saves of one user’s subscriptions', () => {
  const other = otherSessionOf(t);
  const save = (reports: string[]) =>
    injectAs(t.app, tokens.primary!, {
      method: 'PUT',
      url: apiUrl(API_PATHS.reportSubscriptions),
      payload: { reports },
    });

  it('take turns, and the later one stays', async () => {
    expect((await save(['dutyByMonth', 'entriesByPort'])).statusCode).toBe(200);
    // As the first save does: its user held, dropping what it does not keep, then adding what it keeps.
    const saved = await whileHeld(
      other(),
      async () => {
        await other().query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [ids.primary]);
        await other().query(`DELETE FROM report_subscriptions WHERE user_id = $1 AND report <> 'dutyByMonth'`, [
          ids.primary,
        ]);
      },
      () => save(['entriesByPort']),
      () =>
        other().query(
          `INSERT INTO report_subscriptions (user_id, report) VALUES ($1, 'dutyByMonth') ON CONFLICT DO NOTHING`,
          [ids.primary],
        ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ reports: ['entriesByPort'] });
    const rows = await t.app.db
      .selectFrom('report_subscriptions')
      .select('report')
      .where('user_id', '=', ids.primary)
      .execute();
    expect(rows.map((row) => row.report)).toEqual(['entriesByPort']);
  });
});
