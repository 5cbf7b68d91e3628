import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { expect, test } from './fixtures.ts';
import { apiLogin, findShipment } from './shipments-api.ts';

/** The viewports every screen is checked at: a laptop and a phone. */
const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

type Screen =
  'home' | 'shipments' | 'shipment' | 'billing' | 'invoice' | 'users' | 'user' | 'newUser' | 'reports' | 'settings';

/**
 * The screens checked for each demo role. Roles 3, 4 and 5 see the same screens drawn the same
 * way but for the navigation (role 5 has no Users) and which accounts' data they hold, so every
 * screen is checked as the primary user and the other two on their landing page, where their own
 * navigation shows. Role 11 sees only Shipments, and the shipment page read-only (spec section 6).
 */
const SCREENS: Record<string, readonly Screen[]> = {
  'primary@demo.test': [
    'home',
    'shipments',
    'shipment',
    'billing',
    'invoice',
    'users',
    'user',
    'newUser',
    'reports',
    'settings',
  ],
  'manager@demo.test': ['home'],
  'user@demo.test': ['home'],
  'viewer@demo.test': ['shipments', 'shipment'],
};

/** Runs axe on the page as it is; fails on any serious or critical violation, naming each. */
async function expectAccessible(page: Page, where: string) {
  // Only violations are wanted, so axe keeps no detail of what passed.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Waits until the screen shows what it loaded: no spinner, no busy table or list. */
async function screenSettled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Opens the first link of a page's table (or card list), as a user picks a row. */
async function openFirstRow(page: Page, path: string) {
  await page.goto(path);
  await screenSettled(page);
  const link = page.getByRole('main').locator('table tbody a, ul[aria-label] > li a').first();
  await link.click();
  await screenSettled(page);
}

for (const [email, screens] of Object.entries(SCREENS)) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`${email}, ${viewportName}: every screen has no serious or critical axe violation`, async ({
      page,
      request,
      signIn,
    }) => {
      test.setTimeout(180_000);
      // The fullest shipment page: delivery orders, containers and their tracking.
      const shipment = screens.includes('shipment')
        ? await findShipment(
            await apiLogin(request, email),
            SHIPMENT_STATUSES.pendingRelease,
            ({ shipment: each }) => each.delivery_orders.length > 0 && each.containers.length > 0,
          )
        : undefined;
      await page.setViewportSize(viewport);
      const landing = screens[0] === 'home' ? '/' : '/shipments';
      await signIn(email, landing);

      for (const [index, screen] of screens.entries()) {
        const where = `${email} ${viewportName} ${screen}`;
        if (index === 0) await screenSettled(page);
        else if (screen === 'invoice') await openFirstRow(page, '/billing');
        else if (screen === 'user') await openFirstRow(page, '/users');
        else {
          const path = {
            home: '/',
            shipments: '/shipments',
            shipment: `/shipments/${shipment!.id}`,
            billing: '/billing',
            users: '/users',
            newUser: '/users/new-user',
            reports: '/reports',
            settings: '/settings',
          }[screen];
          await page.goto(path);
          await screenSettled(page);
        }
        await expectAccessible(page, where);
      }
    });
  }
}

test('the login, password and not-found screens have no serious or critical axe violation', async ({ page }) => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const path of ['/login', '/forgot-password', '/reset-password/not-a-token', '/no-such-screen']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${viewportName} ${path}`);
    }
  }
});

test('open dialogs and menus have no serious or critical axe violation', async ({ page, request, signIn }) => {
  const api = await apiLogin(request, 'primary@demo.test');
  const shipment = await findShipment(
    api,
    SHIPMENT_STATUSES.pendingRelease,
    ({ shipment: each }) =>
      each.delivery_orders.length === 0 && each.containers.length > 0 && each.ignored_shipment === 0,
  );
  await signIn('primary@demo.test', `/shipments/${shipment.id}`);
  const orders = page.getByRole('region', { name: 'Delivery orders', exact: true });
  await orders.getByRole('button', { name: 'New Delivery Order' }).click();
  const draft = orders.getByRole('article', { name: 'New delivery order (not saved)' });
  await draft.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(draft.getByText('Please select a trucker.')).toBeVisible();
  await expectAccessible(page, 'a new delivery order, its errors shown');
  await draft.getByRole('combobox', { name: 'Trucker', exact: true }).click();
  await page.getByRole('option', { name: 'Add New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Trucker' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'New Trucker dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
  await expectAccessible(page, 'the More menu on a phone');
});
