import { expect, type Page } from '@playwright/test';
import { SHIPMENT_STATUSES, statusDisplay } from '@clearport/contract/statuses';
import { fillText } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../src/config/texts.ts';
import { SHIPMENT_COLUMNS } from '../src/testing/shipments-data.ts';

/** The table of Home and the shipments list, and the reading of its rows. */

export const COLUMNS = SHIPMENT_COLUMNS;
export type Column = (typeof COLUMNS)[number];

export function shipmentsTable(page: Page) {
  return page.getByRole('table', { name: 'Shipments' });
}

/** The rows with shipments (not the header, not the loading or empty message). */
export function shipmentRows(page: Page) {
  return shipmentsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
}

export function pager(page: Page) {
  return page.getByRole('navigation', { name: 'Pagination' });
}

/** Waits for the pager, then reads shown/total. */
export async function pagerCounts(page: Page): Promise<{ shown: number; total: number }> {
  const text = pager(page).getByText(/^\d+\/\d+$/);
  await expect(text).toBeVisible();
  const [shown, total] = (await text.innerText()).split('/').map(Number);
  return { shown: shown!, total: total! };
}

/** Waits until the table shows the reply to the latest request. */
export async function tableSettled(page: Page) {
  await expect(shipmentsTable(page)).not.toHaveAttribute('aria-busy', 'true');
}

/**
 * Waits until the list a Home count box opened shows its reply: first the box's chip, since the
 * address changes before the list replaces Home, whose table of the same name is not busy either.
 */
export async function boxListSettled(page: Page, boxLabel: string) {
  const remove = fillText(WEB_TEXTS.shipments.removeBoxFilter, { filter: boxLabel });
  await expect(page.getByRole('button', { name: remove })).toBeVisible();
  await tableSettled(page);
}

export type RowCells = {
  /** Each cell's visible text, line by line. */
  lines: string[][];
  /** The names of the images in each cell (FDA hold, document ticks). */
  images: string[][];
};

/** The cells of every shipment row, read at once. */
export async function readRows(page: Page): Promise<RowCells[]> {
  return shipmentRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('td'));
      return {
        lines: cells.map((cell) =>
          cell.innerText
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        ),
        images: cells.map((cell) =>
          Array.from(cell.querySelectorAll('[role="img"]')).map((image) => image.getAttribute('aria-label') ?? ''),
        ),
      };
    }),
  );
}

export function cellLines(row: RowCells, column: Column): string[] {
  return row.lines[COLUMNS.indexOf(column)] ?? [];
}

/** Opens a react-select by its label and picks an option. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The options of a react-select, read by opening it (Escape closes it again). */
export async function optionsOf(page: Page, label: string): Promise<string[]> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  // The first opening waits for react-select's chunk.
  await expect(page.getByRole('option').first()).toBeVisible();
  const options = await page.getByRole('option').allInnerTexts();
  await input.press('Escape');
  return options;
}

const NO_LIST_TEXTS = ['No master bill lading info provided', 'No containers info provided'];

/**
 * The values a row can sort by in a column, as the server compares them (lower case, byte-wise,
 * empty lowest). A cell that does not show its value gives every value it may stand for.
 */
export function sortKeys(row: RowCells, column: Column): string[] {
  const lines = cellLines(row, column);
  const first = (lines[0] ?? '').toLowerCase();
  switch (column) {
    case 'Master Bill of Lading':
    case 'House Bill of Lading':
    case 'Container Number(s)':
      return [NO_LIST_TEXTS.some((text) => text.toLowerCase() === first) ? '' : first];
    case 'ETA': {
      const match = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(lines[0] ?? '');
      return [match ? `${match[3]}${match[1]}${match[2]}` : ''];
    }
    case 'FDA': {
      const hold = row.images[COLUMNS.indexOf('FDA')]?.[0];
      // No icon: no review yet, or MAY PROCEED.
      return hold ? [hold.replace(/^FDA hold: /, '').toLowerCase()] : ['', 'may proceed'];
    }
    case 'Status': {
      const stored = Object.values(SHIPMENT_STATUSES).filter((status) => statusDisplay(status) === lines[0]);
      return stored.length > 0 ? stored.map((status) => status.toLowerCase()) : [first];
    }
    default:
      return [first];
  }
}

/** Whether the rows can be in the order: each row picks one of its keys, never going back. */
export function isSorted(keysOfRows: string[][], direction: 'asc' | 'desc'): boolean {
  let bound: string | null = null;
  for (const keys of keysOfRows) {
    const fitting = keys.filter((key) => bound === null || (direction === 'asc' ? key >= bound : key <= bound)).sort();
    if (fitting.length === 0) return false;
    bound = direction === 'asc' ? fitting[0]! : fitting.at(-1)!;
  }
  return true;
}
