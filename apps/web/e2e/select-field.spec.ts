import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseOption, tableSettled } from './shipments-table.ts';

const LABELS = ['Status', 'Account', 'Date', 'Port of entry', 'Entry type'];

/** The control around a list's input (three levels up, in the look-alike as in react-select). */
const controlOf = (page: Page, label: string): Locator =>
  page.getByRole('combobox', { name: label, exact: true }).locator('xpath=ancestor::div[3]');

async function boxes(page: Page) {
  return Promise.all(LABELS.map(async (label) => (await controlOf(page, label).boundingBox())!));
}

test.describe('The lists before and after first use', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
  });

  test('react-select takes each look-alike’s place in the same box, and the page does not move', async ({ page }) => {
    const filters = page.getByRole('search', { name: 'Shipment filters' });
    const table = page.getByRole('table');
    const before = {
      controls: await boxes(page),
      filters: await filters.boundingBox(),
      table: await table.boundingBox(),
    };
    for (const label of LABELS) {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option')).toHaveCount(0);
    }
    // Every list is react-select now; focus leaves them, so that none draws its focus ring.
    await page.getByRole('heading', { level: 1 }).click();
    expect(await boxes(page)).toEqual(before.controls);
    expect(await filters.boundingBox()).toEqual(before.filters);
    expect(await table.boundingBox()).toEqual(before.table);
    for (const label of LABELS) await expect(controlOf(page, label)).toHaveClass(/-control/);
  });

  test('a long port or entry type chosen leaves every list in its place, the value cut short', async ({ page }) => {
    const before = await boxes(page);
    await chooseOption(page, 'Port of entry', '3029 Seattle-Tacoma International Airport, WA');
    await chooseOption(page, 'Entry type', '07 Consumption - Antidumping/Countervailing Duty and Quota/Visa');
    await page.getByRole('heading', { level: 1 }).click();
    expect(await boxes(page)).toEqual(before);
    const entryType = controlOf(page, 'Entry type').getByText(/^07 Consumption/);
    expect(await entryType.evaluate((value) => value.scrollWidth > value.clientWidth)).toBe(true);
    // The longest status is read whole.
    await chooseOption(page, 'Status', 'CBP Docs Review Hold');
    const status = controlOf(page, 'Status').getByText('CBP Docs Review Hold', { exact: true });
    expect(await status.evaluate((value) => value.scrollWidth <= value.clientWidth)).toBe(true);
  });

  test('a list reached with Tab opens with the keyboard and chooses with Enter', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search shipments' }).focus();
    await page.keyboard.press('Tab');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await expect(status).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Released', exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('search', { name: 'Shipment filters' }).getByText('Released', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shipments/);
    await tableSettled(page);
  });
});

test('a list with nothing chosen, opened with Arrow Down before react-select is loaded, chooses its first option with Enter', async ({
  page,
  signIn,
}) => {
  await signIn('primary@demo.test', '/users/new-user');
  const position = page.getByRole('combobox', { name: 'Position', exact: true });
  await position.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(position.locator('xpath=ancestor::div[3]')).toContainText('Manager');
  // Enter chose; it did not send the form, which would mark the empty fields.
  await expect(page.getByText('Cannot be empty')).toHaveCount(0);
});
