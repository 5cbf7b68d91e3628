import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { HOTP, Secret, TOTP } from 'otpauth';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { DEMO_PASSWORD, expect, mainNavigation, submitLogin, test } from './fixtures.ts';
import { apiHeaders, apiLogin, type Api } from './shipments-api.ts';

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

type Code = { code: string; step: number };

/**
 * A code of the key: its 30-second step's, with at least three seconds left in it, or, when that
 * step's code was taken already (`taken`), the next step's. The server takes a code of one step
 * either side of now (TWO_FACTOR.window) and each step once, as a phone whose clock runs a little
 * ahead would send it; so a second sign-in need not wait up to 30 s for a new code.
 */
async function codeOf(secret: string, taken?: Code): Promise<Code> {
  if (TOTP.remaining() < 3000) await new Promise((resolve) => setTimeout(resolve, TOTP.remaining() + 100));
  const step = Math.max(TOTP.counter(), (taken?.step ?? -1) + 1);
  return { code: HOTP.generate({ secret: Secret.fromBase32(secret), counter: step }), step };
}

async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => violation.id),
    where,
  ).toEqual([]);
}

/** A new user of Demo Imports (role 5) with the demo password. */
async function newUser(request: APIRequestContext, email: string): Promise<void> {
  const primary = await apiLogin(request, 'primary@demo.test');
  const profile = await request.get(`${API_BASE}${API_PATHS.profile}`, { headers: apiHeaders(primary) });
  const companyId = ((await profile.json()) as { company: { id: number } }).company.id;
  const created = await request.post(`${API_BASE}${API_PATHS.subusers}`, {
    headers: apiHeaders(primary),
    data: {
      name: email.split('@')[0],
      email,
      role: 5,
      password: DEMO_PASSWORD,
      linkedAccounts: [],
      company_id: companyId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function setCompanyRequirement(primary: Api, isRequired: boolean) {
  const saved = await primary.request.put(`${API_BASE}${apiPath(API_PATHS.companyTwoFactor)}`, {
    headers: apiHeaders(primary),
    data: { require_two_factor: isRequired, ...(isRequired ? {} : { current_password: DEMO_PASSWORD }) },
  });
  expect(saved.status()).toBe(200);
}

/** Reads the typed key from the set-up screen. */
async function typedKey(page: Page): Promise<string> {
  const key = page.getByLabel(TWO_FACTOR_TEXTS.secretLabel, { exact: true });
  await expect(key).toHaveText(/^[A-Z2-7]{32}$/);
  return (await key.textContent())!;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test(`${viewportName}: a user sets up two-factor sign-in in Settings, then signs in with a code`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const email = `two-factor-${viewportName}@demo.test`;
    await newUser(page.request, email);

    await page.goto('/login');
    await submitLogin(page, email, DEMO_PASSWORD);
    await expect(mainNavigation(page)).toBeVisible();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: TWO_FACTOR_TEXTS.section });
    await expect(section.getByText(TWO_FACTOR_TEXTS.off)).toBeVisible();
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn }).click();
    await section.getByLabel(TWO_FACTOR_TEXTS.password, { exact: true }).fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.continue }).click();

    await expect(section.getByRole('img', { name: TWO_FACTOR_TEXTS.qrAlt })).toBeVisible();
    const secret = await typedKey(page);
    await expectAccessible(page, 'set-up');
    const setUpCode = await codeOf(secret);
    await section.getByLabel(TWO_FACTOR_TEXTS.code, { exact: true }).fill(setUpCode.code);
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }).click();

    const codes = section.getByRole('list', { name: TWO_FACTOR_TEXTS.recoveryCodesTitle });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await expect(section.getByRole('button', { name: TWO_FACTOR_TEXTS.download })).toBeVisible();
    await expectAccessible(page, 'recovery codes');
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.done }).click();
    await expect(section.getByText(TWO_FACTOR_TEXTS.on)).toBeVisible();
    await expect(section.getByText(TWO_FACTOR_TEXTS.recoveryCodesLeft(10))).toBeVisible();

    // Signed out, the login asks for a code after the password, and keeps the page asked for.
    await page.context().clearCookies();
    await page.goto('/login?next=%2Fbilling');
    await submitLogin(page, email, DEMO_PASSWORD);
    const code = page.getByLabel(TWO_FACTOR_TEXTS.code, { exact: true });
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByRole('button', { name: TWO_FACTOR_TEXTS.useRecoveryCode })).toBeVisible();
    await expectAccessible(page, 'code step');
    await code.fill((await codeOf(secret, setUpCode)).code);
    await page.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(mainNavigation(page)).toBeVisible();
  });
}

test('the company requires two-factor sign-in: a user without it sets it up at sign-in', async ({
  page,
  signIn,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = 'two-factor-required@demo.test';
  await newUser(page.request, email);
  // Signed in before the requirement (the primary user has no second factor either), in a context
  // of its own: a sign-in of the page ends the session the page's browser held (decision 0033).
  const primaryContext = await playwright.request.newContext({ baseURL });
  const primary = await apiLogin(primaryContext, 'primary@demo.test');
  try {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn('primary@demo.test', '/settings');
    const company = page.getByRole('region', { name: TWO_FACTOR_TEXTS.companySection });
    await company.getByRole('switch', { name: TWO_FACTOR_TEXTS.requireForCompany }).check();
    await expect(page.getByText(TWO_FACTOR_TEXTS.requireSaved)).toBeVisible();

    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      await page.context().clearCookies();
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await submitLogin(page, email, DEMO_PASSWORD);
      await expect(page.getByText(TWO_FACTOR_TEXTS.enrolStepHint)).toBeVisible();
      const secret = await typedKey(page);
      await expectAccessible(page, `${viewportName} set-up at sign-in`);
      await page.getByLabel(TWO_FACTOR_TEXTS.code, { exact: true }).fill((await codeOf(secret)).code);
      await page.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }).click();
      await expect(
        page.getByRole('list', { name: TWO_FACTOR_TEXTS.recoveryCodesTitle }).getByRole('listitem'),
      ).toHaveCount(10);
      await page.getByRole('button', { name: TWO_FACTOR_TEXTS.continue }).click();
      await expect(mainNavigation(page)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      if (viewportName === 'desktop') {
        // A lost device: the primary user resets it, and the next sign-in sets it up again.
        const users = await primaryContext.get(`${API_BASE}${API_PATHS.subusers}`, {
          headers: apiHeaders(primary),
          params: { search: email },
        });
        const body = (await users.json()) as { company: { subusers: Array<{ id: number; email: string }> } };
        const id = body.company.subusers.find((user) => user.email === email)!.id;
        const reset = await primaryContext.post(`${API_BASE}${apiPath(API_PATHS.resetUserTwoFactor, { id })}`, {
          headers: apiHeaders(primary),
        });
        expect(reset.status()).toBe(200);
      }
    }
  } finally {
    await setCompanyRequirement(primary, false);
    await primaryContext.dispose();
  }
});
