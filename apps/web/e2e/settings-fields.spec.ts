import type { Locator, Page } from '@playwright/test';
import { CreateTruckerResponse } from '@clearport/contract/truckers';
import { SETTINGS_ERRORS } from '@clearport/contract/settings';
import { TEXTS } from '@clearport/contract/texts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectAccessible } from './axe.ts';
import { apiLogin } from './shipments-api.ts';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const truckerGroup = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Truckers' }).getByRole('group', { name, exact: true });

/** Whether the element is within the window as it is scrolled now. */
async function isInWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** A trucker of the primary's company, made for one test so that no other test meets it. */
async function newTrucker(request: Parameters<typeof apiLogin>[0], name: string) {
  const api = await apiLogin(request, 'primary@demo.test');
  const reply = await request.post('/api/user/trucker/save', {
    headers: { authorization: `Bearer ${api.token}` },
    data: { truckers: [{ name, email: 'dispatch.desk@field-test-hauling.test', cc_emails: [] }] },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return CreateTruckerResponse.parse(await reply.json()).truckers[0]!;
}

for (const { name, viewport } of WIDTHS) {
  test(`Settings on a ${name}: account names, the Save in reach, and each refusal at its field`, async ({
    page,
    request,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    const truckerName = `Field Test Hauling ${name}`;
    await newTrucker(request, truckerName);
    await signIn('primary@demo.test', '/settings');

    // The spec's "account names (read-only)": names with their numbers.
    const accounts = page.getByRole('textbox', { name: 'Account names' });
    await expect(accounts).toHaveValue(/[A-Za-z].* \(\d+\)/);
    await expect(accounts).toHaveAttribute('readonly', '');
    // The one Save is on screen at the top of the page, and at the trucker far below it.
    await expect.poll(() => isInWindow(page, saveButton(page))).toBe(true);

    const trucker = truckerGroup(page, truckerName);
    const nameField = trucker.getByRole('textbox', { name: 'Name', exact: true });
    await nameField.scrollIntoViewIfNeeded();
    await expect.poll(() => isInWindow(page, saveButton(page))).toBe(true);
    if (name === 'desktop') {
      // The name and the e-mail share the card's width: a whole address shows.
      const email = trucker.getByRole('textbox', { name: 'Email', exact: true });
      await expect(email).toHaveValue('dispatch.desk@field-test-hauling.test');
      expect(await email.evaluate((field) => field.scrollWidth <= field.clientWidth)).toBe(true);
    }
    await nameField.fill('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveButton(page).click();

    // The spec's text at the field, not a path; the field marked, focused and scrolled to.
    await expect(trucker.getByText(TEXTS.cannotBeEmpty, { exact: true })).toBeVisible();
    await expect(page.getByText(/truckers\.\d/)).toHaveCount(0);
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription(TEXTS.cannotBeEmpty);
    await expect(nameField).toBeFocused();
    await expect.poll(() => isInWindow(page, nameField)).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: 'One field needs your attention' })).toBeVisible();

    // The one CC editor: chips counted out of 10, the trucker's own text when full.
    await nameField.fill(truckerName);
    await expect(nameField).not.toHaveAttribute('aria-invalid');
    await expect(trucker.getByText('0/10 CC')).toBeVisible();
    const newCc = trucker.getByRole('textbox', { name: `New CC for ${truckerName}` });
    for (let index = 1; index <= 10; index += 1) {
      await newCc.fill(`copy${index}@fields.test`);
      await newCc.press('Enter');
    }
    await expect(trucker.getByText('10/10 CC')).toBeVisible();
    await expect(trucker.getByText(TEXTS.maxTruckerCc, { exact: true })).toBeVisible();
    await trucker.getByRole('button', { name: 'Remove copy4@fields.test' }).click();
    await expect(trucker.getByText('9/10 CC')).toBeVisible();

    // The server's refusal of the current password, at that field.
    await page.getByRole('textbox', { name: 'New password' }).fill('fields-new-secret');
    const current = page.getByLabel('Current password');
    await current.fill(`not-${DEMO_PASSWORD}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await saveButton(page).click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(SETTINGS_ERRORS.currentPasswordWrong);
    await expect(current).toBeFocused();
    await expect.poll(() => isInWindow(page, current)).toBe(true);
    await expectAccessible(page, `settings with errors, ${name}`);
  });
}

test('role 5 sees the company’s lists read-only, and adds a trucker whose any contact can be removed', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize(WIDTHS[1].viewport);
  await signIn('user@demo.test', '/settings');
  const list = page.getByRole('group', { name: '7501 e-mails', exact: true });
  await expect(list.getByRole('textbox', { name: '7501 recipient' })).toHaveAttribute('readonly', '');
  await expect(list.getByRole('textbox', { name: 'New CC for 7501' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByText(/changed by its primary user and managers/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save demurrage and detention e-mails' })).toHaveCount(0);

  const form = page.getByRole('region', { name: 'Truckers' });
  await form.getByRole('textbox', { name: 'Trucker name' }).fill('Role Five Drayage');
  await form.getByRole('textbox', { name: 'Contact 1' }).fill('one@fivedray.test');
  for (const [number, address] of [
    ['2', 'two@fivedray.test'],
    ['3', 'three@fivedray.test'],
  ] as const) {
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByRole('textbox', { name: `Contact ${number}` }).fill(address);
  }
  await form.getByRole('button', { name: 'Remove contact 1' }).click();
  await expect(form.getByRole('textbox', { name: 'Contact 1' })).toHaveValue('two@fivedray.test');
  await expect(form.getByRole('textbox', { name: 'Contact 2' })).toHaveValue('three@fivedray.test');
  await form.getByRole('button', { name: 'Create Trucker' }).click();
  const created = truckerGroup(page, 'Role Five Drayage');
  await expect(created.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('two@fivedray.test');
  await expect(created.getByText('three@fivedray.test')).toBeVisible();
  await expect(created.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '');

  // Save sends the user's own settings; the lists go back as they were.
  await saveButton(page).click();
  await expect(page.locator('.Toastify').getByText('Settings saved.', { exact: true })).toBeVisible();
  await expectAccessible(page, 'settings of role 5, phone');
});
