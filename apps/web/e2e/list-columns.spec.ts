import type { Locator, Page } from '@playwright/test';
import { API_PATHS } from '@clearport/contract/paths';
import { WEB_TEXTS } from '../src/config/texts.ts';
import { expect, test } from './fixtures.ts';
import { holdNextReply } from './held-reply.ts';
import { recordLayoutShift, takeLayoutShift } from './layout-shift.ts';

/*
 * A list's headers stand where its rows will put them. Each list's reply is held back until the
 * headers are measured (no timing: however slow the machine, the rows come after), then let through;
 * the headers must not have moved, nor the page shifted by more than the portal's goal of 0.02,
 * shifts right after a click counted too. The same when the list steps to its next page. On a phone,
 * where the rows are cards, the Sort by choice and the page stay still.
 */

type ListScreen = {
  path: string;
  /** The call whose reply brings the rows. */
  call: string;
  /** The table's name, and the cards' list's on a phone. */
  caption: string;
  loading: string;
  /** Whether the demo's list has a second page to step to. */
  hasPages: boolean;
};

const SCREENS: Record<string, ListScreen> = {
  'the shipments list': {
    path: '/shipments',
    call: API_PATHS.shipments,
    caption: 'Shipments',
    loading: WEB_TEXTS.shipments.loadingShipments,
    hasPages: true,
  },
  Home: {
    path: '/',
    call: API_PATHS.shipments,
    caption: 'Shipments',
    loading: WEB_TEXTS.shipments.loadingShipments,
    hasPages: false,
  },
  billing: {
    path: '/billing',
    call: API_PATHS.invoices,
    caption: 'Invoices',
    loading: WEB_TEXTS.billing.loadingInvoices,
    hasPages: true,
  },
  users: {
    path: '/users',
    call: API_PATHS.subusers,
    caption: 'Users',
    loading: WEB_TEXTS.users.loadingUsers,
    hasPages: false,
  },
  'security events': {
    path: '/users/security-events',
    call: API_PATHS.securityEvents,
    caption: 'Security events',
    loading: WEB_TEXTS.securityEvents.loading,
    hasPages: false,
  },
};

const WIDTHS = {
  desktop: { width: 1350, height: 940 },
  phone: { width: 390, height: 844 },
} as const;

/** Where each column's header stands: its left edge and width, in whole pixels. */
function headerBoxes(table: Locator) {
  return table.getByRole('columnheader').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return { x: Math.round(box.x), width: Math.round(box.width) };
    }),
  );
}

/** Where a phone's Sort by choice stands, on a list that sorts. */
async function sortByBox(page: Page) {
  const sortBy = page.getByLabel('Sort by', { exact: true });
  if ((await sortBy.count()) === 0) return null;
  const box = (await sortBy.boundingBox())!;
  return { x: Math.round(box.x), width: Math.round(box.width) };
}

for (const [name, screen] of Object.entries(SCREENS)) {
  for (const [device, size] of Object.entries(WIDTHS)) {
    const when = screen.hasPages ? 'as its rows arrive and as it pages' : 'as its rows arrive';
    const what = device === 'phone' ? 'nothing moves' : 'the columns stay where they are';
    test(`on ${device}, ${name}: ${what} ${when}`, async ({ page, signIn }) => {
      await page.setViewportSize(size);
      await recordLayoutShift(page);
      const isPhone = device === 'phone';
      const table = page.getByRole('table', { name: screen.caption });
      const rows = isPhone
        ? page.getByRole('list', { name: screen.caption }).locator(':scope > li')
        : table.getByRole('row').filter({ has: page.getByRole('cell') });
      const heads = () => (isPhone ? sortByBox(page) : headerBoxes(table));

      const firstPage = await holdNextReply(page, screen.call);
      await signIn('primary@demo.test', screen.path);
      await firstPage.arrived;
      await expect(page.getByRole('status').filter({ hasText: screen.loading })).toBeVisible();
      if (!isPhone) await expect(table.getByRole('columnheader').first()).toBeVisible();
      const whileLoading = await heads();
      firstPage.release();
      await expect(rows.first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await heads(), 'the headers once the rows arrived').toEqual(whileLoading);
      expect(await takeLayoutShift(page), 'the shift until the rows arrived').toBeLessThanOrEqual(0.02);

      if (!screen.hasPages) return;
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      const count = pager.getByText(/^\d+\/\d+$/);
      const firstCount = await count.innerText();
      const secondPage = await holdNextReply(page, screen.call);
      await pager.getByRole('button', { name: 'Next' }).click();
      await secondPage.arrived;
      const whilePaging = await heads();
      secondPage.release();
      await expect(count).not.toHaveText(firstCount);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(whilePaging, 'the headers while the next page loads').toEqual(whileLoading);
      expect(await heads(), 'the headers of the next page').toEqual(whileLoading);
      expect(await takeLayoutShift(page), 'the shift as the next page came').toBeLessThanOrEqual(0.02);
    });
  }
}

/*
 * A laptop's 1,280 px, where each list's columns are at their declared sizes: they fit the region
 * beside the navigation, so none of them (the shipments' Status last of all) is cut off behind a
 * sideways scroll, and every value the sizes are meant to hold (file, container and bill numbers,
 * dates) stays on one line rather than broken in two.
 */
test('at 1280 px every list fits its region and breaks no value across lines', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn('primary@demo.test', '/');
  for (const [name, screen] of Object.entries(SCREENS)) {
    await page.goto(screen.path);
    const table = page.getByRole('table', { name: screen.caption });
    await expect(
      table
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first(),
    ).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const region = page.getByRole('region', { name: screen.caption, exact: true });
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth, `${name}: the table's width within its region's ${clientWidth} px`).toBeLessThanOrEqual(
      clientWidth,
    );
    const broken = await table.evaluate((element) => {
      const words: string[] = [];
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        for (const word of text.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) words.push(word[0]);
        }
      }
      return words;
    });
    expect(broken, `${name}: values broken across lines`).toEqual([]);
  }
});
