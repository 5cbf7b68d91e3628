import { homePathFor, navItemsFor } from '@clearport/contract/roles';
import { TEXTS } from '@clearport/contract/texts';
import { DEMO_USERS, NAV_LABELS, expect, mainNavigation, submitLogin, test } from './fixtures.ts';

test.describe('login', () => {
  for (const user of DEMO_USERS) {
    test(`${user.email} (role ${user.role}) lands on their home with their navigation, then logs out`, async ({
      page,
      login,
    }) => {
      await login(user.email);
      await expect(page).toHaveURL(homePathFor(user.role));

      const expectedLinks = navItemsFor(user.role).map((item) => NAV_LABELS[item]);
      await expect(mainNavigation(page).getByRole('link')).toHaveText(expectedLinks);
      for (const label of Object.values(NAV_LABELS).filter((each) => !expectedLinks.includes(each))) {
        await expect(mainNavigation(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
      }

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('token');

      // The session is over: pages of the layout send the user back to the login page.
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('logs out from a shipment with the keyboard to the login page, with no alert and no call without a session', async ({
    page,
    login,
  }) => {
    await login('primary@demo.test');
    await page.goto('/shipments/257');
    await expect(page.getByRole('region', { name: 'Delivery orders' })).toBeVisible();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(alerts).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('greets the user on Home by name', async ({ page, login }) => {
    await login('primary@demo.test');
    const name = (await page.context().cookies()).find((cookie) => cookie.name === 'name')?.value;
    expect(name).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      new RegExp(`^Good (morning|afternoon|evening), ${decodeURIComponent(name!)}$`),
    );
  });

  test('stores the session cookies for one day, same-site strict', async ({ page, login }) => {
    await login('user@demo.test');
    const cookies = await page.context().cookies();
    const now = Date.now() / 1000;
    for (const name of ['token', 'name', 'role', 'primary']) {
      const cookie = cookies.find((each) => each.name === name);
      expect(cookie, name).toBeDefined();
      expect(cookie!.sameSite).toBe('Strict');
      expect(cookie!.expires - now).toBeGreaterThan(86_400 - 120);
      expect(cookie!.expires - now).toBeLessThanOrEqual(86_400 + 5);
    }
  });

  test('a wrong password shows the spec text', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'primary@other.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.loginFailed);
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const [userName, password, message] of [
    ['', '', TEXTS.usernameAndPasswordEmpty],
    ['', 'portal-demo', TEXTS.usernameEmpty],
    ['user@demo.test', '', TEXTS.passwordEmpty],
  ] as const) {
    test(`the login form says "${message}"`, async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, userName, password);
      await expect(page.getByRole('alert')).toHaveText(message);
    });
  }

  test('a signed-in user who opens /login goes to their home', async ({ page, login, navigate }) => {
    await login('viewer@demo.test');
    await navigate('/login');
    await expect(page).toHaveURL(/\/shipments$/);
  });

  test('the login page links to forgot password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByLabel('Email address')).toBeVisible();
  });
});
