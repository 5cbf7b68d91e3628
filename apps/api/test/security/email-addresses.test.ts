import { beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { NOTIFICATION_LISTS } from '@clearport/contract/settings';
import { TEXTS } from '@clearport/contract/texts';
import { apiUrl, injectAs, login, testAppForFile } from '../build-app.ts';
import { databaseDigest } from '../database-digest.ts';
import { outboxMessages } from '../delivery-order-fixtures.ts';
import { userIdOf } from '../session-users.ts';

/**
 * Every address field goes through the one check (contract/email-address.ts): an address with
 * markup is refused with 400 naming the field, and nothing is saved or mailed.
 */

const MARKUP = '"><img/src=x/onerror=alert(1)>@probe.test';
const OTHERS = ['Ann <ann@demo.test>', 'ann@demo.test, bob@demo.test', 'ann@demo.test\r\nBcc: evil@probe.test'];

const t = testAppForFile();
let primary: string;
let companyId: number;

beforeAll(async () => {
  primary = await login(t.app, 'primary@demo.test');
  const profile = await injectAs(t.app, primary, { method: 'GET', url: apiUrl(API_PATHS.profile) });
  companyId = ProfileResponse.parse(profile.json()).company.id;
});

const lists = (change: { table_number?: number; email?: string; cc_emails?: string[] } = {}) =>
  NOTIFICATION_LISTS.map(({ table_number }) => ({
    table_number,
    email: '',
    cc_emails: [] as string[],
    ...(table_number === change.table_number ? change : {}),
  }));

type Call = { method: 'POST' | 'PATCH'; url: string; token?: string; body: (address: string) => object };

/** Each bad address in turn is refused with 400 naming `field`; the database and the outbox stay as they were. */
async function expectRefused(call: Call, field: string, message: string = TEXTS.emailInvalid) {
  const [before, mailBefore] = [await databaseDigest(t.app.db), (await outboxMessages(t.dataDir)).length];
  for (const address of [MARKUP, ...OTHERS]) {
    const options = { method: call.method, url: call.url, payload: call.body(address) };
    const response = await (call.token ? injectAs(t.app, call.token, options) : t.app.inject(options));
    expect(response.statusCode, `${field} ${JSON.stringify(address)}: ${response.body}`).toBe(400);
    expect(response.json()).toMatchObject({ field, message: `${field}: ${message}` });
  }
  expect(await databaseDigest(t.app.db)).toEqual(before);
  expect(await outboxMessages(t.dataDir)).toHaveLength(mailBefore);
}

describe('an e-mail address with markup', () => {
  it('is refused as a notification recipient or CC, and as the login e-mail, in Settings', async () => {
    const settings = { method: 'POST', url: apiUrl(API_PATHS.saveSettings), token: primary } as const;
    await expectRefused(
      { ...settings, body: (address) => ({ user_emails: lists({ table_number: 0, cc_emails: [address] }) }) },
      'user_emails.0.cc_emails.0',
    );
    await expectRefused(
      { ...settings, body: (address) => ({ user_emails: lists({ table_number: 3, email: address }) }) },
      'user_emails.3.email',
    );
    await expectRefused(
      { ...settings, body: (email) => ({ user_emails: lists(), email, current_password: 'password' }) },
      'email',
    );
  });

  it("is refused as a trucker's address and CC", async () => {
    const trucker = { method: 'POST', url: apiUrl(API_PATHS.createTrucker), token: primary } as const;
    await expectRefused(
      { ...trucker, body: (email) => ({ truckers: [{ name: 'Probe', email, cc_emails: [] }] }) },
      'truckers.0.email',
    );
    await expectRefused(
      { ...trucker, body: (cc) => ({ truckers: [{ name: 'Probe', email: 'probe@demo.test', cc_emails: [cc] }] }) },
      'truckers.0.cc_emails.0',
    );
    await expectRefused(
      {
        ...trucker,
        url: apiUrl(API_PATHS.saveSettings),
        body: (email) => ({ user_emails: lists(), truckers: [{ name: 'Probe', email, cc_emails: [] }] }),
      },
      'truckers.0.email',
    );
  });

  it("is refused as a sub-user's e-mail, new or changed", async () => {
    await expectRefused(
      {
        method: 'POST',
        url: apiUrl(API_PATHS.subusers),
        token: primary,
        body: (email) => ({
          name: 'Probe',
          email,
          role: 11,
          linkedAccounts: [],
          company_id: companyId,
          send_password_link: true,
        }),
      },
      'email',
    );
    const userId = await userIdOf(t.app.db, 'user@demo.test');
    await expectRefused(
      {
        method: 'PATCH',
        url: apiUrl(API_PATHS.subuser, { id: userId }),
        token: primary,
        body: (email) => ({ email }),
      },
      'email',
    );
  });

  it('is refused by forgot password and reset password, in the words of the spec', async () => {
    await expectRefused(
      { method: 'POST', url: apiUrl(API_PATHS.forgotPassword), body: (email) => ({ email }) },
      'email',
      'Email address invalid',
    );
    await expectRefused(
      {
        method: 'POST',
        url: apiUrl(API_PATHS.resetPassword, { token: 'any-token' }),
        body: (email) => ({ email, password: 'chosen-pass-1', password_confirmation: 'chosen-pass-1' }),
      },
      'email',
      'Please enter a valid email address',
    );
  });

  it('logs nobody in: the login answers as for any unknown user name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.login),
      payload: { userName: MARKUP, password: 'password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: TEXTS.loginFailed });
  });
});
