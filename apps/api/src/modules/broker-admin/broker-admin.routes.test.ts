import { describe, expect, it } from 'vitest';
import { BROKER_ADMIN_ERRORS, BROKER_ADMIN_PATHS, type ApiKey } from '@clearport/contract/broker-admin';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { newBrokerKey, RECORDS_URL } from '../../../test/broker-api.ts';
import { waitingOrderId } from '../../../test/delivery-order-fixtures.ts';
import { runBrokerCommand } from '../../cli/broker.ts';
import { DEMO_PAYMENT_INSTRUCTIONS } from '../../seed/demo-billing.ts';
import { NOT_A_BROKER_KEY, outOfScope } from '../access/broker-key.ts';

const t = testAppForFile();
const url = (path: string, id?: number | string) =>
  `${BROKER_API_BASE}${id === undefined ? path : path.replace(':id', String(id))}`;
const company = { kind: 'company', company_id: 'ADMIN-TEST', name: 'Admin Test Co' };

async function adminKey() {
  return (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
}

describe('the broker administration', () => {
  it('answers 401 without a live key and 403 to a key whose scopes do not name the call', async () => {
    const integration = (await newBrokerKey(t.app.db)).key;
    const admin = await adminKey();
    const none = await t.app.inject({ method: 'GET', url: url(BROKER_ADMIN_PATHS.apiKeys) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: NOT_A_BROKER_KEY });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="Clearport"');

    const notAdmin = await injectAs(t.app, integration, { method: 'GET', url: url(BROKER_ADMIN_PATHS.apiKeys) });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ message: outOfScope('admin') });
    expect(notAdmin.headers['www-authenticate']).toBeUndefined();

    const onlyAdmin = await injectAs(t.app, admin, {
      method: 'POST',
      url: RECORDS_URL,
      payload: { records: [company] },
    });
    expect(onlyAdmin.statusCode).toBe(403);
    expect(onlyAdmin.json()).toEqual({ message: outOfScope('records') });
    const feed = await injectAs(t.app, admin, { method: 'GET', url: `${BROKER_API_BASE}${BROKER_API_PATHS.events}` });
    expect(feed.statusCode).toBe(403);
    const stored = await t.app.db.selectFrom('companies').select('id').where('broker_id', '=', 'ADMIN-TEST').execute();
    expect(stored).toEqual([]);

    const customer = await login(t.app, 'primary@demo.test');
    const asCustomer = await injectAs(t.app, customer, { method: 'GET', url: url(BROKER_ADMIN_PATHS.apiKeys) });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('makes a key with its scopes and expiry, lists its last use, and revokes it from its next call on', async () => {
    const admin = await adminKey();
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.apiKeys),
      payload: { name: 'Feed reader', scopes: ['events'], expires_at: '2099-01-01T00:00:00Z' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json<ApiKey & { key: string }>();
    expect(key).toMatchObject({
      name: 'Feed reader',
      scopes: ['events'],
      expires_at: '2099-01-01T00:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    });
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const events = `${BROKER_API_BASE}${BROKER_API_PATHS.events}`;
    expect((await injectAs(t.app, key.key, { method: 'GET', url: events })).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, key.key, { method: 'POST', url: RECORDS_URL, payload: { records: [] } })).statusCode,
    ).toBe(403);
    const listed = await injectAs(t.app, admin, { method: 'GET', url: url(BROKER_ADMIN_PATHS.apiKeys) });
    const entry = listed.json<{ api_keys: ApiKey[] }>().api_keys.find((each) => each.id === key.id);
    expect(entry?.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.json())).not.toContain(key.key);

    const revoke = () => injectAs(t.app, admin, { method: 'POST', url: url(BROKER_ADMIN_PATHS.revokeApiKey, key.id) });
    expect((await revoke()).json()).toEqual({ outcome: 'revoked' });
    // A call that takes no body reads an empty one sent as JSON as none, as many clients send it.
    const asJson = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.revokeApiKey, key.id),
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(asJson.statusCode, asJson.body).toBe(200);
    expect(asJson.json()).toEqual({ outcome: 'already_revoked' });
    // A call that needs one still says so, naming the body; JSON that is not JSON is still refused.
    const integration = (await newBrokerKey(t.app.db)).key;
    const records = (payload: string) =>
      injectAs(t.app, integration, {
        method: 'POST',
        url: RECORDS_URL,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const noBatch = await records('');
    expect(noBatch.statusCode).toBe(400);
    expect(noBatch.json().message).toMatch(/^body/);
    expect((await records('{"records": [')).statusCode).toBe(400);
    expect((await revoke()).json()).toEqual({ outcome: 'already_revoked' });
    expect((await injectAs(t.app, key.key, { method: 'GET', url: events })).statusCode).toBe(401);
    const unknown = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.revokeApiKey, 2_000_000),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: BROKER_ADMIN_ERRORS.apiKeyNotFound });
  });

  it('refuses a key that expired, and a new key whose expiry, name or scopes are wrong, naming the field', async () => {
    const admin = await adminKey();
    const expiring = await newBrokerKey(t.app.db, 'Short-lived');
    await t.app.db
      .updateTable('broker_api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    const expired = await injectAs(t.app, expiring.key, { method: 'POST', url: RECORDS_URL, payload: { records: [] } });
    expect(expired.statusCode).toBe(401);

    const before = await t.app.db.selectFrom('broker_api_keys').select('id').execute();
    for (const [payload, field] of [
      [{ name: 'Old', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'Old', expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: '' }, 'name'],
      [{ name: 'Bad\u0000' }, 'name'],
      [{ name: 'Old', scopes: [] }, 'scopes'],
      [{ name: 'Old', scopes: ['everything'] }, 'scopes'],
    ] as const) {
      const response = await injectAs(t.app, admin, { method: 'POST', url: url(BROKER_ADMIN_PATHS.apiKeys), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ field?: string; message: string }>().message).toContain(field);
    }
    // A day without its time and offset is told what it lacks.
    const dayOnly = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.apiKeys),
      payload: { name: 'Old', expires_at: '2099-06-30' },
    });
    expect(dayOnly.json()).toMatchObject({
      field: 'expires_at',
      message: 'expires_at: must be a date and time with its offset, as 2027-06-30T17:00:00Z',
    });
    // Scopes written as one text: told once, what the field is to be, not the later checks' length.
    const asText = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.apiKeys),
      payload: { name: 'Old', scopes: 'records,events' },
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().issues).toEqual([{ field: 'scopes', message: asText.json().errors[0] }]);
    expect(asText.json().message).toMatch(/^scopes: .*expected array/);
    expect(await t.app.db.selectFrom('broker_api_keys').select('id').execute()).toHaveLength(before.length);
  });

  it('lists the delivery orders waiting a page at a time and approves one, once', async () => {
    const admin = await adminKey();
    const orderId = await waitingOrderId(t.app.db);
    const firstPage = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${url(BROKER_ADMIN_PATHS.deliveryOrders)}?limit=1`,
    });
    expect(firstPage.statusCode, firstPage.body).toBe(200);
    const page = firstPage.json<{ delivery_orders: Array<{ id: number }>; next: number | null }>();
    expect(page.delivery_orders.map((order) => order.id)).toEqual([orderId]);
    expect(page.next).toBe(orderId);

    const approve = () =>
      injectAs(t.app, admin, { method: 'POST', url: url(BROKER_ADMIN_PATHS.approveDeliveryOrder, orderId) });
    expect((await approve()).json()).toEqual({ outcome: 'approved' });
    expect((await approve()).json()).toEqual({ outcome: 'already_approved' });
    const order = await t.app.db
      .selectFrom('delivery_orders')
      .select('approved')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.approved).toBe(true);
    const after = await injectAs(t.app, admin, { method: 'GET', url: url(BROKER_ADMIN_PATHS.deliveryOrders) });
    expect(
      after.json<{ delivery_orders: Array<{ id: number }> }>().delivery_orders.map((each) => each.id),
    ).not.toContain(orderId);
    const unknown = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.approveDeliveryOrder, 2_000_000),
    });
    expect(unknown.statusCode).toBe(404);
    const notANumber = await injectAs(t.app, admin, {
      method: 'POST',
      url: url(BROKER_ADMIN_PATHS.approveDeliveryOrder, '99999999999999999999'),
    });
    expect(notANumber.statusCode).toBe(400);
  });

  it('replaces the payment instructions the customers read, and refuses incomplete ones naming the field', async () => {
    const admin = await adminKey();
    const changed = {
      ...DEMO_PAYMENT_INSTRUCTIONS,
      bank_transfer: { ...DEMO_PAYMENT_INSTRUCTIONS.bank_transfer, bank_name: 'Harbor Trust Bank' },
    };
    const put = await injectAs(t.app, admin, {
      method: 'PUT',
      url: url(BROKER_ADMIN_PATHS.paymentInstructions),
      payload: changed,
    });
    expect(put.statusCode, put.body).toBe(200);
    const customer = await login(t.app, 'primary@demo.test');
    const read = await injectAs(t.app, customer, { method: 'GET', url: apiUrl(API_PATHS.paymentInstructions) });
    expect(read.json().payment_instructions.bank_transfer.bank_name).toBe('Harbor Trust Bank');

    const incomplete = await injectAs(t.app, admin, {
      method: 'PUT',
      url: url(BROKER_ADMIN_PATHS.paymentInstructions),
      payload: { ...changed, quick_pay: { recipient: 'Clearport' } },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toContain('quick_pay.email');
    // What the invoice page and its PDF would show or break on, and addresses that are none.
    const bank = changed.bank_transfer;
    for (const [payload, field] of [
      [{ ...changed, bank_transfer: { ...bank, bank_name: 'Harbor\u0001\u001b[31mTrust' } }, 'bank_transfer.bank_name'],
      [
        { ...changed, quick_pay: { ...changed.quick_pay, recipient: 'Eve\r\nBcc: x@evil.test' } },
        'quick_pay.recipient',
      ],
      [{ ...changed, quick_pay: { ...changed.quick_pay, email: 'not an e-mail' } }, 'quick_pay.email'],
      [{ ...changed, check_image_emails: ['a@b.test', 'nope', 'c@d.test'] }, 'check_image_emails.1'],
      [{ ...changed, reference_note: 'Invoice \u202egpj.exe' }, 'reference_note'],
      // A misspelt field is refused, not left unread.
      [{ ...changed, bank_transfer: { ...bank, ibna: 'DE89 3704 0044' } }, 'bank_transfer.ibna'],
      [{ ...changed, referance_note: 'Quote the invoice number' }, 'referance_note'],
    ] as const) {
      const refused = await injectAs(t.app, admin, {
        method: 'PUT',
        url: url(BROKER_ADMIN_PATHS.paymentInstructions),
        payload,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().field).toBe(field);
    }
    const unchanged = await injectAs(t.app, admin, { method: 'GET', url: url(BROKER_ADMIN_PATHS.paymentInstructions) });
    expect(unchanged.json().payment_instructions.quick_pay.email).toBe(changed.quick_pay.email);
  });

  it('lists the failed event mail and queues one again', async () => {
    const admin = await adminKey();
    const companyRow = await t.app.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
    const failed = await t.app.db
      .insertInto('mail_messages')
      .values({
        company_id: companyRow.id,
        table_number: 0,
        kind: 'documentsRequired',
        state: 'failed',
        attempts: 12,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        message_id: 'failed-admin-test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = await injectAs(t.app, admin, { method: 'GET', url: url(BROKER_ADMIN_PATHS.failedMail) });
    expect(listed.json().mail).toContainEqual(
      expect.objectContaining({ id: String(failed.id), attempts: 12, last_error: 'connect ECONNREFUSED 127.0.0.1:25' }),
    );
    const retry = () => injectAs(t.app, admin, { method: 'POST', url: url(BROKER_ADMIN_PATHS.retryMail, failed.id) });
    expect((await retry()).json()).toEqual({ outcome: 'queued' });
    const again = await retry();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: BROKER_ADMIN_ERRORS.failedMailNotFound });
    const message = await t.app.db
      .selectFrom('mail_messages')
      .select(['state', 'attempts'])
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ state: 'retrying', attempts: 0 });
  });

  it('pages the failed e-mail past the ids a 32-bit number holds, as its queues count them', async () => {
    const admin = await adminKey();
    const companyRow = await t.app.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
    const ids = ['2147483648', '4294967296'];
    await t.app.db
      .insertInto('mail_messages')
      .values(
        ids.map((id) => ({
          id,
          company_id: companyRow.id,
          table_number: 0,
          kind: `documentsRequired-${id}`,
          state: 'failed',
          message_id: `paged-${id}`,
        })),
      )
      .execute();
    const page = (after: string) =>
      injectAs(t.app, admin, { method: 'GET', url: `${url(BROKER_ADMIN_PATHS.failedMail)}?limit=1&after=${after}` });
    const first = await page('2147483647');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ mail: [{ id: ids[0] }], next: ids[0] });
    const second = await page(first.json().next);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ mail: [{ id: ids[1] }], next: ids[1] });
    const misspelt = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${url(BROKER_ADMIN_PATHS.failedMail)}?afer=1`,
    });
    expect(misspelt.json().field).toBe('afer');
    for (const after of ['0', '-1', '1e3', '1234567890123456789']) {
      const refused = await page(after);
      expect(refused.statusCode, after).toBe(400);
      expect(refused.json().field, after).toBe('after');
    }
    const reports = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${url(BROKER_ADMIN_PATHS.failedReportMail)}?after=4294967296`,
    });
    expect(reports.statusCode, reports.body).toBe(200);
    await t.app.db.deleteFrom('mail_messages').where('id', 'in', ids).execute();
  });

  it('lists the monthly report e-mails that failed and sends one again, through the API and the command line', async () => {
    const admin = await adminKey();
    const subscriber = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'primary@demo.test')
      .executeTakeFirstOrThrow();
    const subscription = await t.app.db
      .insertInto('report_subscriptions')
      .values({ user_id: subscriber.id, report: 'dutyByMonth' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failedMail = (period: string) =>
      t.app.db
        .insertInto('report_mail')
        .values({
          subscription_id: subscription.id,
          period,
          state: 'failed',
          attempts: 9,
          last_error: '554 5.7.1 Message rejected',
          message_id: `report-${period}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [october, november] = [await failedMail('2026-10'), await failedMail('2026-11')];

    const listed = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${url(BROKER_ADMIN_PATHS.failedReportMail)}?limit=1`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      mail: [
        {
          id: String(october.id),
          email: 'primary@demo.test',
          report: 'dutyByMonth',
          period: '2026-10',
          attempts: 9,
          last_error: '554 5.7.1 Message rejected',
        },
      ],
      next: String(october.id),
    });
    const cli = await runBrokerCommand(t.app.db, ['report-mail', 'failed']);
    expect(cli.code).toBe(0);
    expect(cli.lines.slice(1).map((line) => line.split('\t').slice(0, 5))).toEqual(
      [october, november].map((mail, index) => [
        String(mail.id),
        'Demo Imports LLC',
        'primary@demo.test',
        'dutyByMonth',
        ['2026-10', '2026-11'][index],
      ]),
    );

    const retry = () =>
      injectAs(t.app, admin, { method: 'POST', url: url(BROKER_ADMIN_PATHS.retryReportMail, october.id) });
    expect((await retry()).json()).toEqual({ outcome: 'queued' });
    const again = await retry();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: BROKER_ADMIN_ERRORS.failedReportMailNotFound });
    expect(await runBrokerCommand(t.app.db, ['report-mail', 'retry', String(november.id)])).toEqual({
      code: 0,
      lines: [`Report e-mail ${november.id} will be sent again.`],
    });
    const states = await t.app.db
      .selectFrom('report_mail')
      .select(['state', 'attempts'])
      .where('subscription_id', '=', subscription.id)
      .execute();
    expect(states).toEqual([
      { state: 'retrying', attempts: 0 },
      { state: 'retrying', attempts: 0 },
    ]);
  });
});
