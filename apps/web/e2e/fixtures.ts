import { test as base, expect, type Page } from '@playwright/test';
import { LoginResponse } from '@clearport/contract/auth';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { TEXTS } from '@clearport/contract/texts';
import { DEMO_PASSWORD, sessionCookiesOf } from './browser-session.ts';
import { DATA_DIR_ENV, SEEDED_DATA_DIR_ENV, basePort, startPortalServer, type PortalServer } from './portal-server.ts';

export { DEMO_PASSWORD };

/** The demo brokerage's users, who share DEMO_PASSWORD. */
export const DEMO_USERS = [
  { email: 'primary@demo.test', role: 3, company: 'Demo Imports LLC' },
  { email: 'manager@demo.test', role: 4, company: 'Demo Imports LLC' },
  { email: 'user@demo.test', role: 5, company: 'Demo Imports LLC' },
  { email: 'viewer@demo.test', role: 11, company: 'Demo Imports LLC' },
  { email: 'primary@other.test', role: 3, company: 'Other Trading Co' },
] as const;

/** The labels of the navigation bar, by the contract's item names. */
export const NAV_LABELS = {
  home: 'Home',
  shipments: 'Shipments',
  billing: 'Billing',
  users: 'Users',
  reports: 'Reports',
  settings: 'Settings',
} as const;

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Declines the next confirm the page asks; the list returned receives its question. */
export function declineNextConfirm(page: Page): string[] {
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  return questions;
}

/** Waits until no screen is loading any more. */
async function settled(page: Page) {
  await expect(page.getByText(TEXTS.loadingFullScreen)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Fills and sends the login form, as a user would. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

type WorkerFixtures = {
  /**
   * This worker's own portal server on its own fresh data folder (a copy of the one global setup
   * seeded), started before the worker's first test and stopped (its folder removed) after its last.
   * Files keep their order within a worker, so a file's tests still see what the ones before them wrote.
   */
  portal: PortalServer;
};

type Fixtures = {
  /** Logs in through the login page and waits for the landing page. */
  login: (email: string, password?: string) => Promise<void>;
  /**
   * Logs in through the login call, keeps the session cookies the login page would keep, then
   * opens `path` (the landing page by default) and waits for its screen. For tests of what comes
   * after the login; the login page itself is tested through its form (login.spec.ts).
   */
  signIn: (email: string, path?: string) => Promise<void>;
  /** Opens a path with a full page load (as a refresh or a typed URL would) and waits for the screen. */
  navigate: (path: string) => Promise<void>;
};

// The fixtures' second argument is Playwright's `use`, named `provide` here so it is not taken for React's use().
export const test = base.extend<Fixtures, WorkerFixtures>({
  portal: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      // parallelIndex, unlike workerIndex, is reused when a worker is replaced after a failure, so the ports stay in range.
      const server = await startPortalServer(basePort() + workerInfo.parallelIndex, 300_000, {
        from: process.env[SEEDED_DATA_DIR_ENV],
      });
      process.env[DATA_DIR_ENV] = server.dataDir;
      try {
        await provide(server);
      } finally {
        delete process.env[DATA_DIR_ENV];
        await server.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 330_000 },
  ],
  baseURL: async ({ portal }, provide) => {
    await provide(portal.url);
  },
  login: async ({ page }, provide) => {
    await provide(async (email, password = DEMO_PASSWORD) => {
      await page.goto('/login');
      await submitLogin(page, email, password);
      await expect(page).not.toHaveURL(/\/login$/);
      await expect(mainNavigation(page)).toBeVisible();
      await settled(page);
    });
  },
  signIn: async ({ page, baseURL }, provide) => {
    await provide(async (email, path = '/') => {
      const reply = await page.request.post(`${API_BASE}${API_PATHS.login}`, {
        data: { userName: email, password: DEMO_PASSWORD },
      });
      expect(reply.status(), `login of ${email}`).toBe(200);
      const login = LoginResponse.parse(await reply.json());
      await page.context().addCookies(sessionCookiesOf(login, baseURL!));
      await page.goto(path);
      await expect(mainNavigation(page)).toBeVisible();
      await settled(page);
    });
  },
  navigate: async ({ page }, provide) => {
    await provide(async (path) => {
      await page.goto(path);
      await settled(page);
    });
  },
});

export { expect };
