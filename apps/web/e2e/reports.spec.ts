import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { REPORT_KINDS, TOP_HTS_NUMBERS } from '@clearport/contract/reports';
import { API_PATHS } from '@clearport/contract/paths';
import { NAV_LABELS, expect, mainNavigation, test } from './fixtures.ts';
import { holdNextReply } from './held-reply.ts';
import { recordLayoutShift, takeLayoutShift } from './layout-shift.ts';

/** Each chart of /reports by the name its drawing and its table share. */
const CHARTS = [
  REPORT_KINDS.dutyByMonth,
  `${REPORT_KINDS.entriesByPort}: By port of entry`,
  `${REPORT_KINDS.entriesByPort}: By mode`,
  REPORT_KINDS.dutyByChapter,
  REPORT_KINDS.releaseDays,
  `${REPORT_KINDS.releaseDays}: By week of release`,
  REPORT_KINDS.openInvoices,
];

const LATE_ENTRIES = /^Entries released more than (1 day|\d+ days) after arrival/;

const chart = (page: Page, name: string) => page.getByRole('img', { name, exact: true });
/** What a chart drew for its series: bars and lines. */
const marks = (drawing: Locator) => drawing.locator('[data-series] rect, [data-series] polyline');
/** The values a chart shows for the category pointed at or focused. */
const tooltipOf = (drawing: Locator) => drawing.locator('xpath=..').getByRole('status');

async function showTable(page: Page, name: string) {
  await page
    .getByRole('group', { name: `${name}: view` })
    .getByRole('button', { name: 'Table' })
    .click();
  const table = page.getByRole('table', { name, exact: true });
  await expect(table).toBeVisible();
  return table;
}

