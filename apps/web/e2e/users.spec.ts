import type { Browser, Page } from '@playwright/test';
import { SUBUSER_ERROR_DISPLAY_MS } from '@clearport/contract/constants';
import { SUBUSER_DELETED, SUBUSER_ERRORS } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { DEMO_PASSWORD, declineNextConfirm, expect, mainNavigation, submitLogin, test } from './fixtures.ts';
import { outboxFiles, waitForResetLink } from './outbox.ts';
import { readRows, shipmentRows, tableSettled } from './shipments-table.ts';

const PRIMARY = 'primary@demo.test';
const PASSWORD = 'viewer-pass-1';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRows = (page: Page) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const ACCOUNT_COLUMN = 1;

/** Picks an option of a dropdown (react-select) as a user would. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The account numbers of the shipments the page lists. */
async function listedAccounts(page: Page): Promise<Set<string>> {
  await tableSettled(page);
  await expect(shipmentRows(page).first()).toBeVisible();
  const rows = await readRows(page);
  return new Set(rows.map((row) => row.lines[ACCOUNT_COLUMN]!.join(' ')));
}

/** A second browser, logged in as `email`: another person at another desk. */
async function loginElsewhere(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(mainNavigation(page)).toBeVisible();
  return { context, page };
}

test.describe('Users', () => {
  test('a primary user adds a Shipments Info user, changes their accounts and deletes them; access follows at once', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(240_000);
    const email = `viewer-${Date.now()}@demo.test`;
    await signIn(PRIMARY, '/users');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New User');

    await page.getByLabel('Full name').fill('Nina Viewer');
    await page.getByLabel('Username (e-mail)').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('switch', { name: '40002' }).check();
    await choose(page, 'Position', 'Shipments Info');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('status').filter({ hasText: TEXTS.subuserCreated })).toBeVisible();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit User');

    // The new user, at another desk: only account 40002, and the read-only view.
    const viewer = await loginElsewhere(browser, baseURL!, email, PASSWORD);
    await expect(viewer.page).toHaveURL(/\/shipments$/);
    await expect(mainNavigation(viewer.page).getByRole('link')).toHaveText(['Shipments']);
    expect(await listedAccounts(viewer.page)).toEqual(new Set(['40002']));
    await shipmentRows(viewer.page).first().getByRole('link').first().click();
    await expect(viewer.page.getByRole('region', { name: 'Shipment details', exact: true })).toBeVisible();
    for (const name of ['Delivery orders', 'Notes', 'Files']) {
      await expect(viewer.page.getByRole('region', { name, exact: true })).toHaveCount(0);
    }
    await expect(viewer.page.getByRole('textbox')).toHaveCount(0);

    // The primary user moves them to account 40001: their next page load shows it.
    await page.getByRole('switch', { name: '40002' }).uncheck();
    await page.getByRole('switch', { name: '40001' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: TEXTS.subuserUpdated })).toBeVisible();
    await viewer.page.goto('/shipments');
    expect(await listedAccounts(viewer.page)).toEqual(new Set(['40001']));

    // Deleted: their open session ends with their next call, which opens the login page and names
    // the page to come back to.
    page.once('dialog', (dialog) => void dialog.accept());
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.getByRole('button', { name: 'Delete user' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('status').filter({ hasText: SUBUSER_DELETED })).toBeVisible();
    await expect(usersTable(page).getByText(email)).toHaveCount(0);
    // The deleted user's page went before their data: nothing asked for them again.
    expect(refused).toEqual([]);
    await viewer.page.reload();
    await expect(viewer.page).toHaveURL(/\/login\?next=%2Fshipments$/);
    await expect(viewer.page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    await viewer.context.close();
  });

  test('asks before leaving a user with changes not saved, and stays when told to', async ({ page, signIn }) => {
    await signIn(PRIMARY, '/users');
    await usersTable(page).getByRole('link', { name: 'Priya Raman' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit User');
    await page.getByLabel('Full name').fill('Priya R.');
    const messages = declineNextConfirm(page);
    await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
    await expect.poll(() => messages).toEqual([TEXTS.settingsUnsavedChanges]);
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Priya R.');
  });

  test('the position filter and the search narrow the list; a primary user has no link', async ({ page, signIn }) => {
    await signIn(PRIMARY, '/users');
    await expect(userRows(page).filter({ hasText: 'manager@demo.test' })).toBeVisible();
    const primaryRow = userRows(page).filter({ hasText: 'primary@demo.test' });
    await expect(primaryRow).toContainText('40001, 40002, 40003');
    await expect(primaryRow.getByRole('link')).toHaveCount(0);
    await expect(userRows(page).filter({ hasText: 'user@demo.test' }).getByRole('link')).toHaveText('Priya Raman');
    await expect(userRows(page).filter({ hasText: 'other.test' })).toHaveCount(0);

    await choose(page, 'Position', 'Managers');
    await expect(userRows(page).filter({ hasNotText: 'Manager' })).toHaveCount(0);
    await expect(userRows(page).filter({ hasText: 'manager@demo.test' })).toBeVisible();

    await choose(page, 'Position', 'All Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('PRIYA');
    await expect(userRows(page)).toHaveCount(1);
    await expect(userRows(page)).toContainText('user@demo.test');

    await page.getByRole('searchbox', { name: 'Search users' }).fill('no-such-person');
    await expect(usersTable(page).getByText(TEXTS.noUsersFound)).toBeVisible();
  });

  test('a duplicate e-mail shows the server’s message for 5 seconds', async ({ page, signIn }) => {
    // The page's clock, moved on by the test: the 5 seconds are counted exactly, and waited for by no one.
    await page.clock.install();
    await signIn(PRIMARY, '/users/new-user');
    await page.getByLabel('Full name').fill('Twin');
    await page.getByLabel('Username (e-mail)').fill('USER@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await choose(page, 'Position', 'User');
    await page.getByRole('button', { name: 'Add User' }).click();
    const alert = page.getByRole('alert').filter({ hasText: SUBUSER_ERRORS.emailTaken });
    await expect(alert).toBeVisible();
    await page.clock.runFor(SUBUSER_ERROR_DISPLAY_MS - 100);
    await expect(alert).toBeVisible();
    await page.clock.runFor(100);
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(/\/users\/new-user$/);
  });

  test('a new user sets their own password through the e-mailed link, greeted by name with their e-mail filled in', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const email = `invited-${Date.now()}@demo.test`;
    await signIn(PRIMARY, '/users/new-user');
    await page.getByLabel('Full name').fill('Ivy Invited');
    await page.getByLabel('Username (e-mail)').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('typed-then-dropped');
    await page.getByRole('checkbox', { name: 'E-mail a link to set the password' }).check();
    await expect(password).toBeDisabled();
    await expect(password).toHaveValue('');
    await page.getByRole('switch', { name: '40001' }).check();
    await choose(page, 'Position', 'User');
    const filesBefore = outboxFiles();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('status').filter({ hasText: TEXTS.subuserCreated })).toBeVisible();
    const link = await waitForResetLink(email, filesBefore);

    const context = await browser.newContext({ baseURL });
    const invited = await context.newPage();
    await invited.goto(link);
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText('Set your password');
    await expect(invited).toHaveTitle('Set your password · Clearport');
    await expect(invited.getByText('Hello Ivy Invited, choose the password of your Clearport account.')).toBeVisible();
    const emailField = invited.getByLabel('Email address');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).not.toBeEditable();
    await invited.getByLabel('New password').fill(PASSWORD);
    await invited.getByLabel('Confirm password').fill(PASSWORD);
    await invited.getByRole('button', { name: 'Set password' }).click();
    await expect(invited.getByRole('status')).toHaveText(TEXTS.resetSuccess);
    await invited.goto('/login');
    await submitLogin(invited, email, PASSWORD);
    await expect(mainNavigation(invited)).toBeVisible();
    await expect(mainNavigation(invited).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await context.close();
  });

  for (const email of ['user@demo.test', 'viewer@demo.test']) {
    test(`${email} has no Users link, and typing /users shows the not-found page, no user`, async ({
      page,
      signIn,
    }) => {
      await signIn(email);
      await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
      for (const path of ['/users', '/users/new-user']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.notFound);
        await expect(page).toHaveURL(path);
        await expect(usersTable(page)).toHaveCount(0);
        await expect(page.getByLabel('Full name')).toHaveCount(0);
      }
    });
  }
});
