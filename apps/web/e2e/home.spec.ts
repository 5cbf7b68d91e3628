import { CBP_EXAM_STATUSES, HOME_FILTERS } from '@clearport/contract/shipments';
import { statusDisplay } from '@clearport/contract/statuses';
import { DEMO_PASSWORD, expect, mainNavigation, test } from './fixtures.ts';
import {
  cellLines,
  chooseOption,
  pagerCounts,
  readRows,
  shipmentRows,
  shipmentsTable,
  tableSettled,
} from './shipments-table.ts';

const COUNT_LABELS = HOME_FILTERS.map((box) => box.label);

function countBoxes(page: import('@playwright/test').Page) {
  return page.getByRole('region', { name: 'Shipment counts' }).getByRole('link');
}

/** The number a Home box shows, once it has loaded. */
async function boxCount(page: import('@playwright/test').Page, label: string): Promise<number> {
  const box = countBoxes(page).filter({ hasText: label });
  await expect(box).toHaveText(new RegExp(`^\\d+ ${label.replace(/[/]/g, '\\/')}$`));
  return Number((await box.innerText()).split(/\s/)[0]);
}

test.describe('Home', () => {
  test('greets the user and shows the five counts, the banner and the shipments', async ({ page, login }) => {
    await login('primary@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Good (morning|afternoon|evening), Maria Delgado$/,
    );
    await expect(countBoxes(page)).toHaveText(COUNT_LABELS.map((label) => new RegExp(`^\\d+ ${label}$`)));

    const banner = page.getByRole('region', { name: 'Notification', exact: true });
    await expect(banner).toContainText('ACE');
    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner).toHaveCount(0);

    await expect(shipmentRows(page)).toHaveCount(40);
    // The per-document account shows its documents one by one in the status cell.
    await expect(
      shipmentsTable(page)
        .getByRole('img', { name: /^Arrival Notice (not )?submitted$/ })
        .first(),
    ).toBeVisible();
  });

  for (const box of HOME_FILTERS) {
    test(`${box.label} lists only its shipments, as many as it counts`, async ({ page, login }) => {
      await login('primary@demo.test');
      const count = await boxCount(page, box.label);
      await countBoxes(page).filter({ hasText: box.label }).click();
      await expect(page).toHaveURL(`/shipments?filter=${box.value}`);
      await tableSettled(page);
      expect(await pagerCounts(page)).toEqual({ shown: Math.min(40, count), total: count });

      const rows = await readRows(page);
      expect(rows).toHaveLength(Math.min(40, count));
      const statuses = rows.map((row) => cellLines(row, 'Status')[0]);
      const fdaHolds = rows.map((row) => row.images[7]!.filter((name) => name.startsWith('FDA hold')).length);
      if (box.value === 'documents-required') expect(new Set(statuses)).toEqual(new Set(['Documents Required']));
      if (box.value === 'under-cbp-exam') {
        for (const status of statuses) expect(CBP_EXAM_STATUSES.map(statusDisplay)).toContain(status);
      }
      if (box.value === 'under-fda-exam') expect(new Set(fdaHolds)).toEqual(new Set([1]));
    });
  }

  test("a broker's link logs the user in and leaves the address clean", async ({ page }) => {
    const reply = await page.request.post('/api/user/login', {
      data: { userName: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    const { token } = (await reply.json()) as { token: string };
    await page.goto(`/?token_user=${encodeURIComponent(token)}&primary=Maria%20Delgado&name_user=James%20Whitfield`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Good (morning|afternoon|evening), Maria Delgado$/,
    );
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNavigation(page)).toBeVisible();
    await expect(countBoxes(page).first()).toHaveText(/^\d+ /);
  });

  test('arriving from the navigation clears the saved filters; reloading keeps them', async ({ page, login }) => {
    await login('primary@demo.test');
    const search = page.getByRole('searchbox', { name: 'Search shipments' });
    const allCount = await boxCount(page, 'Without Delivery Order');

    await chooseOption(page, 'Account', '40002');
    const accountCount = await expect
      .poll(() => boxCount(page, 'Without Delivery Order'))
      .toBeLessThan(allCount)
      .then(() => boxCount(page, 'Without Delivery Order'));
    await search.fill('PO-1');
    await expect.poll(() => boxCount(page, 'Without Delivery Order')).toBeLessThan(accountCount);
    await page.reload();
    await expect(search).toHaveValue('PO-1');
    await expect(page.getByLabel('Account', { exact: true }).locator('xpath=../..')).toContainText('40002');

    await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
    await expect(page.getByRole('searchbox', { name: 'Search shipments' })).toHaveValue('PO-1');
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(search).toHaveValue('');
    await expect.poll(() => boxCount(page, 'Without Delivery Order')).toBe(allCount);

    await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
    await expect(page.getByRole('searchbox', { name: 'Search shipments' })).toHaveValue('');
    await tableSettled(page);
    expect((await pagerCounts(page)).total).toBeGreaterThan(250);
  });
});
