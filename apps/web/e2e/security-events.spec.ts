import type { Page } from '@playwright/test';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';

const eventsTable = (page: Page) => page.getByRole('table', { name: 'Security events' });
const eventCards = (page: Page) => page.getByRole('list', { name: 'Security events' });

test('the primary user finds a failed sign-in among the security events, at 1366 and 390 px', async ({
  page,
  signIn,
}) => {
  // One wrong password for user@demo.test: far below the login throttle.
  const failed = await page.request.post(`${API_BASE}${API_PATHS.login}`, {
    data: { userName: 'user@demo.test', password: 'not-the-password-1' },
  });
  expect(failed.status()).toBe(401);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn('primary@demo.test', '/users');
  await page.getByRole('link', { name: 'Security events' }).click();
  await expect(page).toHaveURL(/\/users\/security-events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security events');
  const breadcrumbs = page.getByRole('navigation', { name: /breadcrumb/i });
  await expect(breadcrumbs.getByRole('link')).toHaveText(['Home', 'Users', 'Security events']);

  const failedRow = eventsTable(page)
    .getByRole('row')
    .filter({ hasText: 'user@demo.test' })
    .filter({ hasText: 'Sign-in' })
    .filter({ hasText: 'Failure' });
  await expect(failedRow.first()).toBeVisible();
  await expect(failedRow.first()).toContainText('reason: wrong_password');
  // In the company's zone, whose days the filter's dates are, and named.
  await expect(failedRow.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M E[SD]T/);

  await page.getByRole('combobox', { name: 'Event', exact: true }).selectOption({ label: 'Sign-out' });
  await expect(eventsTable(page).getByRole('row').filter({ hasText: 'Sign-in' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Event', exact: true }).selectOption({ label: 'Sign-in' });
  await expect(failedRow.first()).toBeVisible();
  await expect(eventsTable(page).getByRole('row').filter({ hasText: 'Sign-out' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'User', exact: true }).selectOption({ label: 'user@demo.test' });
  await expect(failedRow.first()).toBeVisible();
  await expect(eventsTable(page).getByRole('row').filter({ hasText: 'primary@demo.test' })).toHaveCount(0);
  await expectAccessible(page, '/users/security-events at 1366 px');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^security-events-.*\.csv$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(eventsTable(page)).toHaveCount(0);
  await expect(eventCards(page).getByRole('listitem').filter({ hasText: 'Failure' }).first()).toBeVisible();
  await expectAccessible(page, '/users/security-events at 390 px');
});

test('a role 5 user typing the address gets the not-found page', async ({ page, signIn, navigate }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/security-events')) calls.push(request.url());
  });
  await signIn('user@demo.test');
  await navigate('/users/security-events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR THIS PAGE DOES NOT EXIST');
  expect(calls.filter((url) => url.includes('/api/'))).toEqual([]);
});
