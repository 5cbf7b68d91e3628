import { SESSION_SECRET_COOKIE } from '@clearport/contract/sessions';
import { VIEWPORTS, expectAccessible } from './axe.ts';
import { DEMO_PASSWORD, expect, mainNavigation, submitLogin, test } from './fixtures.ts';

/**
 * The session's secret lives in the server's HttpOnly cookie, out of the page's scripts; a user
 * sees where they are signed in and ends a sign-in elsewhere (docs/decisions/0033).
 */

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test(`${viewportName}: signing in sets a session cookie no script reads`, async ({ page, login }) => {
    await page.setViewportSize(viewport);
    await login('user@demo.test');
    const cookies = await page.context().cookies();
    const secret = cookies.find((cookie) => cookie.name === SESSION_SECRET_COOKIE.plain);
    expect(secret, 'the session cookie').toBeDefined();
    expect(secret!.httpOnly).toBe(true);
    expect(secret!.sameSite).toBe('Strict');
    expect(secret!.path).toBe('/');
    const readable = await page.evaluate(() => document.cookie);
    expect(readable).toContain('token=');
    expect(readable).not.toContain(secret!.value);
    expect(readable).not.toContain(`${SESSION_SECRET_COOKIE.plain}=`);
    // The readable token is not the secret: it alone opens nothing.
    const token = cookies.find((cookie) => cookie.name === 'token')!.value;
    expect(token).not.toBe(secret!.value);
    const alone = await page.request.get('/api/user/profile', {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}`, cookie: '' },
    });
    expect(alone.status()).toBe(401);
    await expectAccessible(page, `${viewportName} Home after sign-in`);
  });

  test(`${viewportName}: Your sign-ins ends the sign-in another browser holds`, async ({
    page,
    browser,
    baseURL,
    login,
    navigate,
  }) => {
    await page.setViewportSize(viewport);
    // Another browser, a phone, signed in as the same user.
    const phone = await browser.newContext({ baseURL, userAgent: SAFARI_ON_IPHONE });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto('/login');
      await submitLogin(phonePage, 'primary@other.test', DEMO_PASSWORD);
      await expect(mainNavigation(phonePage)).toBeVisible();

      await login('primary@other.test');
      // The phone's bar keeps Settings under More: the address opens it at any width.
      await navigate('/settings');
      const section = page.getByRole('region', { name: 'Your sign-ins' });
      await expect(section.getByRole('listitem', { name: /This device$/ })).toBeVisible();
      const other = section.getByRole('listitem', { name: 'Safari on iPhone' }).first();
      await expect(other).toBeVisible();
      await expect(other).toContainText('Last used');
      await expect(section).toContainText('Changing your password below signs you out everywhere else too.');
      await expectAccessible(page, `${viewportName} Settings, Your sign-ins`);

      await other.getByRole('button', { name: /^Sign out Safari on iPhone, last used / }).click();
      await expect(page.getByText('That sign-in has ended.')).toBeVisible();
      await expect(section.getByRole('listitem', { name: 'Safari on iPhone' })).toHaveCount(0);

      // The phone's next page asks it to log in again, and comes back after.
      await phonePage.goto('/billing');
      await expect(phonePage).toHaveURL(/\/login\?next=%2Fbilling$/);
      await expect(phonePage.getByLabel('Username', { exact: true })).toBeVisible();
      // This browser is still signed in.
      await page.reload();
      await expect(section.getByRole('listitem', { name: /This device$/ })).toBeVisible();
    } finally {
      await phone.close();
    }
  });
}

test('a manager signs a user out everywhere from the Edit User screen', async ({ page, browser, baseURL, login }) => {
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const other = await elsewhere.newPage();
    await other.goto('/login');
    await submitLogin(other, 'user@demo.test', DEMO_PASSWORD);
    await expect(mainNavigation(other)).toBeVisible();

    // The manager signs the user out everywhere from the Edit User screen.
    await login('manager@demo.test');
    await page.goto('/users');
    await page.getByRole('row').filter({ hasText: 'user@demo.test' }).getByRole('link').first().click();
    const signIns = page.getByRole('region', { name: 'Sign-ins' });
    await signIns.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(signIns.getByRole('status')).toContainText('The user is signed out everywhere');
    await expectAccessible(page, 'Edit User, Sign-ins');
    await other.goto('/shipments');
    await expect(other).toHaveURL(/\/login\?next=%2Fshipments$/);
  } finally {
    await elsewhere.close();
  }
});

test('a page opened before another user signed in on the browser reads and saves nothing as them', async ({
  page,
  login,
}) => {
  await login('primary@demo.test');
  await page.goto('/shipments');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Another tab of the same browser: the user signs out, and a colleague signs in.
  const tab = await page.context().newPage();
  await tab.goto('/');
  await tab.getByRole('button', { name: 'Logout' }).click();
  await expect(tab.getByLabel('Username', { exact: true })).toBeVisible();
  await submitLogin(tab, 'user@demo.test', DEMO_PASSWORD);
  await expect(mainNavigation(tab)).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Someone else has signed in' });
  await expect(dialog).toContainText(
    'Another user has signed in on this browser. Reload the page to continue as them.',
  );
  await expectAccessible(page, 'the dialog of another user signed in');
  // The page asks the API nothing more with the colleague's cookies.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  // Closed, the dialog comes back with the next call the page would make.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Something went wrong. Please, try again in a few minutes!')).toBeVisible();
  expect(calls).toEqual([]);
  await tab.close();
  // Reloaded, the page is the colleague's.
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeHidden();
  await expect(mainNavigation(page)).toBeVisible();
});
