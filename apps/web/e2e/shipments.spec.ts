import type { Page } from '@playwright/test';
import { CustomsEntryResponse, HOLDING_DISPOSITIONS } from '@clearport/contract/customs-entry';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { expect, test } from './fixtures.ts';
import {
  cellLines,
  chooseOption,
  COLUMNS,
  isSorted,
  optionsOf,
  pagerCounts,
  readRows,
  shipmentRows,
  shipmentsTable,
  sortKeys,
  tableSettled,
} from './shipments-table.ts';

/** The current customs entry of each shipment listed on the page, read through its own call. */
async function currentEntriesOfRows(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;
  const links = await shipmentRows(page)
    .locator('a[href*="/shipments/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
  const ids = [...new Set(links.map((href) => /\/shipments\/(\d+)/.exec(href)![1]!))];
  return Promise.all(
    ids.map(async (id) => {
      const reply = await page.request.get(`${API_BASE}${API_PATHS.customsEntry.replace(':id', id)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.status()).toBe(200);
      return CustomsEntryResponse.parse(await reply.json()).entry;
    }),
  );
}

/** Goes to page 2 of the list and waits for it. */
async function toPageTwo(page: Page) {
  const { total } = await pagerCounts(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`${Math.min(80, total)}/${total}`)).toBeVisible();
  await tableSettled(page);
}

/** Page 1: Previous is off and the pager shows the first page's count. */
async function expectFirstPage(page: Page) {
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await tableSettled(page);
  const { shown, total } = await pagerCounts(page);
  expect(shown).toBe(Math.min(40, total));
}

test.describe('Shipments list', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
  });

  test('shows the columns of the spec and the first page of every shipment', async ({ page }) => {
    await expect(shipmentsTable(page).getByRole('columnheader')).toHaveText([...COLUMNS]);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
      'Home',
      'Shipments',
    ]);
    const { shown, total } = await pagerCounts(page);
    expect(shown).toBe(40);
    expect(total).toBeGreaterThan(250);
    await expect(shipmentRows(page)).toHaveCount(40);
    await expect(shipmentsTable(page).getByRole('columnheader', { name: 'ETA' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(await optionsOf(page, 'Account')).toEqual(['All Shipments', '40001', '40002', '40003']);
  });

  test('pages with Next and Previous', async ({ page }) => {
    const { total } = await pagerCounts(page);
    const firstEntry = await shipmentRows(page).first().getByRole('link').innerText();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`80/${total}`)).toBeVisible();
    await tableSettled(page);
    await expect(shipmentRows(page).first().getByRole('link')).not.toHaveText(firstEntry);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`40/${total}`)).toBeVisible();
    await expect(shipmentRows(page).first().getByRole('link')).toHaveText(firstEntry);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  test('steps from the page at hand, and shows the same rows again after a reload', async ({ page }) => {
    const { total } = await pagerCounts(page);
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/user/shipments') asked.push(url);
    });
    const entries = () => shipmentRows(page).getByRole('link').allInnerTexts();
    const step = async (name: 'Next' | 'Previous', shown: number) => {
      await page.getByRole('button', { name }).click();
      await expect(page.getByText(`${Math.min(shown, total)}/${total}`)).toBeVisible();
      await tableSettled(page);
      return { rows: await entries(), url: asked.at(-1)! };
    };
    const second = await step('Next', 80);
    expect(second.url.searchParams.get('page')).toBe('2');
    expect(second.url.searchParams.get('after')).toBeTruthy();
    const third = await step('Next', 120);
    expect(third.url.searchParams.get('after')).toBeTruthy();
    const back = await step('Previous', 80);
    expect(back.url.searchParams.get('before')).toBeTruthy();
    expect(back.rows).toEqual(second.rows);
    expect(new Set([...second.rows, ...third.rows]).size).toBe(second.rows.length + third.rows.length);

    await page.reload();
    await tableSettled(page);
    await expect(page.getByText(`80/${total}`)).toBeVisible();
    expect(await entries()).toEqual(second.rows);
    expect(asked.at(-1)!.searchParams.get('before')).toBe(back.url.searchParams.get('before'));
  });

  test('searches by a container fragment', async ({ page }) => {
    const rows = await readRows(page);
    const container = rows
      .map((row) => cellLines(row, 'Container Number(s)')[0] ?? '')
      .find((value) => /^[A-Z]{4}\d{7}$/.test(value))!;
    const fragment = container.slice(0, 8);
    const { total: before } = await pagerCounts(page);

    await page.getByRole('searchbox', { name: 'Search shipments' }).fill(fragment.toLowerCase());
    await expect.poll(async () => (await pagerCounts(page)).total).toBeLessThan(before);
    await tableSettled(page);
    // Show every value, hidden ones too, then each row has the fragment somewhere.
    for (const more of await shipmentsTable(page)
      .getByRole('button', { name: /^\+\d+ more$/ })
      .all()) {
      await more.click();
    }
    const found = await shipmentRows(page).allInnerTexts();
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text.toUpperCase()).toContain(fragment);
    expect(found.some((text) => text.includes(container))).toBe(true);
  });

  test('each filter sends the list back to page 1', async ({ page }) => {
    await toPageTwo(page);
    await page.getByRole('searchbox', { name: 'Search shipments' }).fill('PO-1');
    await expectFirstPage(page);
    await page.getByRole('searchbox', { name: 'Search shipments' }).fill('');
    await expect.poll(async () => (await pagerCounts(page)).total).toBeGreaterThan(250);

    await toPageTwo(page);
    await chooseOption(page, 'Status', 'Released');
    await expectFirstPage(page);
    const statuses = (await readRows(page)).map((row) => cellLines(row, 'Status')[0]);
    expect(new Set(statuses)).toEqual(new Set(['Released']));

    await toPageTwo(page);
    await chooseOption(page, 'Account', '40001');
    await expectFirstPage(page);
    const accounts = (await readRows(page)).map((row) => cellLines(row, 'Account no')[0]);
    expect(new Set(accounts)).toEqual(new Set(['40001']));

    await chooseOption(page, 'Status', 'All Shipments');
    await chooseOption(page, 'Account', 'All Shipments');
    await expect.poll(async () => (await pagerCounts(page)).total).toBeGreaterThan(250);
    await toPageTwo(page);
    await chooseOption(page, 'Date', 'Last 3 Months');
    await expectFirstPage(page);
    expect((await pagerCounts(page)).total).toBeLessThan(250);
  });

  test('filters by port of entry and by agency hold, listing only the matching shipments', async ({ page }) => {
    const { total: all } = await pagerCounts(page);
    await toPageTwo(page);
    await chooseOption(page, 'Port of entry', '2704 Los Angeles, CA');
    await expectFirstPage(page);
    const { total: atPort } = await pagerCounts(page);
    expect(atPort).toBeGreaterThan(0);
    expect(atPort).toBeLessThan(all);
    for (const entry of await currentEntriesOfRows(page)) expect(entry?.port_code).toBe('2704');

    await chooseOption(page, 'Port of entry', 'All ports');
    await expect.poll(async () => (await pagerCounts(page)).total).toBe(all);
    await page.getByRole('checkbox', { name: 'Any agency hold' }).check();
    await expect.poll(async () => (await pagerCounts(page)).total).toBeLessThan(all);
    await tableSettled(page);
    const entries = await currentEntriesOfRows(page);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const holds = entry!.dispositions.filter((each) => HOLDING_DISPOSITIONS.includes(each.disposition));
      expect(holds.length, entry!.entry_number).toBeGreaterThan(0);
    }
  });

  test('a search and a status filter narrow the list together', async ({ page }) => {
    await chooseOption(page, 'Status', 'Released');
    await expectFirstPage(page);
    const { total: released } = await pagerCounts(page);
    const reference = (await readRows(page)).map((row) => cellLines(row, 'Reference Number')[0] ?? '').find(Boolean)!;
    const fragment = reference.slice(0, -1);

    const search = page.getByRole('searchbox', { name: 'Search shipments' });
    await search.fill(fragment);
    await expect.poll(async () => (await pagerCounts(page)).total).toBeLessThan(released);
    await tableSettled(page);
    await expect(page.getByRole('search').getByText('Released', { exact: true })).toBeVisible();
    const rows = await readRows(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(cellLines(row, 'Status')[0]).toBe('Released');
      expect(cellLines(row, 'Reference Number')[0]).toContain(fragment);
    }

    await search.fill('');
    await expect.poll(async () => (await pagerCounts(page)).total).toBe(released);
    await expect(page.getByRole('search').getByText('Released', { exact: true })).toBeVisible();
  });

  // Three columns a test: eighteen sorts in one took most of a minute on a loaded machine.
  for (const columns of [COLUMNS.slice(0, 3), COLUMNS.slice(3, 6), COLUMNS.slice(6)]) {
    test(`sorts by ${columns.join(', ')} on the server, both ways`, async ({ page }) => {
      for (const column of columns) {
        const header = shipmentsTable(page).getByRole('columnheader', { name: column });
        const firstKeys: string[][] = [];
        for (const [direction, ariaSort] of [
          ['asc', 'ascending'],
          ['desc', 'descending'],
        ] as const) {
          await header.getByRole('button').click();
          await expect(header).toHaveAttribute('aria-sort', ariaSort);
          await tableSettled(page);
          const keys = (await readRows(page)).map((row) => sortKeys(row, column));
          expect(keys, `${column} ${direction}`).toHaveLength(40);
          expect(isSorted(keys, direction), `${column} ${direction}: ${JSON.stringify(keys)}`).toBe(true);
          firstKeys.push(keys[0]!);
        }
        expect(firstKeys[0], `${column}: the first row changes with the direction`).not.toEqual(firstKeys[1]);
      }
    });
  }

  test('expands and collapses a +N list', async ({ page }) => {
    const more = shipmentsTable(page)
      .getByRole('button', { name: /^\+\d+ more$/ })
      .first();
    const hidden = Number(/\d+/.exec(await more.innerText())![0]);
    // The cell, found by its first value (a bill or container number, unique).
    const firstValue = await shipmentsTable(page)
      .getByRole('cell')
      .filter({ has: page.getByRole('button', { name: /^\+\d+ more$/ }) })
      .first()
      .getByRole('listitem')
      .first()
      .innerText();
    const cell = shipmentsTable(page).getByRole('cell').filter({ hasText: firstValue });
    await expect(cell.getByRole('listitem')).toHaveCount(2);

    await cell.getByRole('button').click();
    await expect(cell.getByRole('listitem')).toHaveCount(2 + hidden);
    const toggle = cell.getByRole('button', { name: 'Show less' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(cell.getByRole('listitem')).toHaveCount(2);
    await expect(cell.getByRole('button', { name: `+${hidden} more` })).toHaveAttribute('aria-expanded', 'false');
  });

  test('opening a shipment and coming back keeps the scroll position and highlights the row', async ({ page }) => {
    const row = shipmentRows(page).nth(30);
    const entry = row.getByRole('link');
    await entry.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(200);
    const entryNumber = await entry.innerText();
    const ids = await shipmentRows(page).evaluateAll((rows) =>
      rows.map((each) => Number(each.querySelector('a')!.getAttribute('href')!.split('/').pop())),
    );

    await entry.click();
    await expect(page).toHaveURL(/\/shipments\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${entryNumber}`);
    // The shipment page receives the ids of the page, by ETA, and the filters.
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toMatchObject({ filters: {} });
    expect([...(state as { ids: number[] }).ids].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

    await page.goBack();
    const highlighted = shipmentsTable(page).locator('tr[data-highlighted="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted.getByRole('link')).toHaveText(entryNumber);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(2);
    await expect(highlighted).toHaveCount(0);
  });

  test('Home in the breadcrumbs clears the filters', async ({ page }) => {
    await chooseOption(page, 'Status', 'Released');
    await expectFirstPage(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
    await page.goBack();
    await tableSettled(page);
    expect((await pagerCounts(page)).total).toBeGreaterThan(250);
  });
});

test('user@demo.test sees only account 40001', async ({ page, signIn }) => {
  await signIn('user@demo.test', '/shipments');
  await tableSettled(page);
  await expect.poll(() => optionsOf(page, 'Account')).toEqual(['All Shipments', '40001']);
  const { total } = await pagerCounts(page);
  const accounts = new Set<string>();
  for (let shown = 0; shown < total; shown += 40) {
    for (const row of await readRows(page)) accounts.add(cellLines(row, 'Account no')[0]!);
    if (shown + 40 < total) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`${Math.min(shown + 80, total)}/${total}`)).toBeVisible();
      await tableSettled(page);
    }
  }
  expect([...accounts]).toEqual(['40001']);
});
