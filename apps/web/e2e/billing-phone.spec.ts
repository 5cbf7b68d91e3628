import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { layoutShift } from './layout-shift.ts';

const PHONE = { width: 390, height: 844 };

const invoiceCards = (page: Page) => page.getByRole('list', { name: 'Invoices' }).locator(':scope > li');

async function expectInsideWidth(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

test('on a phone the invoices are cards with their amount, due date and status, the pager on screen', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize(PHONE);
  await signIn('primary@demo.test', '/billing');
  await expect(invoiceCards(page)).toHaveCount(40);
  await expect(page.getByRole('table', { name: 'Invoices' })).toHaveCount(0);

  const first = invoiceCards(page).first();
  await expect(first.getByRole('link').first()).toHaveText(/\S/);
  await expect(first).toContainText(/Not Paid|Paid/);
  await expect(first.getByRole('term')).toContainText(['Amount', 'Due Date']);
  const amount = first.getByRole('definition').filter({ hasText: /^\$[\d,]+\.\d{2}$/ });
  await expect(amount).toBeVisible();
  await expect(
    first
      .getByRole('definition')
      .filter({ hasText: /^\d{2}\/\d{2}\/\d{4}/ })
      .first(),
  ).toBeVisible();
  for (const card of (await invoiceCards(page).all()).slice(0, 5)) await expectInsideWidth(card);
  const height = (await first.boundingBox())!.height;
  expect(height).toBeLessThan(400);

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  for (const name of ['Previous', 'Next']) await expectInsideWidth(pager.getByRole('button', { name }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone the invoice cards do not move the page as they load', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE);
  await signIn('primary@demo.test', '/billing');
  await expect(invoiceCards(page)).toHaveCount(40);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});
