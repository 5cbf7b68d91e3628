import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };

/**
 * The most lines any one text of an element takes: more than one when it broke inside a word. An
 * e-mail address is two texts, before and after a break opportunity after its @.
 */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let most = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      most = Math.max(most, new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size);
    }
    return most;
  });

async function openFirstInvoice(page: Page) {
  await page.getByRole('list', { name: 'Invoices' }).locator(':scope > li').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice /);
}

test('on a phone the invoice page keeps numbers and addresses whole, copies bank details and opens the PDF', async ({
  page,
  context,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(PHONE);
  await signIn('primary@demo.test', '/billing');
  await openFirstInvoice(page);

  const openPdf = page.getByRole('link', { name: 'Open PDF' });
  await expect(openPdf).toHaveAttribute('target', '_blank');
  await expect(openPdf).toHaveAttribute('href', /^blob:/);

  const bank = page.getByRole('region', { name: 'Payment Instructions' }).getByRole('region', { name: 'ACH/Wire' });
  for (const number of ['000123456789', '011999993', '021999996']) {
    const value = bank.getByText(number, { exact: true });
    await expect(value).toBeVisible();
    expect(await linesOf(value), number).toBe(1);
    const box = (await value.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  const quickPay = page
    .getByRole('region', { name: 'Payment Instructions' })
    .getByRole('region', { name: 'Quickpay/Zelle' });
  const quickPayEmail = quickPay.getByText(/@clearport\.example$/);
  expect(await linesOf(quickPayEmail)).toBe(1);
  for (const mail of await page.getByRole('link', { name: /@clearport\.example$/ }).all()) {
    expect(await linesOf(mail)).toBe(1);
  }

  await bank.getByRole('button', { name: 'Copy account number' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('000123456789');
  await bank.getByRole('button', { name: 'Copy ACH routing number' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('011999993');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const popup = page.waitForEvent('popup');
  await openPdf.click();
  const pdf = await popup;
  await expect.poll(() => pdf.evaluate(() => document.contentType)).toBe('application/pdf');
});
