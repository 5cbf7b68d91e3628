import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';

/*
 * A Settings save checks the lists' revision, then writes the lists as its user left them: a trucker
 * it never read is one to remove, a list's address the one in its form. Every other writer of the
 * lists waits for it, so that neither is lost.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
const broker = brokerApiOf(t);

const demoCompanyId = async () =>
  (await t.app.db.selectFrom('companies').select('id').where('broker_id', '=', 'C-10042').executeTakeFirstOrThrow()).id;

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a Settings save and another writer of the lists', () => {
  const other = otherSessionOf(t);
  /** What a save with a revision holds first (settingsRepository.holdLists). */
  const holdLists = async (companyId: number) =>
    other().query('SELECT id FROM companies WHERE id = $1 FOR NO KEY UPDATE', [companyId]);

  it('keeps a trucker the delivery order editor adds during the save', async () => {
    const companyId = await demoCompanyId();
    const { rows } = await other().query<{ last: number }>(
      'SELECT max(id)::int AS last FROM truckers WHERE company_id = $1',
      [companyId],
    );
    const name = `Harbor Drayage ${Date.now()}`;
    const created = await whileHeld(
      other(),
      () => holdLists(companyId),
      () =>
        injectAs(t.app, tokens.primary, {
          method: 'POST',
          url: apiUrl(API_PATHS.createTrucker),
          payload: { truckers: [{ name, email: '', cc_emails: [] }] },
        }),
      // The save writes the truckers as its form had them: one it never read is removed.
      () => other().query('DELETE FROM truckers WHERE company_id = $1 AND id > $2', [companyId, rows[0]!.last]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const kept = await t.app.db.selectFrom('truckers').select('name').where('name', '=', name).execute();
    expect(kept).toHaveLength(1);
  });

  it('writes the brokerage’s notification list after the save, not under it', async () => {
    const companyId = await demoCompanyId();
    const response = await whileHeld(
      other(),
      () => holdLists(companyId),
      () =>
        broker.send([
          { kind: 'notification_list', company_id: 'C-10042', list: 'invoice', email: 'ap@demoimports.test' },
        ]),
      // The save writes the list as its form had it.
      () =>
        other().query(
          `INSERT INTO notification_emails (company_id, table_number, email, cc_emails)
           VALUES ($1, 1, 'from.the.form@demoimports.test', '{}')
           ON CONFLICT (company_id, table_number) DO UPDATE SET email = excluded.email`,
          [companyId],
        ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const list = await t.app.db
      .selectFrom('notification_emails')
      .select('email')
      .where('company_id', '=', companyId)
      .where('table_number', '=', 1)
      .executeTakeFirst();
    expect(list?.email).toBe('ap@demoimports.test');
  });
});
