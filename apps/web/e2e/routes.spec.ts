import { TEXTS } from '@clearport/contract/texts';
import { expect, mainNavigation, test } from './fixtures.ts';

/** Every route of the spec's route table inside the main layout, with its heading and its tab's title. */
const LAYOUT_ROUTES = [
  ['/', /^Good (morning|afternoon|evening), .+$/, 'Home · Clearport'],
  ['/shipments', 'Shipments', 'Shipments · Clearport'],
  ['/shipments/1', /^Shipment # DMI-\d+-\d$/, /^Shipment DMI-\d+-\d · Clearport$/],
  ['/billing', 'Billing', 'Billing · Clearport'],
  ['/billing/1', /^Invoice( INV-\d+)?$/, /^Invoice( INV-\d+)? · Clearport$/],
  ['/users', 'Users', 'Users · Clearport'],
  ['/users/new-user', 'New User', 'New User · Clearport'],
  ['/users/1', 'Edit User', undefined],
  ['/reports', 'Reports', 'Reports · Clearport'],
  ['/settings', 'Settings', 'Settings · Clearport'],
] as const;

test.describe('routes', () => {
  // One test a route, each opening it with a page load as the sign-in's landing page.
  for (const [path, heading, tabTitle] of LAYOUT_ROUTES) {
    test(`${path} loads inside the main layout, titled after its screen, also on refresh`, async ({ page, signIn }) => {
      await signIn('primary@demo.test', path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(mainNavigation(page)).toBeVisible();
      if (tabTitle) await expect(page).toHaveTitle(tabTitle);

      await page.reload();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('the login and not-found pages are titled too, and moving within the portal retitles the tab', async ({
    page,
    signIn,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in to your account · Clearport');
    await signIn('primary@demo.test');
    // Moving within the portal retitles the tab as well.
    await mainNavigation(page).getByRole('link', { name: 'Billing', exact: true }).click();
    await expect(page).toHaveTitle('Billing · Clearport');
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle(`${TEXTS.notFound} · Clearport`);
  });

  test('the navigation links open their screens', async ({ page, signIn }) => {
    await signIn('primary@demo.test');
    for (const [label, path, title] of [
      ['Shipments', '/shipments', 'Shipments'],
      ['Billing', '/billing', 'Billing'],
      ['Users', '/users', 'Users'],
      ['Reports', '/reports', 'Reports'],
      ['Settings', '/settings', 'Settings'],
      ['Home', '/', /^Good /],
    ] as const) {
      await mainNavigation(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(mainNavigation(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  for (const path of ['/login', '/forgot-password', '/reset-password/some-token']) {
    test(`${path} loads without a session, also on refresh`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(mainNavigation(page)).toHaveCount(0);
    });
  }

  for (const path of ['/no-such-page', '/shipments/1/nothing/here']) {
    test(`${path} shows the not-found page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.notFound);
    });
  }

  for (const [path] of LAYOUT_ROUTES) {
    test(`${path} without a session goes to /login, keeping the page to return to`, async ({ page }) => {
      await page.goto(path);
      // Home is where a login lands anyway.
      await expect(page).toHaveURL(path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    });
  }

  test('role 11 opening / goes to /shipments', async ({ page, signIn }) => {
    await signIn('viewer@demo.test', '/');
    await expect(page).toHaveURL(/\/shipments$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipments');
  });

  // One behaviour for every screen a role may not open: the not-found page, the address kept.
  for (const [email, role, typed] of [
    ['user@demo.test', 5, ['/users', '/users/new-user']],
    ['viewer@demo.test', 11, ['/users', '/settings', '/billing', '/reports']],
  ] as const) {
    test(`role ${role} typing ${typed.join(', ')} gets the not-found page`, async ({ page, signIn, navigate }) => {
      await signIn(email, '/shipments');
      for (const path of typed) {
        await navigate(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.notFound);
        await expect(page).toHaveURL(path);
        await expect(mainNavigation(page)).toBeVisible();
      }
    });
  }
});
