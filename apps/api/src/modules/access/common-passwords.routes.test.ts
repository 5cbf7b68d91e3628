import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_LISTS, SettingsResponse } from '@clearport/contract/settings';
import { API_PATHS } from '@clearport/contract/paths';
import { SubuserSaveResponse } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { apiUrl, injectAs, login, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';
import { companyIdOf } from '../../../test/session-users.ts';

/** Every place a new password is set refuses a common or breached one, and takes an uncommon one. */
const t = testAppForFile();
let primary: string;
let manager: string;
let companyId: number;
beforeAll(async () => {
  ({ primary, manager } = await loginDemoUsers(t.app));
  companyId = await companyIdOf(t.app.db, 'Demo Imports LLC');
});

const BREACHED = 'Qwerty123';
const TOO_COMMON = { field: 'password', message: TEXTS.passwordTooCommon, errors: [TEXTS.passwordTooCommon] };
let serial = 0;
const newEmail = () => `common${(serial += 1)}-${Date.now()}@demo.test`;

async function mailCount(): Promise<number> {
  return (await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).length;
}

/** The reset-password token of the mail that `send` causes (some are sent after the reply). */
async function tokenMailedAfter(send: () => Promise<unknown>): Promise<string> {
  const before = await mailCount();
  await send();
  for (let tries = 0; tries < 100 && (await mailCount()) === before; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const outbox = path.join(t.dataDir, 'outbox');
  const mail = await simpleParser(await readFile(path.join(outbox, (await readdir(outbox)).sort().at(-1)!)));
  return /http:\/\/portal\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
}

/** How the user's password changes were made, as the security event log has them, oldest first. */
const passwordChangesOf = async (email: string) =>
  (
    await t.app.db
      .selectFrom('security_events')
      .select('detail')
      .where('kind', '=', 'password_changed')
      .where('email', '=', email.toLowerCase())
      .orderBy('id')
      .execute()
  ).map((event) => event.detail.via);

const setPassword = (token: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(API_PATHS.resetPassword, { token }),
    payload: { email, password, password_confirmation: password },
  });

const createUser = (body: object) =>
  injectAs(t.app, primary, {
    method: 'POST',
    url: apiUrl(API_PATHS.subusers),
    payload: { name: 'New Person', role: 11, linkedAccounts: ['40001'], company_id: companyId, ...body },
  });

describe('a new password on the list of common and breached passwords is refused', () => {
  it('by the reset link, which stays usable for an uncommon one', async () => {
    const email = 'user@demo.test';
    const token = await tokenMailedAfter(() =>
      t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } }),
    );
    const refused = await setPassword(token, email, BREACHED);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    expect(await passwordChangesOf(email)).toEqual([]);
    expect((await setPassword(token, email, 'tidal-ledger-77')).statusCode).toBe(200);
    await login(t.app, email, 'tidal-ledger-77');
    expect(await passwordChangesOf(email)).toEqual(['reset']);
  });

  it('by the set-password link of a new user', async () => {
    const email = newEmail();
    const token = await tokenMailedAfter(async () =>
      expect((await createUser({ email, send_password_link: true })).statusCode).toBe(201),
    );
    const refused = await setPassword(token, email, 'iloveyou1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    expect((await setPassword(token, email, 'first-light-9')).statusCode).toBe(200);
    expect(await passwordChangesOf(email)).toEqual(['set_password_link']);
  });

  it('by Settings, changing nothing, and an uncommon one is saved', async () => {
    const settings = SettingsResponse.parse(
      (await injectAs(t.app, manager, { method: 'GET', url: apiUrl(API_PATHS.settings) })).json(),
    ).user;
    const body = {
      user_emails: NOTIFICATION_LISTS.map((list) => ({ table_number: list.table_number, ...settings[list.key] })),
      current_password: DEMO_PASSWORD,
    };
    const save = (password: string) =>
      injectAs(t.app, manager, { method: 'POST', url: apiUrl(API_PATHS.saveSettings), payload: { ...body, password } });
    const refused = await save('SUNSHINE');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    await login(t.app, 'manager@demo.test');
    expect((await save('quiet-harbour-5')).statusCode).toBe(200);
    await login(t.app, 'manager@demo.test', 'quiet-harbour-5');
  });

  it('by the users screen, when it creates a user and when it changes one’s password', async () => {
    const refusedNew = await createUser({ email: newEmail(), password: BREACHED });
    expect(refusedNew.statusCode).toBe(400);
    expect(refusedNew.json()).toEqual(TOO_COMMON);

    const email = newEmail();
    const created = await createUser({ email, password: 'amber-window-3' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = SubuserSaveResponse.parse(created.json()).subuser;
    const change = (password: string) =>
      injectAs(t.app, primary, { method: 'PATCH', url: apiUrl(API_PATHS.subuser, { id }), payload: { password } });
    const refused = await change('football1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    await login(t.app, email, 'amber-window-3');
    expect((await change('silver-anchor-8')).statusCode).toBe(200);
    await login(t.app, email, 'silver-anchor-8');
  });
});
