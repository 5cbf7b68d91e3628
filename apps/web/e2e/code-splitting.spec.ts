import { WEB_TEXTS } from '../src/config/texts.ts';
import { expect, mainNavigation, submitLogin, test } from './fixtures.ts';

/**
 * Screens are split by route: each screen's chunk is named after its route module
 * (app/routes/**), so the scripts a page requests tell which screens it downloaded.
 */
const OTHER_SCREENS = [
  'root',
  'home',
  'shipments',
  'shipment',
  'billing',
  'invoice',
  'users',
  'user',
  'security-events',
  'reports',
  'settings',
  'forgot-password',
  'reset-password',
  'not-found',
];

/**
 * Text that TanStack Query's useQueryClient keeps in a production build (its error when no client
 * is provided): a script holding it carries TanStack Query. The signed-out pages do without it
 * (decision 0043); the layout route's chunk, which makes the query client, holds it.
 */
const TANSTACK_QUERY_MARK = 'No QueryClient set';

/**
 * A text of the signed-in screens (config/texts.ts): a script holding it carries their texts, which
 * the signed-out pages do without (decision 0043, "Texts by who needs them").
 */
const SIGNED_IN_TEXTS_MARK = WEB_TEXTS.shipment.updatesTitle;

const chunkName = (url: string) => /\/assets\/([^/]+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

test('the login page downloads no other screen and no TanStack Query, and logging in fetches the home screen', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const withQuery: Promise<string | undefined>[] = [];
  const withTexts: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const text = response.text();
    withQuery.push(text.then((body) => (body.includes(TANSTACK_QUERY_MARK) ? chunkName(response.url()) : undefined)));
    withTexts.push(text.then((body) => (body.includes(SIGNED_IN_TEXTS_MARK) ? chunkName(response.url()) : undefined)));
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const loginChunks = scripts.map(chunkName);
  expect(loginChunks).toContain('login');
  for (const screen of OTHER_SCREENS) expect(loginChunks, `the login page loaded ${screen}`).not.toContain(screen);
  // The login screen's chunk is asked for beside the entry: the build's preload links for /login come
  // before the entry's script, so they were added before it ran.
  const preloadedBeforeEntry = await page.evaluate(() => {
    const entry = document.querySelector('script[type="module"]')!;
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
      .filter((link) => link.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING)
      .map((link) => link.href);
  });
  expect(preloadedBeforeEntry.map(chunkName)).toContain('login');
  expect(preloadedBeforeEntry.map(chunkName)).not.toContain('root');
  expect((await Promise.all(withQuery)).filter(Boolean), 'scripts of /login holding TanStack Query').toEqual([]);
  expect(
    (await Promise.all(withTexts)).filter(Boolean),
    "scripts of /login holding the signed-in screens' texts",
  ).toEqual([]);

  await submitLogin(page, 'primary@other.test', 'portal-demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
  const afterLogin = scripts.map(chunkName);
  expect(afterLogin).toContain('root');
  expect(afterLogin).toContain('home');
  expect(afterLogin).not.toContain('billing');
  // The mark is found where TanStack Query is: the layout's chunk, loaded once signed in.
  expect(await Promise.all(withQuery)).toContain('root');
  expect((await Promise.all(withTexts)).filter(Boolean).length).toBeGreaterThan(0);
});

test('the reports and their charts come with the reports screen only', async ({ page, signIn }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signIn('primary@demo.test', '/shipments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipments');
  expect(scripts.map(chunkName)).not.toContain('reports');
  // Nor the login page's: what a signed-in screen shares with it (the login form's check, which the
  // request schemas use too) is in the entry's chunk.
  expect(scripts.map(chunkName)).not.toContain('login');

  await mainNavigation(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Duty and fees by month', exact: true })).toBeVisible();
  expect(scripts.map(chunkName)).toContain('reports');
});

/**
 * Text that TanStack Table keeps in a production build (a key of its debug options): a script holding
 * it carries the table library, which only the screens with a list table need.
 */
const TANSTACK_TABLE_MARK = 'getVisibleLeafColumns';

test('the screens without a list table download no table library', async ({ page, signIn }) => {
  const withTable: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    withTable.push(
      response
        .text()
        .then((body) => (body.includes(TANSTACK_TABLE_MARK) ? new URL(response.url()).pathname : undefined)),
    );
  });
  await signIn('primary@demo.test', '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await mainNavigation(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Duty and fees by month', exact: true })).toBeVisible();
  expect(
    (await Promise.all(withTable)).filter(Boolean),
    'scripts of Settings and Reports holding TanStack Table',
  ).toEqual([]);

  await mainNavigation(page).getByRole('link', { name: 'Shipments', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipments');
  expect((await Promise.all(withTable)).filter(Boolean).length).toBeGreaterThan(0);
});
