import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { layoutShift } from './layout-shift.ts';

const PHONE = { width: 390, height: 844 };

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userCards = (page: Page) => page.getByRole('list', { name: 'Users' }).locator(':scope > li');

/** Whether a box lies inside the window's width. */
async function expectInsideWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

test.describe('Users list', () => {
  test('a primary user is listed by account number, the name under it, without a link; a sub-user by name, with one', async ({
    page,
    signIn,
  }) => {
    await signIn('manager@demo.test', '/users');
    const primaryRow = usersTable(page).getByRole('row').filter({ hasText: 'primary@demo.test' });
    const nameCell = primaryRow.getByRole('cell').first();
    await expect(nameCell.getByText('40001, 40002, 40003', { exact: true })).toBeVisible();
    // The Name column sorts by the name, which the row shows too.
    await expect(nameCell.getByText('Maria Delgado', { exact: true })).toBeVisible();
    await expect(primaryRow.getByRole('link')).toHaveCount(0);
    const subuserRow = usersTable(page).getByRole('row').filter({ hasText: 'user@demo.test' });
    await expect(subuserRow.getByRole('link')).toHaveText('Priya Raman');
  });

  test('the tab of a user’s editor names the user', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/users');
    await usersTable(page).getByRole('link', { name: 'Priya Raman' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit User');
    await expect(page).toHaveTitle('Edit User: Priya Raman · Clearport');
    await page.getByRole('link', { name: 'Back to users' }).click();
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveTitle('New User · Clearport');
  });

  test('on a phone the users are cards with their position, linked accounts and whole e-mail, the pager on screen', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn('primary@demo.test', '/users');
    await expect(userCards(page).first()).toBeVisible();
    await expect(usersTable(page)).toHaveCount(0);

    const primary = userCards(page).filter({ hasText: 'primary@demo.test' });
    await expect(primary).toContainText('40001, 40002, 40003');
    await expect(primary).toContainText('Primary');
    await expect(primary.getByRole('link')).toHaveCount(0);

    const priya = userCards(page).filter({ has: page.getByRole('link', { name: 'Priya Raman' }) });
    await expect(priya.getByRole('term')).toHaveText(['E-mail', 'Linked accounts']);
    await expect(priya.getByRole('definition').first()).toHaveText('user@demo.test');
    await expect(priya).toContainText('User');
    for (const card of await userCards(page).all()) await expectInsideWidth(page, card);
    const email = priya.getByRole('definition').first();
    const { scrollWidth, clientWidth } = await email.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    for (const name of ['Previous', 'Next']) await expectInsideWidth(page, pager.getByRole('button', { name }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('nothing on the list moves as the users arrive', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn('primary@demo.test', '/users');
    await expect(usersTable(page).getByRole('link', { name: 'Priya Raman' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  for (const [device, size] of [
    ['a desktop', { width: 1350, height: 800 }],
    ['a phone', PHONE],
  ] as const) {
    test(`on ${device}, nothing on a new user's form moves as the accounts to link arrive`, async ({
      page,
      signIn,
    }) => {
      await page.setViewportSize(size);
      await signIn('primary@demo.test', '/users/new-user');
      await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Linked accounts' }).getByRole('switch').first()).toBeVisible();
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }
});
