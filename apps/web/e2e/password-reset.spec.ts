import { TEXTS } from '@clearport/contract/texts';
import { DEMO_PASSWORD, expect, submitLogin, test } from './fixtures.ts';
import { outboxFiles, waitForResetLink } from './outbox.ts';
import type { Page } from '@playwright/test';

async function requestReset(page: Page, email: string): Promise<string> {
  const filesBefore = outboxFiles();
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(TEXTS.forgotPasswordSuccess);
  return waitForResetLink(email, filesBefore);
}

async function fillReset(page: Page, email: string, password: string, confirmation: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
  await page.getByRole('button', { name: 'Change password' }).click();
}

test.describe('forgot password', () => {
  for (const email of ['', 'not-an-address', 'someone@nowhere']) {
    test(`"${email}" shows Email address invalid`, async ({ page }) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText(TEXTS.emailInvalid);
    });
  }

  test('an unknown address gets the same answer, and the page links back to login', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('nobody@demo.test');
    await page.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(TEXTS.forgotPasswordSuccess);
    // The button that had the focus gave way to the answer, which takes it.
    await expect(page.locator(':focus')).toContainText(TEXTS.forgotPasswordSuccess);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('reset password', () => {
  for (const [email, password, confirmation, message] of [
    ['', 'secret1', 'secret1', TEXTS.resetEmailEmpty],
    ['manager@demo', 'secret1', 'secret1', TEXTS.resetEmailInvalid],
    ['manager@demo.test', '', 'secret1', TEXTS.resetPasswordEmpty],
    ['manager@demo.test', 'short', 'short', TEXTS.resetPasswordTooShort],
    ['manager@demo.test', 'secret1', '', TEXTS.resetConfirmEmpty],
    ['manager@demo.test', 'secret1', 'secret2', TEXTS.resetPasswordsDiffer],
  ] as const) {
    test(`the form says "${message}"`, async ({ page }) => {
      await page.goto('/reset-password/some-token');
      await fillReset(page, email, password, confirmation);
      await expect(page.getByRole('alert')).toHaveText(message);
    });
  }

  test('a bad link shows the server message', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await fillReset(page, 'manager@demo.test', 'secret123', 'secret123');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.resetInvalid);
  });

  test('forgot password, e-mail, reset and login with the new password', async ({ page, login }) => {
    test.setTimeout(180_000);
    // manager@demo.test gets its demo password back at the end, so other tests may log in with it.
    const email = 'manager@demo.test';
    const newPassword = 'harbour-crane-42';

    const link = await requestReset(page, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset password');
    await expect(page.getByLabel('Email address')).toBeEditable();
    await fillReset(page, email, newPassword, newPassword);
    await expect(page.getByRole('status')).toHaveText(TEXTS.resetSuccess);

    // The link is single-use.
    await page.goto(link);
    await fillReset(page, email, newPassword, newPassword);
    await expect(page.getByRole('alert')).toHaveText(TEXTS.resetInvalid);

    await page.goto('/login');
    await submitLogin(page, email, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(TEXTS.loginFailed);

    await login(email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const linkBack = await requestReset(page, email);
    await page.goto(linkBack);
    await fillReset(page, email, DEMO_PASSWORD, DEMO_PASSWORD);
    await expect(page.getByRole('status')).toHaveText(TEXTS.resetSuccess);
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(email);
  });
});
