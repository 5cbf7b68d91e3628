import { CBP_EXAM_STATUSES, HOME_FILTERS, POSSIBLE_CHARGES_LABEL } from '@clearport/contract/shipments';
import { statusDisplay } from '@clearport/contract/statuses';
import { ENTRY_APPROVAL_TEXTS } from '@clearport/contract/customs-entry';
import { DEMO_PASSWORD, expect, mainNavigation, submitLogin, test } from './fixtures.ts';
import { SESSION_SECRET_COOKIE } from '@clearport/contract/sessions';
import { API_PATHS } from '@clearport/contract/paths';
import { VIEWPORTS, expectAccessible } from './axe.ts';
import { holdNextReply } from './held-reply.ts';
import { recordLayoutShift, takeLayoutShift } from './layout-shift.ts';
import { signInLink } from './shipments-api.ts';
import {
  boxListSettled,
  cellLines,
  chooseOption,
  pagerCounts,
  readRows,
  shipmentRows,
  shipmentsTable,
  tableSettled,
} from './shipments-table.ts';

/** The spec's five boxes, then Possible Charges (decision 0030). */
const COUNT_LABELS = [...HOME_FILTERS.map((box) => box.label), POSSIBLE_CHARGES_LABEL];

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
  test('greets the user and shows the five counts, the banner and the shipments', async ({ page, signIn }) => {
    await signIn('primary@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Good (morning|afternoon|evening), Maria Delgado$/,
    );
    await expect(countBoxes(page)).toHaveText(COUNT_LABELS.map((label) => new RegExp(`^\\d+ ${label}$`)));

    const banner = page.getByRole('region', { name: 'Notification', exact: true });
    await expect(banner).toContainText('ACE');
    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner).toHaveCount(0);

    await expect(shipmentRows(page)).toHaveCount(40);
    await expect(page.getByText('Showing the first 40 shipments.')).toBeVisible();
    // The per-document account shows its documents one by one in the status cell.
    await expect(
      shipmentsTable(page)
        .getByRole('img', { name: /^Arrival Notice (not )?submitted$/ })
        .first(),
    ).toBeVisible();
  });

  test('a dismissed notification stays dismissed on later visits', async ({ page, signIn }) => {
    await signIn('primary@demo.test');
    const banner = page.getByRole('region', { name: 'Notification', exact: true });
    await expect(banner).toContainText('ACE');
    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner).toHaveCount(0);

    const notifications = page.waitForResponse((response) => response.url().includes('/api/user/get_notification'));
    await page.reload();
    await notifications;
    await expect(countBoxes(page).first()).toHaveText(/^\d+ /);
    await expect(banner).toHaveCount(0);

    await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(countBoxes(page).first()).toHaveText(/^\d+ /);
    await expect(banner).toHaveCount(0);
  });

  // The banner and the profile (whose 7501 rule decides the boxes) come in either order; the
  // screen's wait stands where the banner goes until both are in.
  const REPLIES = { banner: API_PATHS.notifications, profile: API_PATHS.profile };
  for (const [device, size] of Object.entries(VIEWPORTS)) {
    for (const [first, last] of [
      ['banner', 'profile'],
      ['profile', 'banner'],
    ] as const) {
      test(`${device}: with the ${last} last, the banner pushes nothing down, the wait's spinner included`, async ({
        page,
        signIn,
      }) => {
        await page.setViewportSize(size);
        await recordLayoutShift(page);
        const firstReply = await holdNextReply(page, REPLIES[first]);
        const lastReply = await holdNextReply(page, REPLIES[last]);
        await signIn('primary@demo.test');
        await Promise.all([firstReply.arrived, lastReply.arrived]);
        await expect(page.getByRole('status').filter({ hasText: 'Loading shipments' })).toBeVisible();

        const firstArrived = page.waitForResponse((response) => response.url().includes(REPLIES[first]));
        firstReply.release();
        await firstArrived;
        expect(await takeLayoutShift(page), `the shift as the ${first} came`).toBeLessThanOrEqual(0.02);
        lastReply.release();
        await expect(page.getByRole('region', { name: 'Notification', exact: true })).toContainText('ACE');
        await expect(countBoxes(page).first()).toHaveText(/^\d+ /);
        expect(await takeLayoutShift(page), `the shift as the ${last} came`).toBeLessThanOrEqual(0.02);
      });
    }
  }

  for (const box of HOME_FILTERS) {
    test(`${box.label} lists only its shipments, as many as it counts`, async ({ page, signIn }) => {
      await signIn('primary@demo.test');
      const count = await boxCount(page, box.label);
      await countBoxes(page).filter({ hasText: box.label }).click();
      await expect(page).toHaveURL(`/shipments?filter=${box.value}`);
      await boxListSettled(page, box.label);
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

  test('a count box filter shows on the list as a removable chip and in the tab title', async ({ page, signIn }) => {
    await signIn('primary@demo.test');
    const count = await boxCount(page, 'Documents Required');
    await countBoxes(page).filter({ hasText: 'Documents Required' }).click();
    await expect(page).toHaveURL('/shipments?filter=documents-required');
    await expect(page).toHaveTitle('Shipments: Documents Required · Clearport');
    const remove = page.getByRole('button', { name: 'Remove the Documents Required filter' });
    await expect(remove).toBeVisible();
    await expect(page.getByText('Home box', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/the Status, Account and Date filters and the search narrow them further/),
    ).toBeVisible();
    await tableSettled(page);
    expect((await pagerCounts(page)).total).toBe(count);

    await remove.click();
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(page).toHaveTitle('Shipments · Clearport');
    await expect(remove).toHaveCount(0);
    await tableSettled(page);
    await expect.poll(async () => (await pagerCounts(page)).total).toBeGreaterThan(count);
  });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`${viewportName}: a broker's link signs the user in on Home, leaving no token in the address or history`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const { token } = await signInLink(request, 'manager@demo.test');
      await page.goto('/login');
      await page.goto(`/?token_user=${encodeURIComponent(token)}&primary=Maria%20Delgado&name_user=James%20Whitfield`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        /^Good (morning|afternoon|evening), Maria Delgado$/,
      );
      await expect(page).toHaveURL(/\/$/);
      await expect(mainNavigation(page)).toBeVisible();
      await expect(countBoxes(page).first()).toHaveText(/^\d+ /);
      // The session is the server's cookie, which no script reads; the link's token is nowhere.
      const cookies = await page.context().cookies();
      const secret = cookies.find((cookie) => cookie.name === SESSION_SECRET_COOKIE.plain)!;
      expect(secret.httpOnly).toBe(true);
      const scriptCookies = await page.evaluate(() => document.cookie);
      expect(scriptCookies).not.toContain(secret.value);
      expect(scriptCookies).not.toContain(token);
      // Back leads to the page before the link; its address was replaced, not added to.
      await page.goBack();
      await expect(page).toHaveURL(/\/login$|\/$/);
      expect(page.url()).not.toContain('token_user');
      await expectAccessible(page, `${viewportName} Home from a sign-in link`);

      // The link works once: opened again, it leads to the login page.
      await page.context().clearCookies();
      await page.goto(`/?token_user=${encodeURIComponent(token)}`);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test("a broker's link behaves as a login: each role sees its own navigation and landing page", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const nav = mainNavigation(page);
    const linkOf = async (email: string) =>
      `/?token_user=${encodeURIComponent((await signInLink(request, email)).token)}&primary=Maria%20Delgado`;

    // A stored session of a primary user is replaced by the link's user and role.
    await page.goto(await linkOf('primary@demo.test'));
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();

    await page.goto(await linkOf('user@demo.test'));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Maria Delgado$/);
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Shipments', 'Billing', 'Reports', 'Settings']);

    await page.goto(await linkOf('viewer@demo.test'));
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipments');
    await expect(nav.getByRole('link')).toHaveText(['Shipments']);
    await tableSettled(page);
    await shipmentRows(page).first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Shipment # /);
    await expect(page.getByRole('region', { name: 'Shipment details' })).toBeVisible();
    for (const name of ['Save', 'New Delivery Order', 'Submit']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });

  test("a broker's link with a token the server does not know goes to the login page", async ({ page }) => {
    await page.goto('/?token_user=not-a-token&primary=Maria%20Delgado');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  });

  test('arriving from the navigation clears the saved filters; reloading keeps them', async ({ page, signIn }) => {
    await signIn('primary@demo.test');
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
    // The table holds all the shipments the filters find: nothing leads to more.
    await tableSettled(page);
    await expect(page.getByRole('link', { name: 'See all shipments' })).toHaveCount(0);

    // Home has a search box too: the list's is the one on its address, once the list is there.
    await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search shipments' })).toHaveValue('PO-1');
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(search).toHaveValue('');
    await expect.poll(() => boxCount(page, 'Without Delivery Order')).toBe(allCount);
    // The Home link on Home is an arrival too.
    await search.fill('PO-1');
    await expect.poll(() => boxCount(page, 'Without Delivery Order')).toBeLessThan(allCount);
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(search).toHaveValue('');
    await expect.poll(() => boxCount(page, 'Without Delivery Order')).toBe(allCount);

    // Unfiltered, Home shows the first page, and leads to the list for the rest.
    await page.getByRole('link', { name: 'See all shipments' }).click();
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(page.getByRole('searchbox', { name: 'Search shipments' })).toHaveValue('');
    await tableSettled(page);
    expect((await pagerCounts(page)).total).toBeGreaterThan(250);
  });

  test("the next user of the tab starts from no filters, after a logout or when the last one's session just ended", async ({
    page,
    login,
  }) => {
    const search = page.getByRole('searchbox', { name: 'Search shipments' });
    const keepSearch = async (text: string) => {
      await search.fill(text);
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('globalFilter'))).toBe(text);
    };

    await login('primary@demo.test');
    await keepSearch('DMI-41258');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login('primary@other.test');
    await expect(search).toHaveValue('');
    await tableSettled(page);
    await expect(page.getByRole('link', { name: /^OTC-/ }).first()).toBeVisible();

    // No logout this time: the cookies go, as when a session ends, and someone else signs in.
    await keepSearch('OTC-1');
    await page.context().clearCookies();
    await login('primary@demo.test');
    await expect(search).toHaveValue('');
    await tableSettled(page);
    await expect(page.getByRole('link', { name: /^DMI-/ }).first()).toBeVisible();
  });

  test('counts the 7501s awaiting approval in a box that opens them; the 7501 mail’s link opens one after the login', async ({
    page,
    signIn,
  }) => {
    const setRule = async (label: string) => {
      await signIn('primary@demo.test', '/settings');
      const rule = page.getByRole('region', { name: '7501 approval' });
      await rule.getByRole('radio', { name: label }).check();
      await rule.getByRole('button', { name: 'Save 7501 approval' }).click();
      await expect(page.getByText('7501 approval saved.')).toBeVisible();
    };
    const approvalBox = () => countBoxes(page).filter({ hasText: 'Awaiting your approval' });
    const awaiting = async () => {
      await expect(approvalBox()).toHaveText(/^\d+ Awaiting your approval\$[\d,]+\.\d\d duty$/);
      return Number((await approvalBox().innerText()).split(/\s/)[0]);
    };

    await setRule('Every 7501');
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    const count = await awaiting();
    expect(count).toBeGreaterThan(1);

    await approvalBox().click();
    await expect(page).toHaveURL(/\/shipments\?filter=awaiting-approval$/);
    await boxListSettled(page, ENTRY_APPROVAL_TEXTS.awaiting);
    expect((await pagerCounts(page)).total).toBe(count);
    const links = shipmentsTable(page).getByRole('row').getByRole('link');
    const second = await links.nth(1).getAttribute('href');
    await links.first().click();
    const approval = page.getByRole('group', { name: 'Awaiting your approval' });
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/^Approved by Maria Delgado on/)).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(awaiting).toBe(count - 1);

    // The 7501 mail's link, opened signed out: the login, then the shipment's approval in focus.
    await page.context().clearCookies();
    await page.goto(`${second!.split('?')[0]}?review=7501`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await submitLogin(page, 'primary@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/shipments\/\d+\?review=7501$/);
    await expect(page.getByRole('group', { name: 'Awaiting your approval' })).toBeFocused();

    await setRule('None');
    await mainNavigation(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(countBoxes(page)).toHaveText(COUNT_LABELS.map((label) => new RegExp(`^\\d+ ${label}$`)));
  });
});