/** Fails on any serious or critical axe violation, naming each. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

test('each report draws its chart and shows the same figures as a table', async ({ page, signIn }) => {
  await signIn('primary@demo.test', '/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  for (const name of Object.values(REPORT_KINDS)) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const name of CHARTS) {
    const drawing = chart(page, name);
    await drawing.scrollIntoViewIfNeeded();
    await expect(drawing, name).toBeVisible();
    expect((await drawing.boundingBox())!.height, name).toBeGreaterThan(200);
    expect(await marks(drawing).count(), name).toBeGreaterThan(0);
    // Some bar stands up from zero, or a line runs across the chart.
    const largest = await marks(drawing).evaluateAll((elements) =>
      Math.max(
        ...elements.map((element) => {
          const box = element.getBoundingClientRect();
          return element.tagName === 'rect' ? box.height : box.width;
        }),
      ),
    );
    expect(largest, name).toBeGreaterThan(10);
  }
  // The top HTS numbers are a table of their own, written NNNN.NN.NNNN.
  const topHts = page.getByRole('table', { name: /^The (\d+|one) HTS numbers? with/ });
  await expect(topHts.locator('tbody th').first()).toHaveText(/^\d{4}\.\d{2}\.\d{4}$/);
  // Its caption counts what it lists when there are fewer than it holds.
  const listed = await topHts.locator('tbody tr').count();
  await expect(topHts).toHaveAccessibleName(
    listed < TOP_HTS_NUMBERS
      ? `The ${listed} HTS numbers with duty, the most first`
      : `The ${TOP_HTS_NUMBERS} HTS numbers with the most duty`,
  );

  for (const name of CHARTS) {
    const table = await showTable(page, name);
    await expect(table.locator('tbody tr').first(), name).toBeVisible();
    await expect(chart(page, name)).toHaveCount(0);
  }
  await expectAccessible(page, '/reports, tables');
});

test('duty by HTS chapter shows the Section 301 duty apart from the whole duty of the Section 301 lines', async ({
  page,
  signIn,
}) => {
  await signIn('primary@demo.test', '/reports');
  const table = await showTable(page, REPORT_KINDS.dutyByChapter);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual([
    'HTS chapter',
    'Entered value',
    'Duty',
    'Duty on Section 301 lines',
    'Section 301 duty',
    'Duty on AD/CVD lines',
  ]);
  const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((elements) =>
      elements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
  // Entered value, duty, the Section 301 lines' duty, their Section 301 duty, the AD/CVD lines' duty.
  const figures = rows.map((cells) => cells.map(dollars));
  expect(figures.some(([, , lines, part]) => part! > 0 && part! <= lines!)).toBe(true);
  for (const [, duty, lines, part] of figures) expect(part!).toBeLessThanOrEqual(Math.min(lines!, duty!));
  // The demo's broker sends every Section 301 line's part, so no line is left out of it.
  await expect(page.getByText(/came without (its|their) Section 301 duty/)).toHaveCount(0);
  await table.getByRole('columnheader', { name: 'Section 301 duty' }).scrollIntoViewIfNeeded();
  await expectAccessible(page, '/reports, duty by chapter as a table');
});

test('a chart shows the values of the month pointed at, or reached with the keyboard, as its table has them', async ({
  page,
  signIn,
}) => {
  await signIn('primary@demo.test', '/reports');
  const drawing = chart(page, REPORT_KINDS.dutyByMonth);
  const tooltip = tooltipOf(drawing);
  await drawing.hover();
  await expect(tooltip).toContainText(/Duty: \$[\d,]+\.\d{2}/);
  await expect(tooltip).toContainText(/Total a year before: \$[\d,]+\.\d{2}/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveText('');

  // The chart is the next stop after its view switch; End goes to the last month.
  await page
    .getByRole('group', { name: `${REPORT_KINDS.dutyByMonth}: view` })
    .getByRole('button', { name: 'Table' })
    .focus();
  await page.keyboard.press('Tab');
  await expect(drawing).toBeFocused();
  await expect(tooltip).toContainText(/Duty: \$/);
  await page.keyboard.press('End');
  const month = (await tooltip.locator('p').innerText()).trim();
  const duty = /Duty: (\$[\d,]+\.\d{2})/.exec(await tooltip.innerText())![1]!;
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveText('');

  const table = await showTable(page, REPORT_KINDS.dutyByMonth);
  const row = table.locator('tbody tr').last();
  await expect(row.locator('th')).toHaveText(month);
  // Month, entries, then duty.
  await expect(row.locator('td').nth(1)).toHaveText(duty);
});

test('a range change asks for its months, and the address keeps it over a reload', async ({ page, signIn }) => {
  await signIn('manager@demo.test', '/reports');
  await expect(chart(page, REPORT_KINDS.dutyByMonth)).toBeVisible();
  const range = page.getByRole('combobox', { name: 'Range' });
  await expect(range).toHaveValue('last12Months');

  const asked = page.waitForRequest((request) => request.url().includes('/reports/duty-by-month'));
  await range.selectOption({ label: 'This quarter' });
  const months = new URL((await asked).url()).searchParams;
  expect(months.get('from')! <= months.get('to')!).toBe(true);
  await expect(page).toHaveURL(/\?range=quarter$/);

  await range.selectOption({ label: 'Custom' });
  await page.getByLabel('From month').fill('2026-01');
  await page.getByLabel('To month').fill('2026-03');
  await expect(page).toHaveURL(/range=custom&from=2026-01&to=2026-03/);
  const table = await showTable(page, REPORT_KINDS.dutyByMonth);
  await expect(table.locator('tbody tr')).toHaveCount(3);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Range' })).toHaveValue('custom');
  await expect(page.getByLabel('From month')).toHaveValue('2026-01');
  await expect(page.getByLabel('To month')).toHaveValue('2026-03');
});

test('the late releases open their shipment', async ({ page, signIn }) => {
  await signIn('user@demo.test', '/reports');
  // Most of the demo's entries are released within two days of arrival, some after more.
  await page.getByRole('spinbutton', { name: 'Late after (days)' }).fill('1');
  // The entries of a day's threshold, once they replaced the last threshold's (shown dimmed, busy, meanwhile).
  const list = page.getByRole('table', { name: /^Entries released more than 1 day after arrival/ });
  await expect(list).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy');
  const link = list.getByRole('link').first();
  await expect(link).toBeVisible();
  const fileNumber = await link.innerText();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/shipments\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Shipment # /);
  await page.goBack();
  await expect(page.getByRole('table', { name: LATE_ENTRIES }).getByRole('link', { name: fileNumber })).toBeVisible();
});

for (const [device, size] of Object.entries({
  desktop: { width: 1350, height: 940 },
  phone: { width: 390, height: 844 },
})) {
  test(`on ${device}, a new number of late days changes the late releases and moves nothing on the page`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(size);
    await recordLayoutShift(page);
    await signIn('primary@demo.test', '/reports');
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    const days = page.getByRole('spinbutton', { name: 'Late after (days)' });
    await days.scrollIntoViewIfNeeded();
    await takeLayoutShift(page);

    // The replies are held until asked for, so the screen shows its waiting state however fast they come.
    const lateAfter = async (typed: string, over: string, shown?: string) => {
      const figures = await holdNextReply(page, API_PATHS.reportReleaseDays, { over: typed });
      const entries = await holdNextReply(page, API_PATHS.reportReleaseDaysEntries, { over: typed }, { every: true });
      await days.fill(typed);
      await figures.arrived;
      figures.release();
      await expect(
        page.getByRole('heading', { name: new RegExp(`^Released more than ${over} after arrival: [1-9]`) }),
      ).toBeVisible();
      await entries.arrived;
      const list = page.getByRole('table', { name: new RegExp(`^Entries released more than ${over} after arrival`) });
      if (shown !== undefined) {
        // The entries of the threshold before stay, the table busy, until the new ones come.
        await expect(list).toHaveAttribute('aria-busy', 'true');
        await expect(list.getByRole('link', { name: shown, exact: true })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      }
      entries.release();
      await expect(list).not.toHaveAttribute('aria-busy');
      await expect(list.getByRole('link').first()).toBeVisible();
      expect(await takeLayoutShift(page), `the shift as the entries late after ${over} came`).toBeLessThanOrEqual(0.02);
      return list.getByRole('link').first().innerText();
    };
    // Most of the demo's entries are released within two days of arrival: a day lists some, none more.
    const shown = await lateAfter('1', '1 day');
    await lateAfter('0', '0 days', shown);
  });
}

test('on a phone the charts take the full width and the tables scroll in their own region', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn('primary@demo.test', '/reports');
  const drawing = chart(page, REPORT_KINDS.dutyByMonth);
  await expect(drawing).toBeVisible();
  await expect.poll(() => marks(drawing).count()).toBeGreaterThan(0);
  const section = page.getByRole('region', { name: REPORT_KINDS.dutyByMonth });
  const [drawingBox, sectionBox] = [(await drawing.boundingBox())!, (await section.boundingBox())!];
  expect(drawingBox.width).toBeGreaterThan(sectionBox.width - 48);
  // Drawn at the size it is shown, so its text is not stretched.
  const viewBox = (await drawing.getAttribute('viewBox'))!.split(' ').map(Number);
  expect(viewBox[2]).toBeCloseTo(drawingBox.width, 0);
  expect(viewBox[3]).toBeCloseTo(drawingBox.height, 0);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const table = await showTable(page, REPORT_KINDS.dutyByMonth);
  const scroller = page.getByRole('region', { name: REPORT_KINDS.dutyByMonth, exact: true }).last();
  await expect(scroller).toHaveAttribute('tabindex', '0');
  const [tableWidth, scrollerWidth] = await Promise.all([
    table.evaluate((element) => element.scrollWidth),
    scroller.evaluate((element) => element.clientWidth),
  ]);
  expect(tableWidth).toBeGreaterThan(scrollerWidth);
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectAccessible(page, '/reports at 390 px');
});

test('role 11 sees no Reports link, and a typed /reports shows the not-found page', async ({
  page,
  signIn,
  navigate,
}) => {
  await signIn('viewer@demo.test');
  await expect(mainNavigation(page).getByRole('link', { name: NAV_LABELS.reports })).toHaveCount(0);
  const reportCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/reports/')) reportCalls.push(request.url());
  });
  await navigate('/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR THIS PAGE DOES NOT EXIST');
  expect(reportCalls).toEqual([]);
});

test('downloads a report as CSV and as an Excel workbook with the figures of its table', async ({ page, signIn }) => {
  await signIn('primary@demo.test', '/reports');
  const table = await showTable(page, REPORT_KINDS.dutyByMonth);
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const month = (await firstRow.locator('th, td').first().innerText()).trim();
  const entries = Number((await firstRow.locator('td').first().innerText()).replace(/,/g, ''));

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${REPORT_KINDS.dutyByMonth} as CSV` }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^clearport-duty-by-month-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Month,Entries,Duty,MPF,HMF,Other fees,Total,Total a year before');
  expect(Number(lines[1]!.split(',')[1])).toBe(entries);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${REPORT_KINDS.dutyByMonth} as Excel` }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxDownload.path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Month');
  expect(sheet.getRow(2).getCell(2).value).toBe(entries);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(sheet.getRow(2).getCell(3).numFmt).toBe('"$"#,##0.00');
  expect(month.length).toBeGreaterThan(0);
});

test('an open invoices amount opens the billing list filtered to its account and status', async ({ page, signIn }) => {
  await signIn('primary@demo.test', '/reports');
  const table = await showTable(page, REPORT_KINDS.openInvoices);
  const link = page
    .getByRole('table', { name: /per account/i })
    .or(table)
    .getByRole('link', { name: /^\$/ })
    .first();
  const asked = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/user/invoices' && url.searchParams.has('payment_status');
  });
  await link.click();
  const url = new URL((await asked).url());
  expect(['not-paid', 'overdue']).toContain(url.searchParams.get('payment_status'));
  await expect(page).toHaveURL(/\/billing$/);
});
