import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import {
  SUBUSER_DELETED,
  SUBUSER_ERRORS,
  SubuserResponse,
  SubuserSaveResponse,
  SubusersResponse,
  AccountsResponse,
} from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import type { Db } from '../../db/connect.ts';
import { subusersRepository } from './subusers.repository.ts';
import {
  apiUrl,
  buildTestApp,
  fileUrl,
  injectAs,
  login,
  loginDemoUsers,
  testAppForFile,
} from '../../../test/build-app.ts';
import { companyIdOf } from '../../../test/session-users.ts';

const t = testAppForFile();
let primary: string;
let manager: string;
let demoCompanyId: number;
let otherCompanyId: number;
beforeAll(async () => {
  ({ primary, manager } = await loginDemoUsers(t.app));
  const companies = await t.app.db.selectFrom('companies').select(['id', 'name']).execute();
  demoCompanyId = companies.find((company) => company.name === 'Demo Imports LLC')!.id;
  otherCompanyId = companies.find((company) => company.name === 'Other Trading Co')!.id;
});

const PASSWORD = 'secret-pass-1';
let serial = 0;
const newEmail = () => `sub${(serial += 1)}-${Date.now()}@demo.test`;

const as = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, token, { method, url, payload });

async function createUser(body: Partial<Record<string, unknown>> = {}, token = primary) {
  const response = await as(token, 'POST', apiUrl(API_PATHS.subusers), {
    name: 'New Person',
    email: newEmail(),
    password: PASSWORD,
    role: 11,
    linkedAccounts: ['40001'],
    company_id: demoCompanyId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return SubuserSaveResponse.parse(response.json()).subuser;
}

const userIdOf = async (email: string) =>
  (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** How many rows `table` holds. */
async function rowCount(db: Db, table: 'users' | 'user_changes' | 'password_resets'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The user_changes record of this action on the user. */
const changeRecordOf = (userId: number, action: 'update' | 'delete') =>
  t.app.db
    .selectFrom('user_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();

async function snapshot() {
  const [users, links, changes] = await Promise.all([
    t.app.db.selectFrom('users').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('user_accounts').selectAll().orderBy('user_id').orderBy('account_id').execute(),
    rowCount(t.app.db, 'user_changes'),
  ]);
  return { users, links, changes };
}

describe('who may call', () => {
  it('lets roles 3 and 4 list the users and refuses roles 5 and 11 on every call (403)', async () => {
    for (const token of [primary, manager]) {
      expect((await as(token, 'GET', apiUrl(API_PATHS.subusers))).statusCode).toBe(200);
      expect((await as(token, 'GET', apiUrl(API_PATHS.accounts))).statusCode).toBe(200);
    }
    const target = await userIdOf('manager@demo.test');
    for (const email of ['user@demo.test', 'viewer@demo.test']) {
      const token = await login(t.app, email);
      const before = await snapshot();
      const calls = [
        await as(token, 'GET', apiUrl(API_PATHS.subusers)),
        await as(token, 'GET', apiUrl(API_PATHS.accounts)),
        await as(token, 'GET', apiUrl(API_PATHS.subuser, { id: target })),
        await as(token, 'PATCH', apiUrl(API_PATHS.subuser, { id: target }), { name: 'Taken Over' }),
        await as(token, 'DELETE', apiUrl(API_PATHS.subuser, { id: target })),
        await as(token, 'POST', apiUrl(API_PATHS.subusers), {
          name: 'X',
          email: newEmail(),
          password: PASSWORD,
          role: 4,
          linkedAccounts: [],
          company_id: demoCompanyId,
        }),
      ];
      for (const response of calls) {
        expect(response.statusCode, `${email} ${response.body}`).toBe(403);
        expect(response.json().message).toBe(SUBUSER_ERRORS.notAllowed);
      }
      expect(await snapshot()).toEqual(before);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(API_PATHS.subusers) });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET user/user/subusers', () => {
  it('lists the company’s users, primary included, and no one of another company', async () => {
    const body = SubusersResponse.parse((await as(primary, 'GET', apiUrl(API_PATHS.subusers))).json());
    const emails = body.company.subusers.map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining(['primary@demo.test', 'manager@demo.test', 'user@demo.test']));
    expect(emails).not.toContain('primary@other.test');
    const primaryUser = body.company.subusers.find((user) => user.email === 'primary@demo.test')!;
    expect(primaryUser).toMatchObject({ role: 3, account_no: '40001, 40002, 40003', active: 1 });
    expect(primaryUser.linked_users).toContain(await userIdOf('user@demo.test'));
    const user = body.company.subusers.find((each) => each.email === 'user@demo.test')!;
    expect(user).toMatchObject({ role: 5, linked_accounts: ['40001'], linked_users: [], account_no: '40001' });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('filters by position, searches name, e-mail and account ignoring case, sorts and pages', async () => {
    const byRole = SubusersResponse.parse(
      (await as(primary, 'GET', apiUrl(API_PATHS.subusers, {}, { filter: 11 }))).json(),
    );
    expect(byRole.company.subusers.length).toBeGreaterThan(0);
    expect(byRole.company.subusers.every((user) => user.role === 11)).toBe(true);

    const search = SubusersResponse.parse(
      (await as(primary, 'GET', apiUrl(API_PATHS.subusers, {}, { search: 'PRIYA' }))).json(),
    );
    expect(search.company.subusers.map((user) => user.email)).toEqual(['user@demo.test']);
    const byAccount = SubusersResponse.parse(
      (await as(primary, 'GET', apiUrl(API_PATHS.subusers, {}, { search: 40003 }))).json(),
    );
    expect(byAccount.company.subusers.map((user) => user.email).sort()).toEqual([
      'manager@demo.test',
      'primary@demo.test',
    ]);

    const sorted = SubusersResponse.parse(
      (await as(primary, 'GET', apiUrl(API_PATHS.subusers, {}, { field: 'email', order_by: 'desc' }))).json(),
    );
    const emails = sorted.company.subusers.map((user) => user.email.toLowerCase());
    expect(emails).toEqual(emails.toSorted().reverse());
    expect(sorted.pagination).toMatchObject({ current_page: 1, per_page: 50, last_page: 1 });
    expect(sorted.pagination.total).toBe(emails.length);

    const empty = SubusersResponse.parse(
      (await as(primary, 'GET', apiUrl(API_PATHS.subusers, {}, { search: 'nobody-at-all' }))).json(),
    );
    expect(empty).toEqual({
      company: { subusers: [] },
      pagination: { total: 0, last_page: 1, current_page: 1, per_page: 50 },
    });
  });

  it('answers 400 naming the parameter for bad input', async () => {
    const cases: Array<[string, string]> = [
      ['filter=7', 'filter'],
      ['filter=abc', 'filter'],
      ['page=0', 'page'],
      ['page=0x2', 'page'],
      ['filter=0xb', 'filter'],
      ['field=password_hash', 'field'],
      ['order_by=up', 'order_by'],
    ];
    for (const [query, field] of cases) {
      const response = await as(primary, 'GET', `${apiUrl(API_PATHS.subusers)}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});

describe('GET user/user/accounts', () => {
  it('answers the caller’s company accounts, never another company’s', async () => {
    const body = AccountsResponse.parse((await as(primary, 'GET', apiUrl(API_PATHS.accounts))).json());
    expect(body.accounts.map((account) => account.account_no)).toEqual(['40001', '40002', '40003']);
    const other = await login(t.app, 'primary@other.test');
    const theirs = AccountsResponse.parse((await as(other, 'GET', apiUrl(API_PATHS.accounts))).json());
    expect(theirs.accounts.map((account) => account.account_no)).toEqual(['70001']);
  });
});

describe('GET user/user/subusers/{id}', () => {
  it('answers a user of the company, 404 for another company’s or none, 400 for a bad id', async () => {
    const id = await userIdOf('viewer@demo.test');
    const body = SubuserResponse.parse((await as(manager, 'GET', apiUrl(API_PATHS.subuser, { id }))).json());
    expect(body.subuser).toMatchObject({ email: 'viewer@demo.test', linked_accounts: ['40001', '40002'] });
    const foreign = await userIdOf('primary@other.test');
    expect((await as(primary, 'GET', apiUrl(API_PATHS.subuser, { id: foreign }))).statusCode).toBe(404);
    expect((await as(primary, 'GET', apiUrl(API_PATHS.subuser, { id: 999999 }))).statusCode).toBe(404);
    const bad = await as(primary, 'GET', apiUrl(API_PATHS.subuser, { id: 'new-user' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('POST user/user/subusers', () => {
  it('creates a sub-user who logs in with the typed password and sees only the linked accounts', async () => {
    const email = newEmail();
    const response = await as(primary, 'POST', apiUrl(API_PATHS.subusers), {
      name: '  Ana Ortiz ',
      email,
      password: PASSWORD,
      role: 5,
      linkedAccounts: ['40002'],
      company_id: demoCompanyId,
    });
    expect(response.statusCode).toBe(201);
    const body = SubuserSaveResponse.parse(response.json());
    expect(body.message).toBe(TEXTS.subuserCreated);
    expect(body.subuser).toMatchObject({ name: 'Ana Ortiz', email, role: 5, active: 1, linked_accounts: ['40002'] });

    const token = await login(t.app, email, PASSWORD);
    const profile = (await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.profile) })).json();
    expect(profile.accounts.map((account: { account_no: string }) => account.account_no)).toEqual(['40002']);

    const record = await t.app.db
      .selectFrom('user_changes')
      .selectAll()
      .where('user_id', '=', body.subuser.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ action: 'create', changed_by: await userIdOf('primary@demo.test') });
    expect(record.detail).toMatchObject({ role: 5, accounts: ['40002'], password: 'typed' });
    expect(JSON.stringify(record.detail)).not.toContain(PASSWORD);
  });

  it('lets a manager add a manager', async () => {
    const created = await createUser({ role: 4, linkedAccounts: ['40001', '40003'] }, manager);
    expect(created).toMatchObject({ role: 4, linked_accounts: ['40001', '40003'] });
  });

  it('refuses a duplicate e-mail whatever its case (409), and saves nothing', async () => {
    for (const email of ['USER@demo.test', ' Primary@Demo.Test ', 'primary@OTHER.test']) {
      const before = await snapshot();
      const response = await as(primary, 'POST', apiUrl(API_PATHS.subusers), {
        name: 'Twin',
        email,
        password: PASSWORD,
        role: 5,
        linkedAccounts: [],
        company_id: demoCompanyId,
      });
      expect(response.statusCode, email).toBe(409);
      expect(response.json()).toMatchObject({ field: 'email', message: SUBUSER_ERRORS.emailTaken });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('answers 400 naming the field for bad input, with the spec’s texts, and saves nothing', async () => {
    const valid = {
      name: 'Valid Name',
      email: 'valid-new@demo.test',
      password: PASSWORD,
      role: 5,
      linkedAccounts: ['40001'],
      company_id: demoCompanyId,
    };
    const cases: Array<[object, string, string?]> = [
      [{ role: 3 }, 'role', TEXTS.subuserInvalidRole],
      [{ role: 7 }, 'role', TEXTS.subuserInvalidRole],
      [{ role: '4' }, 'role', TEXTS.subuserInvalidRole],
      [{ name: '   ' }, 'name', TEXTS.cannotBeEmpty],
      [{ email: 'not-an-email' }, 'email', TEXTS.emailInvalid],
      [{ password: 'short' }, 'password', TEXTS.resetPasswordTooShort],
      [{ password: undefined }, 'password', SUBUSER_ERRORS.passwordOrLink],
      [{ linkedAccounts: '40001' }, 'linkedAccounts'],
      [{ linkedAccounts: ['70001'] }, 'linkedAccounts'],
      [{ linkedAccounts: ['40001', '99999'] }, 'linkedAccounts'],
      [{ company_id: 'x' }, 'company_id'],
      [{ company_id: undefined }, 'company_id'],
    ];
    const before = await snapshot();
    for (const [change, field, message] of cases) {
      const response = await as(primary, 'POST', apiUrl(API_PATHS.subusers), { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().field, JSON.stringify(change)).toBe(field);
      if (message) expect(response.json().errors).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never adds a user to another company: company_id of another answers 400', async () => {
    const before = await snapshot();
    const response = await as(primary, 'POST', apiUrl(API_PATHS.subusers), {
      name: 'Mole',
      email: newEmail(),
      password: PASSWORD,
      role: 4,
      linkedAccounts: [],
      company_id: otherCompanyId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'company_id', message: SUBUSER_ERRORS.otherCompany });
    expect(await snapshot()).toEqual(before);
  });

  it('sends a set-password link instead of a password: single use, valid seven days', async () => {
    const email = newEmail();
    const created = await createUser({ email, password: undefined, send_password_link: true });
    const outbox = path.join(t.dataDir, 'outbox');
    const files = (await readdir(outbox)).sort();
    const mail = await simpleParser(await readFile(path.join(outbox, files.at(-1)!)));
    expect(mail.to).toMatchObject({ text: email });
    // Whose portal it is and who added them.
    expect(mail.text).toContain(
      `Maria Delgado has set up an account for you on the Clearport client portal of Demo Imports LLC, with the user name ${email}.`,
    );
    const token = /http:\/\/portal\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toHaveLength(43);
    // The link opens the page as Set your password: the user's name and e-mail, which the mail says already, and nothing else.
    const link = new URL(/http:\/\/portal\.test\/reset-password\/\S+/.exec(mail.text ?? '')![0]);
    expect([...link.searchParams]).toEqual([
      ['welcome', '1'],
      ['name', created.name],
      ['email', email],
    ]);
    const reset = await t.app.db
      .selectFrom('password_resets')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
      .where('user_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(reset.seconds).toBe(7 * 86_400);

    const setPassword = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(API_PATHS.resetPassword, { token: token! }),
        payload: { email, password, password_confirmation: password },
      });
    expect((await setPassword('chosen-pass-1')).statusCode).toBe(200);
    await login(t.app, email, 'chosen-pass-1');
    expect((await setPassword('chosen-pass-2')).statusCode).toBe(400);
  });

  it('sends the set-password link in an HTML part too, as a link, the name escaped', async () => {
    const email = newEmail();
    await createUser({ name: '<b>Ann & Co</b>', email, password: undefined, send_password_link: true });
    const outbox = path.join(t.dataDir, 'outbox');
    const files = (await readdir(outbox)).sort();
    const mail = await simpleParser(await readFile(path.join(outbox, files.at(-1)!)));
    expect(mail.to).toMatchObject({ text: email });
    const link = /http:\/\/portal\.test\/reset-password\/\S+/.exec(mail.text ?? '')![0];

    expect(mail.text).toContain('Hello <b>Ann & Co</b>,');
    expect(mail.html).toContain('<p>Hello &#60;b&#62;Ann &#38; Co&#60;/b&#62;,</p>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      `<p>Maria Delgado has set up an account for you on the Clearport client portal of Demo Imports LLC, with the user name ${email}.</p>`,
    );
    // The link's query holds `&`, an entity in the attribute.
    const inHtml = link.replaceAll('&', '&#38;');
    expect(inHtml).not.toBe(link);
    expect(mail.html).toContain(`<a href="${inHtml}">${inHtml}</a>`);
  });
});

describe('PATCH user/user/subusers/{id}', () => {
  it('changes name, e-mail, position and accounts, records who changed what, and answers the user', async () => {
    const created = await createUser({ role: 5, linkedAccounts: ['40001'] });
    const email = newEmail().toUpperCase();
    const response = await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), {
      name: 'Renamed',
      email,
      role: 4,
      linkedAccounts: ['40002', '40003'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = SubuserSaveResponse.parse(response.json());
    expect(body.message).toBe(TEXTS.subuserUpdated);
    expect(body.subuser).toMatchObject({ name: 'Renamed', email, role: 4, linked_accounts: ['40002', '40003'] });
    const record = await changeRecordOf(created.id, 'update');
    expect(record.changed_by).toBe(await userIdOf('manager@demo.test'));
    expect(record.detail).toEqual({
      name: { from: 'New Person', to: 'Renamed' },
      email: { from: created.email, to: email },
      role: { from: 5, to: 4 },
      accounts_linked: ['40002', '40003'],
      accounts_unlinked: ['40001'],
    });
  });

  it('lets a user keep their own e-mail in another case', async () => {
    const created = await createUser();
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), {
      email: created.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses another user’s e-mail whatever its case (409), and changes nothing', async () => {
    const created = await createUser();
    const before = await snapshot();
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), {
      name: 'Not Saved',
      email: 'Manager@DEMO.test',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().field).toBe('email');
    expect(await snapshot()).toEqual(before);
  });

  it('never edits a primary user (403), nor another company’s user (404), and changes nothing', async () => {
    const before = await snapshot();
    const primaryId = await userIdOf('primary@demo.test');
    const edit = await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: primaryId }), { name: 'Demoted', role: 5 });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(SUBUSER_ERRORS.primaryLocked);
    const ownPrimary = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: primaryId }), { name: 'Me' });
    expect(ownPrimary.statusCode).toBe(403);
    const foreign = await userIdOf('primary@other.test');
    expect(
      (await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: foreign }), { name: 'Hijack' })).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('ignores company_id in the body: a user never moves to another company', async () => {
    const created = await createUser();
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), {
      name: 'Stays Home',
      company_id: otherCompanyId,
    });
    expect(response.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(demoCompanyId);
  });

  it('does not let a manager change their own position or deactivate themselves', async () => {
    const managerId = await userIdOf('manager@demo.test');
    for (const change of [{ role: 5 }, { active: 0 }]) {
      const response = await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: managerId }), change);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SUBUSER_ERRORS.cannotChangeOwnAccess);
    }
  });

  it('tells the old address when a manager changes a user’s login e-mail', async () => {
    const created = await createUser({ name: '<b>Ann & Co</b>' });
    const outbox = path.join(t.dataDir, 'outbox');
    const mailsNow = async () => (await readdir(outbox).catch(() => [])).sort();
    const before = await mailsNow();
    const changedTo = newEmail();
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), { email: changedTo });
    expect(response.statusCode, response.body).toBe(200);
    const added = (await mailsNow()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(outbox, added[0]!)));
    expect(mail.to).toMatchObject({ text: created.email });
    expect(mail.subject).toBe('Your Clearport e-mail address was changed');
    expect(mail.text).toContain(changedTo);
    // Who made it: not the reader, whom the notice would otherwise send to the brokerage in alarm.
    expect(mail.text).toContain(`changed from ${created.email} to ${changedTo} by Maria Delgado.`);
    expect(mail.text).toContain('ask Maria Delgado');
    expect(mail.html).toContain('<p>Hello &#60;b&#62;Ann &#38; Co&#60;/b&#62;,</p>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      `<p>The e-mail address you log in to the Clearport client portal with was changed from ${created.email} to ${changedTo} by Maria Delgado.</p>`,
    );
    // A new link to a user who has an account says so.
    await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), { send_password_link: true });
    const [resent] = (await mailsNow()).filter((file) => !before.includes(file) && file !== added[0]);
    const link = await simpleParser(await readFile(path.join(outbox, resent!)));
    expect(link.text).toContain(
      `Maria Delgado has sent you a link to choose a new password for the Clearport client portal of Demo Imports LLC, where your user name is ${changedTo}.`,
    );
    before.push(resent!);
    // A change of the name alone tells nobody.
    await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), { name: 'Renamed Person' });
    expect((await mailsNow()).length).toBe(before.length + 1);
  });

  it("leaves a manager's own e-mail, password and second factor to Settings, which asks for the password", async () => {
    const managerId = await userIdOf('manager@demo.test');
    const before = await snapshot();
    for (const change of [
      { email: 'taken-over@elsewhere.test' },
      { password: 'a-new-password-1' },
      { send_password_link: true },
    ]) {
      const response = await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: managerId }), change);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json().message).toBe(SUBUSER_ERRORS.ownSignInInSettings);
    }
    const reset = await as(manager, 'POST', apiUrl(API_PATHS.resetUserTwoFactor, { id: managerId }), {});
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(SUBUSER_ERRORS.ownSignInInSettings);
    expect(await snapshot()).toEqual(before);
    // Their name, with their e-mail as it is, they change here.
    const { email, name } = before.users.find((user) => user.id === managerId)!;
    const renamed = await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: managerId }), {
      name: 'Manager Renamed',
      email,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await as(manager, 'PATCH', apiUrl(API_PATHS.subuser, { id: managerId }), { name })).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const created = await createUser();
    const before = await snapshot();
    const cases: Array<[object, string]> = [
      [{ role: 3 }, 'role'],
      [{ name: '' }, 'name'],
      [{ email: 'nope' }, 'email'],
      [{ password: '12345' }, 'password'],
      [{ active: 2 }, 'active'],
      [{ linkedAccounts: ['70001'] }, 'linkedAccounts'],
      [{ linkedAccounts: [''] }, 'linkedAccounts.0'],
    ];
    for (const [change, field] of cases) {
      const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().field, JSON.stringify(change)).toBe(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a new password or deactivation ends the user’s sessions at once', async () => {
    const created = await createUser();
    const token = await login(t.app, created.email, PASSWORD);
    const profile = () => injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.profile) });
    expect((await profile()).statusCode).toBe(200);
    await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), { password: 'another-pass' });
    expect((await profile()).statusCode).toBe(401);
    await login(t.app, created.email, 'another-pass');

    const second = await login(t.app, created.email, 'another-pass');
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), { active: 0 });
    expect(SubuserSaveResponse.parse(response.json()).subuser.active).toBe(0);
    expect((await injectAs(t.app, second, { method: 'GET', url: apiUrl(API_PATHS.profile) })).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.login),
      payload: { userName: created.email, password: 'another-pass' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('unlinking an account hides its shipments, invoices and files from the sub-user’s next call', async () => {
    const created = await createUser({ role: 5, linkedAccounts: ['40001', '40002'] });
    const token = await login(t.app, created.email, PASSWORD);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('invoices', 'invoices.shipment_id', 'shipments.id')
      .innerJoin('documents', 'documents.shipment_id', 'shipments.id')
      .select(['shipments.id', 'invoices.path as invoicePath', 'documents.path as documentPath'])
      .where('accounts.account_no', '=', '40002')
      .where('invoices.path', 'is not', null)
      .executeTakeFirstOrThrow();
    const get = (url: string) => injectAs(t.app, token, { method: 'GET', url });
    const accountsOfList = async () =>
      new Set(
        (await get(apiUrl(API_PATHS.shipments, {}, { page: 1 })))
          .json()
          .data.map((item: { account_no: string }) => item.account_no),
      );

    expect(await accountsOfList()).toEqual(new Set(['40001', '40002']));
    expect((await get(apiUrl(API_PATHS.shipmentDetail, { id: shipment.id }))).statusCode).toBe(200);
    expect((await get(fileUrl(shipment.invoicePath!))).statusCode).toBe(200);
    expect((await get(fileUrl(shipment.documentPath))).statusCode).toBe(200);

    const unlink = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: created.id }), {
      linkedAccounts: ['40001'],
    });
    expect(unlink.statusCode).toBe(200);

    expect(await accountsOfList()).toEqual(new Set(['40001']));
    expect((await get(apiUrl(API_PATHS.shipments, {}, { page: 1, account_no: 40002 }))).json().data).toEqual([]);
    expect((await get(apiUrl(API_PATHS.shipmentDetail, { id: shipment.id }))).statusCode).toBe(404);
    expect((await get(fileUrl(shipment.invoicePath!))).statusCode).toBe(404);
    expect((await get(fileUrl(shipment.documentPath))).statusCode).toBe(404);
    const invoices = await get(apiUrl(API_PATHS.invoices));
    if (invoices.statusCode === 200) {
      expect(JSON.stringify(invoices.json())).not.toContain(shipment.invoicePath!);
    }
  });

  it('lets a manager link only the accounts they see', async () => {
    const limitedManager = await createUser({ role: 4, linkedAccounts: ['40001'] });
    const managerToken = await login(t.app, limitedManager.email, PASSWORD);
    const target = await createUser({ role: 5, linkedAccounts: ['40001'] });
    const accounts = AccountsResponse.parse((await as(managerToken, 'GET', apiUrl(API_PATHS.accounts))).json());
    expect(accounts.accounts.map((account) => account.account_no)).toEqual(['40001']);

    const refused = await as(managerToken, 'PATCH', apiUrl(API_PATHS.subuser, { id: target.id }), {
      linkedAccounts: ['40001', '40002'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('linkedAccounts');
    const response = await as(managerToken, 'PATCH', apiUrl(API_PATHS.subuser, { id: target.id }), {
      linkedAccounts: [],
    });
    expect(SubuserSaveResponse.parse(response.json()).subuser.linked_accounts).toEqual([]);
  });
});

describe('a manager manages only users whose accounts are all theirs', () => {
  const EVERY_ACCOUNT = ['40001', '40002', '40003'];

  /** A manager of these accounts (40001 alone unless named), logged in. */
  async function limitedManager(accounts = ['40001']) {
    const created = await createUser({ role: 4, linkedAccounts: accounts });
    return { ...created, token: await login(t.app, created.email, PASSWORD) };
  }

  const accountsSeenBy = async (token: string) =>
    (await as(token, 'GET', apiUrl(API_PATHS.profile)))
      .json<{ accounts: Array<{ account_no: string }> }>()
      .accounts.map((account) => account.account_no);

  const outboxCount = async () => (await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).length;
  const resetCount = () => rowCount(t.app.db, 'password_resets');

  /** A manager of 40001 alone and a manager of every account, whom the first must not take over. */
  async function takeoverAttempt() {
    return {
      manager40001: await limitedManager(),
      target: await createUser({ role: 4, linkedAccounts: EVERY_ACCOUNT }),
    };
  }

  /** The target still logs in with their own password only, and still sees every account. */
  async function expectUntouched(target: { email: string }) {
    const takenOver = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.login),
      payload: { userName: target.email, password: 'taken-over-1' },
    });
    expect(takenOver.statusCode).toBe(401);
    expect(await accountsSeenBy(await login(t.app, target.email, PASSWORD))).toEqual(EVERY_ACCOUNT);
  }

  const ATTACKS: Array<[string, object]> = [
    ['a new password', { password: 'taken-over-1' }],
    ['their e-mail moved to an address the manager reads', { email: 'taken-over@demo.test' }],
    ['a set-password e-mail', { send_password_link: true }],
    [
      'a new e-mail, password and set-password e-mail at once',
      {
        email: 'taken-over-2@demo.test',
        password: 'taken-over-1',
        send_password_link: true,
      },
    ],
    ['a new position', { role: 5 }],
    ['deactivation', { active: 0 }],
    ['a new name', { name: 'Taken Over' }],
    ['fewer accounts', { linkedAccounts: ['40001'] }],
  ];

  it.for(ATTACKS)(
    'refuses a manager %s for a user linked to an account the manager does not see (403), changing nothing',
    async ([, change]) => {
      const { manager40001, target } = await takeoverAttempt();
      const before = await snapshot();
      const [mails, resets] = [await outboxCount(), await resetCount()];
      const response = await as(manager40001.token, 'PATCH', apiUrl(API_PATHS.subuser, { id: target.id }), change);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(SUBUSER_ERRORS.outsideAccounts);
      expect(await snapshot()).toEqual(before);
      expect([await outboxCount(), await resetCount()]).toEqual([mails, resets]);
      await expectUntouched(target);
    },
  );

  it('refuses a manager deleting a user linked to an account the manager does not see (403), changing nothing', async () => {
    const { manager40001, target } = await takeoverAttempt();
    const before = await snapshot();
    const response = await as(manager40001.token, 'DELETE', apiUrl(API_PATHS.subuser, { id: target.id }));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(SUBUSER_ERRORS.outsideAccounts);
    expect(await snapshot()).toEqual(before);
    await expectUntouched(target);
  });

  it('refuses a user who shares none of the manager’s accounts, and the demo manager who sees them all', async () => {
    const manager40001 = await limitedManager();
    const elsewhere = await createUser({ role: 5, linkedAccounts: ['40002'] });
    const demoManager = await userIdOf('manager@demo.test');
    for (const id of [elsewhere.id, demoManager]) {
      const response = await as(manager40001.token, 'PATCH', apiUrl(API_PATHS.subuser, { id }), {
        password: 'taken-over-1',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SUBUSER_ERRORS.outsideAccounts);
    }
    // The demo password still works.
    await login(t.app, 'manager@demo.test');
  });

  it('still reads such a user', async () => {
    const manager40001 = await limitedManager();
    const target = await createUser({ role: 4, linkedAccounts: EVERY_ACCOUNT });
    const response = await as(manager40001.token, 'GET', apiUrl(API_PATHS.subuser, { id: target.id }));
    expect(SubuserResponse.parse(response.json()).subuser.linked_accounts).toEqual(EVERY_ACCOUNT);
  });

  it('lets a manager change and delete a user whose accounts are all among theirs, or who has none', async () => {
    const manager = await limitedManager(['40001', '40002']);
    const target = await createUser({ role: 5, linkedAccounts: ['40001'] });
    const email = newEmail();
    const response = await as(manager.token, 'PATCH', apiUrl(API_PATHS.subuser, { id: target.id }), {
      email,
      password: 'new-pass-123',
      role: 4,
      linkedAccounts: ['40001', '40002'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountsSeenBy(await login(t.app, email, 'new-pass-123'))).toEqual(['40001', '40002']);

    const unlinked = await createUser({ role: 11, linkedAccounts: [] });
    expect(
      (await as(manager.token, 'PATCH', apiUrl(API_PATHS.subuser, { id: unlinked.id }), { active: 0 })).statusCode,
    ).toBe(200);
    const ownName = await as(manager.token, 'PATCH', apiUrl(API_PATHS.subuser, { id: manager.id }), {
      name: 'Still Me',
    });
    expect(ownName.statusCode).toBe(200);
    for (const id of [target.id, unlinked.id]) {
      expect((await as(manager.token, 'DELETE', apiUrl(API_PATHS.subuser, { id }))).statusCode).toBe(200);
    }
  });

  it('lets the primary user change and delete a user linked to every account', async () => {
    const target = await createUser({ role: 4, linkedAccounts: EVERY_ACCOUNT });
    const response = await as(primary, 'PATCH', apiUrl(API_PATHS.subuser, { id: target.id }), {
      password: 'new-pass-123',
      role: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountsSeenBy(await login(t.app, target.email, 'new-pass-123'))).toEqual(EVERY_ACCOUNT);
    expect((await as(primary, 'DELETE', apiUrl(API_PATHS.subuser, { id: target.id }))).statusCode).toBe(200);
  });

  /**
   * Another edit links the user to 40002 while holding the user's lock; the manager's call,
   * which read the user before, waits for that lock and must then see the new link. On PGlite
   * (one connection) a transaction never interleaves with another call, so the race needs PostgreSQL.
   */
  it.runIf(process.env.TEST_DATABASE_URL)(
    'checks the user’s links as they are when the change is written, not as read before',
    async () => {
      const manager40001 = await limitedManager();
      const attempts: Array<['PATCH' | 'DELETE', object | undefined]> = [
        ['PATCH', { password: 'taken-over-1' }],
        ['DELETE', undefined],
      ];
      for (const [method, payload] of attempts) {
        const target = await createUser({ role: 5, linkedAccounts: ['40001'] });
        let linked!: () => void;
        const hasLinked = new Promise<void>((resolve) => (linked = resolve));
        let mayCommit!: () => void;
        const commit = new Promise<void>((resolve) => (mayCommit = resolve));
        const otherEdit = t.app.db.transaction().execute(async (trx) => {
          await subusersRepository.lockOfCompany(trx, demoCompanyId, target.id);
          await subusersRepository.replaceLinks(trx, demoCompanyId, target.id, ['40001', '40002']);
          linked();
          await commit;
        });
        await hasLinked;
        const call = as(manager40001.token, method, apiUrl(API_PATHS.subuser, { id: target.id }), payload);
        try {
          await waitForLockWaiter();
        } finally {
          mayCommit();
        }
        await otherEdit;
        const response = await call;
        expect(response.statusCode, `${method} ${response.body}`).toBe(403);
        expect(response.json().message).toBe(SUBUSER_ERRORS.outsideAccounts);
        expect(await accountsSeenBy(await login(t.app, target.email, PASSWORD))).toEqual(['40001', '40002']);
      }
    },
  );

  /** Until a call waits for a row lock another transaction holds. */
  async function waitForLockWaiter() {
    for (let tries = 0; tries < 500; tries += 1) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.db);
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no call waited for the lock');
  }
});

describe('DELETE user/user/subusers/{id}', () => {
  it('deletes a sub-user, ends their session at once, and records it', async () => {
    const created = await createUser();
    const token = await login(t.app, created.email, PASSWORD);
    const response = await as(manager, 'DELETE', apiUrl(API_PATHS.subuser, { id: created.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SUBUSER_DELETED);
    expect(
      (await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, { page: 1 }) })).statusCode,
    ).toBe(401);
    expect((await as(primary, 'GET', apiUrl(API_PATHS.subuser, { id: created.id }))).statusCode).toBe(404);
    const record = await changeRecordOf(created.id, 'delete');
    expect(record).toMatchObject({ user_email: created.email, changed_by: await userIdOf('manager@demo.test') });
  });

  it('never deletes a primary user, oneself, or another company’s user, and changes nothing', async () => {
    const before = await snapshot();
    const primaryId = await userIdOf('primary@demo.test');
    const deletePrimary = await as(manager, 'DELETE', apiUrl(API_PATHS.subuser, { id: primaryId }));
    expect(deletePrimary.statusCode).toBe(403);
    expect(deletePrimary.json().message).toBe(SUBUSER_ERRORS.primaryLocked);
    const self = await as(manager, 'DELETE', apiUrl(API_PATHS.subuser, { id: await userIdOf('manager@demo.test') }));
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SUBUSER_ERRORS.cannotDeleteSelf);
    const foreign = await userIdOf('primary@other.test');
    expect((await as(primary, 'DELETE', apiUrl(API_PATHS.subuser, { id: foreign }))).statusCode).toBe(404);
    expect((await as(primary, 'DELETE', apiUrl(API_PATHS.subuser, { id: 0 }))).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('when the notice of a changed e-mail cannot be sent', () => {
  it('answers 502 and changes nothing, as Settings does', async () => {
    const broken = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const token = await login(broken.app, 'primary@demo.test');
      // The same seeded template: the same ids.
      const userId = await userIdOf('user@demo.test');
      const response = await injectAs(broken.app, token, {
        method: 'PATCH',
        url: apiUrl(API_PATHS.subuser, { id: userId }),
        payload: { email: 'moved.user@demo.test' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ message: SUBUSER_ERRORS.noticeFailed, field: 'email' });
      const stored = await broken.app.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(stored.email).toBe('user@demo.test');
      expect(await broken.app.db.selectFrom('user_changes').selectAll().execute()).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('when the set-password e-mail cannot be sent', () => {
  it('answers 502 and saves nothing', async () => {
    const broken = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const token = await login(broken.app, 'primary@demo.test');
      const companyId = await companyIdOf(broken.app.db, 'Demo Imports LLC');
      const count = () => rowCount(broken.app.db, 'users');
      const before = await count();
      const response = await injectAs(broken.app, token, {
        method: 'POST',
        url: apiUrl(API_PATHS.subusers),
        payload: {
          name: 'Unreachable',
          email: 'unreachable@demo.test',
          role: 5,
          linkedAccounts: ['40001'],
          company_id: companyId,
          send_password_link: true,
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(SUBUSER_ERRORS.mailFailed);
      expect(await count()).toBe(before);
      const records = await broken.app.db.selectFrom('user_changes').selectAll().execute();
      expect(records).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
