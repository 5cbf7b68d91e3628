import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { TEXTS } from '@clearport/contract/texts';
import { expect, mainNavigation, test } from './fixtures.ts';

/*
 * Where the keyboard's focus goes when what held it goes away: a page left, a step of a form
 * replaced, a form refused. It never falls to the page's start, where a keyboard or screen reader
 * user would have to find their way back.
 */

test.describe('The focus after a change', () => {
  test('goes to the new page’s heading after a link of the phone’s More menu', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('primary@demo.test', '/');
    const more = mainNavigation(page).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    // The menu opens on its first link.
    await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('goes to the field at fault when a new trucker is refused', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/settings');
    const truckers = page.getByRole('region', { name: 'Truckers' });
    const create = truckers.getByRole('button', { name: 'Create Trucker' });
    await create.focus();
    await page.keyboard.press('Enter');
    const name = truckers.getByRole('textbox', { name: 'Trucker name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(truckers.getByText(TEXTS.cannotBeEmpty).first()).toBeVisible();
  });

  test('stays in the two-factor section when a step of its set-up gives way to another', async ({ page, signIn }) => {
    await signIn('user@demo.test', '/settings');
    const section = page.getByRole('region', { name: TWO_FACTOR_TEXTS.section });
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn }).click();
    const cancel = section.getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn })).toBeFocused();
  });
});
