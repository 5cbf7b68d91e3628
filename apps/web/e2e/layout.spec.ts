import { expect, mainNavigation, test } from './fixtures.ts';

test.describe('main layout', () => {
  test('a wide window shows every link of the role and no More button', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn('primary@demo.test');
    await expect(mainNavigation(page).getByRole('link')).toHaveText([
      'Home',
      'Shipments',
      'Billing',
      'Users',
      'Reports',
      'Settings',
    ]);
    await expect(mainNavigation(page).getByRole('button', { name: 'More' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('img', { name: 'Clearport' })).toBeVisible();
  });

  test('a narrow window puts Users, Reports and Settings behind More', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    await signIn('primary@demo.test');
    const nav = mainNavigation(page);
    const more = nav.getByRole('button', { name: 'More' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Shipments', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Billing', exact: true })).toBeVisible();
    await expect(more).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeHidden();

    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Users', 'Reports', 'Settings']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeHidden();
    await expect(more).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  test('the More menu follows the window size', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn('user@demo.test');
    await expect(mainNavigation(page).getByRole('button', { name: 'More' })).toHaveCount(0);
    await page.setViewportSize({ width: 500, height: 800 });
    await mainNavigation(page).getByRole('button', { name: 'More' }).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  });

  test('no screen is wider than a 360 px phone', async ({ page, signIn, navigate }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn('primary@demo.test');
    const screens = [
      ['/', page.getByRole('list', { name: 'Shipments' })],
      ['/shipments', page.getByRole('list', { name: 'Shipments' })],
      ['/billing', page.getByRole('list', { name: 'Invoices' })],
      ['/users', page.getByRole('list', { name: 'Users' })],
      ['/settings', page.getByRole('button', { name: 'Save', exact: true })],
    ] as const;
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [path, content] of screens) {
      await navigate(path);
      await expect(content).toBeVisible();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    // A shipment opened from a filtered list, with its previous and next buttons.
    await navigate('/shipments?filter=documents-required');
    await page.getByRole('list', { name: 'Shipments' }).getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Next shipment' })).toBeVisible();
    expect(await overflow(), 'shipment page').toBeLessThanOrEqual(0);
  });

  test('a phone shows shipments as cards with their status, under compact count boxes', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('primary@demo.test');
    const boxes = page.getByRole('region', { name: 'Shipment counts' });
    // The spec's five and Possible Charges (decision 0030).
    await expect(boxes.getByRole('link')).toHaveCount(6);
    expect((await boxes.boundingBox())!.height).toBeLessThan(250);

    const cards = page.getByRole('list', { name: 'Shipments' }).locator(':scope > li');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = cards.first();
    const entry = first.getByRole('link');
    await expect(entry).toHaveText(/^[A-Z]{3}-\d{7}-\d$/);
    await expect(first.getByRole('term')).toContainText(['ETA', 'Container Number(s)']);
    // The status is on the card, inside the screen.
    const status = first.locator('[data-colour]');
    await expect(status).toBeVisible();
    const statusBox = (await status.boundingBox())!;
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(390);

    const entryNumber = await entry.innerText();
    await entry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${entryNumber}`);
  });
});
