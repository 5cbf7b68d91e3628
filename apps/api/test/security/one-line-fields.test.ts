import { beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { CONTROL_CHARACTER_MESSAGE, LINE_BREAK_MESSAGE } from '@clearport/contract/plain-text';
import { SubuserSaveResponse } from '@clearport/contract/subusers';
import { apiUrl, injectAs, login, testAppForFile } from '../build-app.ts';
import { databaseDigest } from '../database-digest.ts';
import { orderableShipment, outboxMessages } from '../delivery-order-fixtures.ts';
import { shipmentIdOf } from '../shipment-fixtures.ts';

/**
 * Names, references and every other one-line field refuse line breaks (contract/plain-text.ts):
 * a name set into a mail cannot start a line of its own. 400 naming the field, nothing written,
 * no mail sent. Notes and comments keep theirs (control-characters.test.ts).
 */

const t = testAppForFile();
let primary: string;
let companyId: number;
let shipmentId: number;

const BCC = 'Eve\r\nBcc: attacker@evil.test';
/** Short enough for every field (a ZIP holds 10 characters). */
const LINE_BREAKS = ['Eve\r\nBcc', 'Eve\nBcc', 'Eve\rBcc', 'Eve\u2028Bcc', 'Eve\u2029Bcc'];

beforeAll(async () => {
  primary = await login(t.app, 'primary@demo.test');
  const profile = await injectAs(t.app, primary, { method: 'GET', url: apiUrl(API_PATHS.profile) });
  companyId = ProfileResponse.parse(profile.json()).company.id;
  shipmentId = await shipmentIdOf(t.app.db, '40001');
});

const newUser = (name: string) => ({
  name,
  email: 'eve@demo.test',
  role: 11,
  linkedAccounts: ['40001'],
  company_id: companyId,
  send_password_link: true,
});

/** Each text in turn is refused with 400 naming `field`; the database and the outbox stay as they were. */
async function expectRefused(
  method: 'POST' | 'PATCH',
  url: string,
  field: string,
  body: (text: string) => object,
  texts = LINE_BREAKS,
  message = LINE_BREAK_MESSAGE,
) {
  const [before, mailBefore] = [await databaseDigest(t.app.db), (await outboxMessages(t.dataDir)).length];
  for (const text of texts) {
    const response = await injectAs(t.app, primary, { method, url, payload: body(text) });
    expect(response.statusCode, `${url} ${JSON.stringify(text)}: ${response.body}`).toBe(400);
    expect(response.json()).toEqual({
      field,
      message: `${field}: ${message}`,
      errors: [message],
      issues: [{ field, message }],
    });
  }
  expect(await databaseDigest(t.app.db)).toEqual(before);
  expect(await outboxMessages(t.dataDir)).toHaveLength(mailBefore);
}

describe('one-line fields', () => {
  it("refuses a sub-user's name with a line break: no user, no set-password mail", async () => {
    await expectRefused('POST', apiUrl(API_PATHS.subusers), 'name', newUser, [BCC, ...LINE_BREAKS]);
    await expectRefused('POST', apiUrl(API_PATHS.subusers), 'name', newUser, ['Eve\tSmith'], CONTROL_CHARACTER_MESSAGE);

    const created = await injectAs(t.app, primary, {
      method: 'POST',
      url: apiUrl(API_PATHS.subusers),
      payload: newUser('Eve Bcc: attacker@evil.test'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const mail = (await outboxMessages(t.dataDir)).at(-1)!;
    expect(mail.bcc).toBeUndefined();
    expect(mail.text?.split('\n')[0]).toBe('Hello Eve Bcc: attacker@evil.test,');

    const { id } = SubuserSaveResponse.parse(created.json()).subuser;
    await expectRefused('PATCH', apiUrl(API_PATHS.subuser, { id }), 'name', (name) => ({ name }));
  });

  it("refuses them in a trucker's name and in each line of a warehouse", async () => {
    await expectRefused('POST', apiUrl(API_PATHS.createTrucker), 'truckers.0.name', (name) => ({
      truckers: [{ name, email: '', cc_emails: [] }],
    }));
    for (const key of ['name', 'phone', 'address', 'city', 'zip']) {
      await expectRefused('POST', apiUrl(API_PATHS.saveSettings), `warehouses.0.${key}`, (text) => ({
        warehouses: [{ [key]: text }],
      }));
    }
    await expectRefused('POST', apiUrl(API_PATHS.saveSettings), 'warehouses.0.emails.0.name', (name) => ({
      warehouses: [{ name: 'Dock 4', emails: [{ name, email: '' }] }],
    }));
  });

  it("refuses them in a delivery order's and a shipment's reference number", async () => {
    const orderable = await orderableShipment(t.app.db, '40001', new Set(), 1);
    const order = { trucker_id: 1, warehouse_id: 1, note: 'a\nnote', containers: [1], bill_ladings: [1] };
    await expectRefused(
      'POST',
      apiUrl(API_PATHS.deliveryOrders, { id: orderable.id }),
      'reference_number',
      (reference_number) => ({ ...order, reference_number }),
    );
    await expectRefused(
      'POST',
      apiUrl(API_PATHS.saveReference, { id: shipmentId }),
      'reference_no',
      (reference_no) => ({
        reference_no,
      }),
    );
  });
});
