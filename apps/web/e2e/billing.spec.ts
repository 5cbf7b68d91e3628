import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { INVOICE_CSV_COLUMNS } from '@clearport/contract/invoices';
import { expect, mainNavigation, test } from './fixtures.ts';

const COLUMNS = [
  'Invoice Number',
  'File Number',
  'Account',
  'Master Bill of Lading',
  'Container Number(s)',
  'Reference Number',
  'Date',
  'Amount',
  'Due Date',
  'Status',
];

const table = (page: Page) => page.getByRole('table', { name: 'Invoices' });
const rows = (page: Page) => table(page).locator('tbody tr');
const pagerText = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).getByText(/^\d+\/\d+$/);

async function settled(page: Page) {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
}

async function pagerCounts(page: Page) {
  await expect(pagerText(page)).toBeVisible();
  const [shown, total] = (await pagerText(page).innerText()).split('/').map(Number);
  return { shown: shown!, total: total! };
}

/** The text of one column in every row, by its header's place. */
async function columnTexts(page: Page, column: string): Promise<string[]> {
  const index = COLUMNS.indexOf(column);
  return rows(page).evaluateAll(
    (trs, cell) => trs.map((tr) => (tr.children[cell] as HTMLElement | undefined)?.innerText ?? ''),
    index,
  );
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** MM/dd/yyyy as yyyy-MM-dd, which sorts as text. */
const sortable = (usDate: string) => `${usDate.slice(6, 10)}-${usDate.slice(0, 2)}-${usDate.slice(3, 5)}`;

test.describe('Billing', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/billing');
    await settled(page);
  });

  test('shows the payment methods, each opening its instructions, and the invoice table', async ({ page }) => {
    await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
    const methods = page.getByRole('region', { name: 'Payment methods' });
    for (const name of ['ACH/Wire', 'Quickpay/Zelle', 'E-mail a check image', 'Mail a check']) {
      await expect(methods.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await methods.getByRole('button', { name: 'ACH/Wire' }).click();
    await expect(page.getByRole('region', { name: 'ACH/Wire' })).toContainText('011999993');
    await methods.getByRole('button', { name: 'Mail a check', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Mail a check' })).toContainText('Newark, NJ 07114');
    const { shown, total } = await pagerCounts(page);
    expect(shown).toBe(40);
    expect(total).toBeGreaterThan(80);
    await expect(page.getByText(/^Open total: \$[\d,]+\.\d{2}$/)).toBeVisible();
    for (const date of await columnTexts(page, 'Date')) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  test('filters to Not Paid', async ({ page }) => {
    const before = await pagerCounts(page);
    await chooseOption(page, 'Payment status', 'Not Paid');
    await expect(pagerText(page)).not.toHaveText(`${before.shown}/${before.total}`);
    await settled(page);
    const after = await pagerCounts(page);
    expect(after.total).toBeGreaterThan(0);
    expect(after.total).toBeLessThan(before.total);
    expect(new Set(await columnTexts(page, 'Status'))).toEqual(new Set(['Not Paid']));
  });

  test('searches a container fragment', async ({ page }) => {
    const containers = (await columnTexts(page, 'Container Number(s)')).find((text) => /^[A-Z]{4}\d{7}/.test(text))!;
    const fragment = containers.slice(2, 9).toLowerCase();
    await page.getByPlaceholder('Search').fill(fragment);
    await expect(async () => {
      const { total } = await pagerCounts(page);
      expect(total).toBeLessThan(10);
    }).toPass();
    await settled(page);
    const texts = await rows(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.toLowerCase()).toContain(fragment);
  });

  test('sorts by date both ways', async ({ page }) => {
    const header = table(page).getByRole('columnheader', { name: 'Date', exact: true });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const ascending = (await columnTexts(page, 'Date')).map(sortable);
    expect(ascending).toEqual([...ascending].sort());
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await settled(page);
    const descending = (await columnTexts(page, 'Date')).map(sortable);
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending[0]! > ascending[0]!).toBe(true);
  });

  test('Next at the bottom opens the next page at its top, by the keyset’s place, and names the page', async ({
    page,
  }) => {
    await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const request = page.waitForRequest((each) => /\/api\/user\/invoices\?/.test(each.url()));
    await page.getByRole('button', { name: 'Next' }).click();
    expect(new URL((await request).url()).searchParams.get('after')).toBeTruthy();
    await settled(page);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const tableTop = await page.getByRole('table').evaluate((table) => table.getBoundingClientRect().top);
    expect(tableTop).toBeGreaterThanOrEqual(0);
    expect(tableTop).toBeLessThan(await page.evaluate(() => window.innerHeight));
    // Not Paid keeps to one line.
    const status = page.getByRole('table').getByText('Not Paid', { exact: true }).first();
    const { height } = (await status.boundingBox())!;
    const lineHeight = await status.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(height).toBeLessThan(lineHeight * 1.5);
  });

  test('opens an invoice with its PDF embedded, downloads the backup and returns to the same page and filters', async ({
    page,
  }) => {
    await chooseOption(page, 'Account number', '40001');
    await settled(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(pagerText(page)).not.toHaveText(/^40\//);
    await settled(page);
    const pageTwo = await pagerText(page).innerText();

    const pdfResponse = page.waitForResponse((response) => /\/api\/user\/invoices\/\d+\/pdf$/.test(response.url()));
    const first = rows(page).first().getByRole('link').first();
    const number = await first.innerText();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${number}`);
    const served = await pdfResponse;
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline;/);
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('title', `Invoice ${number} PDF`);
    const src = (await frame.getAttribute('src'))!;
    // The embedded viewer without its toolbar, whose arrival moved the page (0.127 of layout shift).
    expect(src).toMatch(/^blob:[^#]+#toolbar=0&view=FitH$/);
    const blobUrl = src.split('#')[0];
    // The frame holds the blob of the PDF the server served: the browser shows it as a PDF.
    await expect(async () => {
      const pdfFrame = page.frames().find((candidate) => candidate.url().split('#')[0] === blobUrl);
      expect(await pdfFrame?.evaluate(() => document.contentType)).toBe('application/pdf');
    }).toPass();
    expect(Number(served.headers()['content-length'])).toBeGreaterThan(500);
    await expect(page.getByRole('heading', { name: 'Payment Instructions' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Shipment' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Billing' }).click();
    await settled(page);
    await expect(pagerText(page)).toHaveText(pageTwo);
    await expect(page.getByRole('search', { name: 'Invoice filters' })).toContainText('40001');
    await expect(rows(page).first().getByRole('link').first()).toHaveText(number);
  });

  test('downloads an invoice’s backup file', async ({ page, navigate }) => {
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;
    const reply = await page.request.get('/api/user/invoices?per_page=40&sort=invoice_number', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { result } = (await reply.json()) as { result: Array<{ invoice_number: string; backup: string | null }> };
    const withBackup = result.find((invoice) => invoice.backup !== null)!;
    await page.getByPlaceholder('Search').fill(withBackup.invoice_number);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByRole('link', { name: withBackup.invoice_number }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Backup' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Invoice ${withBackup.invoice_number} backup.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const without = result.find((invoice) => invoice.backup === null)!;
    await navigate('/billing');
    await page.getByPlaceholder('Search').fill(without.invoice_number);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByRole('link', { name: without.invoice_number }).click();
    await expect(page.locator('iframe')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Backup' })).toHaveCount(0);
  });

  test('exports the filtered invoices, every page, as CSV', async ({ page }) => {
    await chooseOption(page, 'Payment status', 'Paid');
    await settled(page);
    const { total } = await pagerCounts(page);
    expect(total).toBeGreaterThan(40);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.map((column) => column.header).join(','));
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((line) => line.endsWith(',Paid'))).toBe(true);
  });
});

test('below 600 px the payment instructions stack under the PDF’s link', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await signIn('user@demo.test', '/billing');
  await page.getByRole('list', { name: 'Invoices' }).locator(':scope > li').first().getByRole('link').first().click();
  const openPdf = page.getByRole('link', { name: 'Open PDF' });
  await expect(openPdf).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  const instructions = page.getByRole('heading', { name: 'Payment Instructions' });
  const linkBox = (await openPdf.boundingBox())!;
  const instructionsBox = (await instructions.boundingBox())!;
  expect(instructionsBox.y).toBeGreaterThan(linkBox.y + linkBox.height);
});

test('role 11 sees no billing link, and a typed billing address shows the not-found page', async ({
  page,
  signIn,
  navigate,
}) => {
  await signIn('viewer@demo.test');
  await expect(mainNavigation(page).getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await navigate('/billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR THIS PAGE DOES NOT EXIST');
  await expect(page.getByRole('table')).toHaveCount(0);
  await navigate('/billing/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR THIS PAGE DOES NOT EXIST');
});
