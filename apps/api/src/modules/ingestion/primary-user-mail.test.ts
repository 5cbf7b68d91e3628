import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { RECORD_WARNINGS } from '@clearport/contract/ingestion';
import { apiUrl, login, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { addressesOf, outboxMessages } from '../../../test/delivery-order-fixtures.ts';

/*
 * A primary user's set-password e-mail leaves once the record's transaction has committed: a
 * transaction written again mails no link its rollback undid, and a mail that fails then leaves
 * the user created, with a warning on the record.
 */

const company = { kind: 'company', company_id: 'MAIL-1', name: 'Larkspur Trading Co' };
const account = { kind: 'account', account_no: '77101', company_id: 'MAIL-1', name: 'Larkspur Trading' };
const boss = { kind: 'primary_user', company_id: 'MAIL-1', email: 'owner@larkspur.test', name: 'Rosa Lind' };

describe('a primary user of a batch written again by halves', () => {
  const t = testAppForFile();
  const broker = brokerApiOf(t);

  it('is mailed one link, which sets the password', async () => {
    // A rule of the database no check of the API knows: the batch's last record loses its
    // transaction, and the records are written again by halves.
    await sql`ALTER TABLE shipments ADD CONSTRAINT refused_vessel CHECK (vessel_name <> 'Refused by the database')`.execute(
      t.app.db,
    );
    try {
      const shipment = {
        kind: 'shipment',
        file_number: '77101000017',
        account_no: '77101',
        status: 'submitted',
        vessel_name: 'Refused by the database',
      };
      const outcomes = (await broker.results<{ outcome: string }>([company, account, boss, shipment])).map(
        (result) => result.outcome,
      );
      expect(outcomes).toEqual(['created', 'created', 'created', 'refused']);
    } finally {
      await sql`ALTER TABLE shipments DROP CONSTRAINT refused_vessel`.execute(t.app.db);
    }
    const mails = (await outboxMessages(t.dataDir)).filter((mail) => addressesOf(mail.to).includes(boss.email));
    expect(mails).toHaveLength(1);
    const token = /http:\/\/portal\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '')?.[1];
    const password = 'larkspur-river-9';
    const reset = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.resetPassword, { token: token! }),
      payload: { email: boss.email, password, password_confirmation: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await login(t.app, boss.email, password);
  });
});

describe('a primary user whose e-mail cannot be sent', () => {
  // Nothing listens on port 1: every message fails at once.
  const t = testAppForFile({ smtpUrl: 'smtp://127.0.0.1:1' });
  const broker = brokerApiOf(t);

  it('is created, and its record says the mail did not go', async () => {
    const results = await broker.results<{ outcome: string; warning?: string }>([company, account, boss]);
    expect(results.map((result) => result.outcome)).toEqual(['created', 'created', 'created']);
    expect(results.map((result) => result.warning)).toEqual([undefined, undefined, RECORD_WARNINGS.mailFailed]);
    const user = await t.app.db
      .selectFrom('users')
      .select(['name', 'role'])
      .where('email', '=', boss.email)
      .executeTakeFirst();
    expect(user).toEqual({ name: boss.name, role: 3 });
  });
});
