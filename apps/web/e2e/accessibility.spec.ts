import type { Page } from '@playwright/test';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { VIEWPORTS, expectAccessible } from './axe.ts';
import { NAV_LABELS, expect, mainNavigation, test } from './fixtures.ts';
import { apiLogin, findShipment, getDetail, takesANewOrder } from './shipments-api.ts';

// These tests only read, so each may run on either worker: the two share the sweeps.
test.describe.configure({ mode: 'parallel' });

type Screen =
  | 'home'
  | 'shipments'
  | 'shipment'
  | 'billing'
  | 'invoice'
  | 'users'
  | 'user'
  | 'newUser'
  | 'securityEvents'
  | 'reports'
  | 'settings';

/**
 * The screens checked for each demo role, in sweeps: a sweep opens its first screen with a page load
 * and each next one from the screen before, as a user moves on. Roles 3, 4 and 5 see the same
 * screens drawn the same way but for the navigation (role 5 has no Users) and which accounts' data
 * they hold, so every screen is checked as the primary user and the other two on their landing
 * page, where their own navigation shows. Role 11 sees only Shipments, and the shipment page
 * read-only (spec section 6).
 */
const SWEEPS: ReadonlyArray<{ email: string; screens: readonly Screen[] }> = [
  { email: 'primary@demo.test', screens: ['shipment', 'shipments', 'home'] },
  { email: 'primary@demo.test', screens: ['billing', 'invoice'] },
  { email: 'primary@demo.test', screens: ['users', 'user', 'newUser', 'securityEvents'] },
  { email: 'primary@demo.test', screens: ['reports', 'settings'] },
  { email: 'manager@demo.test', screens: ['home'] },
  { email: 'user@demo.test', screens: ['home', 'settings'] },
  { email: 'viewer@demo.test', screens: ['shipment', 'shipments'] },
];

/** Waits until the screen at `path` shows what it loaded: no spinner, no busy table or list. */
async function screenSettled(page: Page, path: string | RegExp) {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Follows a link of the main navigation; on a phone, Users, Reports and Settings sit under More. */
async function followNavigation(page: Page, name: string) {
  const link = mainNavigation(page).getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await mainNavigation(page).getByRole('button', { name: 'More' }).click();
  await link.click();
}

/** Opens the first link of the screen's table (or card list), as a user picks a row. */
async function openFirstRow(page: Page) {
  await page.getByRole('main').locator('table tbody a, ul[aria-label] > li a').first().click();
}

/**
 * Each screen's address (a pattern where a sweep picks a row to reach it) and how a user reaches it
 * from the screen before it in its sweep. A sweep opens its first screen at its address.
 */
const SCREENS: Record<Screen, { url: (shipmentId: number) => string | RegExp; open?: (page: Page) => Promise<void> }> =
  {
    home: { url: () => '/', open: (page) => followNavigation(page, NAV_LABELS.home) },
    shipments: { url: () => '/shipments', open: (page) => followNavigation(page, NAV_LABELS.shipments) },
    shipment: { url: (shipmentId) => `/shipments/${shipmentId}` },
    billing: { url: () => '/billing', open: (page) => followNavigation(page, NAV_LABELS.billing) },
    invoice: { url: () => /\/billing\/\d+$/, open: openFirstRow },
    users: { url: () => '/users', open: (page) => followNavigation(page, NAV_LABELS.users) },
    user: { url: () => /\/users\/\d+$/, open: openFirstRow },
    newUser: {
      url: () => '/users/new-user',
      open: async (page) => {
        await page.goBack();
        await page.getByRole('link', { name: 'Add User' }).click();
      },
    },
    securityEvents: {
      url: () => '/users/security-events',
      open: async (page) => {
        await followNavigation(page, NAV_LABELS.users);
        await page.getByRole('link', { name: 'Security events' }).click();
      },
    },
    reports: { url: () => '/reports', open: (page) => followNavigation(page, NAV_LABELS.reports) },
    settings: { url: () => '/settings', open: (page) => followNavigation(page, NAV_LABELS.settings) },
  };

for (const { email, screens } of SWEEPS) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`${email}, ${viewportName}: ${screens.join(', ')} have no serious or critical axe violation and fit the screen's width`, async ({
      page,
      request,
      signIn,
    }) => {
      // The fullest shipment page: delivery orders (as the primary user is sent them), containers and their tracking.
      const primary = await apiLogin(request, 'primary@demo.test');
      const shipmentId = screens.includes('shipment')
        ? (
            await findShipment(
              await apiLogin(request, email),
              SHIPMENT_STATUSES.pendingRelease,
              async ({ shipment: each }) =>
                each.containers.length > 0 && (await getDetail(primary, each.id)).shipment.delivery_orders.length > 0,
            )
          ).id
        : 0;
      await page.setViewportSize(viewport);
      for (const [index, screen] of screens.entries()) {
        const { url, open } = SCREENS[screen];
        const address = url(shipmentId);
        await test.step(`open ${screen}`, async () => {
          if (index > 0 && open) await open(page);
          else if (typeof address === 'string') await signIn(email, address);
          else throw new Error(`a sweep cannot open ${screen} at an address`);
          await screenSettled(page, address);
        });
        await test.step(`check ${screen}`, async () => {
          await expectAccessible(page, `${email} ${viewportName} ${screen}`);
          // Nothing pushes the page sideways (WCAG's reflow): a phone scrolls it down only.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${screen} is wider than the ${viewportName} screen`).toBeLessThanOrEqual(0);
        });
      }
    });
  }
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test(`${viewportName}: the login and forgot password screens have no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `${viewportName} /login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `${viewportName} /forgot-password`);
  });

  test(`${viewportName}: the reset password and not-found screens have no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of ['/reset-password/not-a-token', '/no-such-screen']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${viewportName} ${path}`);
    }
  });
}

test('open dialogs and menus have no serious or critical axe violation', async ({ page, request, signIn }) => {
  const api = await apiLogin(request, 'primary@demo.test');
  const shipment = await findShipment(api, SHIPMENT_STATUSES.pendingRelease, takesANewOrder);
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
