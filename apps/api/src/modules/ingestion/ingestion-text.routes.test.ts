import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, LINE_BREAK_MESSAGE } from '@clearport/contract/plain-text';
import { TEXTS } from '@clearport/contract/texts';
import { BROKER_KEY_MAX_LENGTH, REFERENCE_MAX_LENGTH } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { databaseDigest } from '../../../test/database-digest.ts';
import { outboxMessages } from '../../../test/delivery-order-fixtures.ts';

/**
 * A broker's record is held to what a customer's form is: one-line texts refuse line breaks and
 * control characters, notes and comments keep their lines, addresses pass the one check. The
 * record is refused in its result with its field named; the others go on.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);
const { tokens } = demoUsersOf(t);
const results = (records: unknown[]) => broker.results<unknown>(records);

/** A record refused for one field: its key stays readable when the key fields themselves are sound. */
const refused = (index: number, key: string | null, field: string, message: string) => ({
  index,
  key,
  outcome: 'refused',
  code: 'invalid_field',
  field,
  reason: `${field}: ${message}`,
  issues: [{ field, message }],
});

describe('texts of broker records', () => {
  it('refuses line breaks and control characters in one-line texts and markup in addresses, by field', async () => {
    const company = { kind: 'company', company_id: 'T-1', name: 'Tidewater Imports' };
    const user = { kind: 'primary_user', company_id: 'T-1', email: 'pat@tidewater.test', name: 'Pat Reyes' };
    const before = await databaseDigest(t.app.db);
    const mailBefore = (await outboxMessages(t.dataDir)).length;
    expect(
      await results([
        { ...company, name: 'Tidewater\r\nBcc: attacker@evil.test' },
        { ...company, primary_contact: 'Pat\u2028Reyes' },
        { ...company, company_id: 'T-1\u0007' },
        { ...user, name: 'Pat\r\nBcc: attacker@evil.test' },
        { ...user, email: '"><img/src=x/onerror=alert(1)>@probe.test' },
        { kind: 'notification', company_id: null, message: 'Closed \u202etoday' },
      ]),
    ).toEqual([
      refused(0, 'company:T-1', 'name', LINE_BREAK_MESSAGE),
      refused(1, 'company:T-1', 'primary_contact', LINE_BREAK_MESSAGE),
      refused(2, null, 'company_id', CONTROL_CHARACTER_MESSAGE),
      refused(3, 'primary_user:pat@tidewater.test', 'name', LINE_BREAK_MESSAGE),
      refused(4, null, 'email', TEXTS.emailInvalid),
      refused(5, null, 'message', CONTROL_CHARACTER_MESSAGE),
    ]);
    expect(await databaseDigest(t.app.db)).toEqual(before);
    expect(await outboxMessages(t.dataDir)).toHaveLength(mailBefore);

    expect(await results([company, user])).toEqual([
      { index: 0, key: 'company:T-1', outcome: 'created' },
      { index: 1, key: 'primary_user:pat@tidewater.test', outcome: 'created' },
    ]);
  });

  it("keeps the lines of a shipment's note and comment", async () => {
    await results([
      { kind: 'company', company_id: 'T-2', name: 'Tidewater West' },
      { kind: 'account', account_no: 'T-2001', company_id: 'T-2' },
    ]);
    const shipment = {
      kind: 'shipment',
      file_number: 'T-2001-1',
      account_no: 'T-2001',
      status: 'submitted',
      document_note: 'Send:\n- the invoice\n- the packing list',
      comment: 'Two lines\r\nand a\ttab.',
    };
    expect(await results([shipment])).toEqual([{ index: 0, key: 'shipment:T-2001-1', outcome: 'created' }]);
    const stored = await t.app.db
      .selectFrom('shipments')
      .select(['document_note', 'comment'])
      .where('file_number', '=', 'T-2001-1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ document_note: shipment.document_note, comment: shipment.comment });
  });

  it("takes keys and references of the lengths the customer's filters, links and forms take, and no longer", async () => {
    const accountNo = `L${'6'.repeat(BROKER_KEY_MAX_LENGTH - 1)}`;
    const reference = 'R'.repeat(REFERENCE_MAX_LENGTH);
    const shipment = { kind: 'shipment', file_number: 'L-1', account_no: accountNo, status: 'submitted' };
    expect(
      await results([
        { kind: 'account', account_no: accountNo, company_id: 'C-10042' },
        { ...shipment, customer_reference_no: reference },
        { ...shipment, customer_reference_no: `${reference}R` },
      ]),
    ).toMatchObject([
      { outcome: 'created' },
      { outcome: 'created' },
      { outcome: 'refused', code: 'invalid_field', field: 'customer_reference_no' },
    ]);
    const list = await injectAs(t.app, tokens.primary, {
      url: `${apiUrl(API_PATHS.shipments)}?page=1&account_no=${accountNo}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: Array<{ file_number: string }> }>().data.map((row) => row.file_number)).toEqual(['L-1']);
    const { company_id } = await t.app.db
      .selectFrom('companies')
      .select('id as company_id')
      .where('broker_id', '=', 'C-10042')
      .executeTakeFirstOrThrow();
    const linked = await injectAs(t.app, tokens.primary, {
      method: 'POST',
      url: apiUrl(API_PATHS.subusers),
      payload: {
        name: 'Long Account',
        email: 'long.account@demo.test',
        password: 'a long enough password',
        role: 11,
        linkedAccounts: [accountNo],
        company_id,
      },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const tooLong = await results([{ kind: 'account', account_no: `${accountNo}6`, company_id: 'C-10042' }]);
    expect(tooLong).toMatchObject([{ outcome: 'refused', field: 'account_no' }]);
  });
});
