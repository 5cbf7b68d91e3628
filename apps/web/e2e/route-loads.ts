import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { LoginResponse } from '@clearport/contract/auth';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { InvoicesResponse } from '@clearport/contract/invoices';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { DEMO_PASSWORD, sessionCookiesOf, sessionSecretCookieOf } from './browser-session.ts';

/*
 * A route of the portal opened cold, and what the browser received for it: each response's head and
 * body as transferred, as DevTools and Lighthouse count them. `npm run bench:web` prints these with
 * the paint figures; e2e/byte-budgets.spec.ts holds each route to its budget.
 */

export const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export type Route = {
  name: string;
  path: string;
  signedIn: boolean;
  /** A selector that is on the page once the route shows what it is for. */
  ready: string;
};

export type Received = { file: string; type: string; headBytes: number; bodyBytes: number };

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/** Signs a demo user in: the browser's session cookies, and the headers of the API's calls as that user. */
export async function signIn(baseUrl: string, email: string) {
  const reply = await fetch(`${baseUrl}${API_BASE}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: email, password: DEMO_PASSWORD }),
  });
  if (!reply.ok) throw new Error(`the demo login of ${email} answered ${reply.status}`);
  const login = LoginResponse.parse(await reply.json());
  const secret = sessionSecretCookieOf(reply.headers.getSetCookie()[0]!, baseUrl);
  const cookies: Cookies = [secret, ...sessionCookiesOf(login, baseUrl)];
  const headers = { authorization: `Bearer ${login.token}`, cookie: `${secret.name}=${secret.value}` };
  return { cookies, headers };
}

/** Signs the demo primary user in: the browser's session cookies, a shipment with a customs entry and an invoice. */
export async function sessionCookies(baseUrl: string) {
  const { cookies, headers } = await signIn(baseUrl, 'primary@demo.test');
  // A shipment with a customs entry, so that its page draws the entry panel and its lines too.
  const list = await fetch(`${baseUrl}${API_BASE}${API_PATHS.shipments}?entry_type=01`, { headers });
  const firstShipment = ShipmentsListResponse.parse(await list.json()).data[0];
  if (!firstShipment) throw new Error('the demo data has no shipment');
  const invoices = await fetch(`${baseUrl}${API_BASE}${API_PATHS.invoices}`, { headers });
  const firstInvoice = InvoicesResponse.parse(await invoices.json()).result[0];
  if (!firstInvoice) throw new Error('the demo data has no invoice');
  return { cookies, shipmentId: firstShipment.id, invoiceId: firstInvoice.id };
}

/** A list's ready selector: its first row drawn. */
const LIST_READY = 'table tbody tr >> nth=0';

/**
 * Every screen of the portal: signed out /login and /forgot-password; signed in as the demo primary
 * user Home, the shipments list, a shipment page with its customs entry, billing, an invoice, reports,
 * users, a user (as the form for a new one: the same route and screen), the security events and settings.
 */
export function portalRoutes(shipmentId: number, invoiceId: number): Route[] {
  return [
    { name: '/login', path: '/login', signedIn: false, ready: 'button:has-text("Login")' },
    { name: '/forgot-password', path: '/forgot-password', signedIn: false, ready: 'form button[type="submit"]' },
    { name: '/ (Home)', path: '/', signedIn: true, ready: LIST_READY },
    { name: '/shipments', path: '/shipments', signedIn: true, ready: LIST_READY },
    {
      name: '/shipments/:id',
      path: `/shipments/${shipmentId}`,
      signedIn: true,
      ready: 'role=region[name="Customs entry"] >> table',
    },
    { name: '/billing', path: '/billing', signedIn: true, ready: 'main a[href^="/billing/"]' },
    { name: '/billing/:id', path: `/billing/${invoiceId}`, signedIn: true, ready: 'main >> text=Amount' },
    { name: '/reports', path: '/reports', signedIn: true, ready: 'svg[role="img"] [data-series]' },
    { name: '/users', path: '/users', signedIn: true, ready: 'main >> text=primary@demo.test' },
    { name: '/users/security-events', path: '/users/security-events', signedIn: true, ready: LIST_READY },
    { name: '/users/new-user', path: '/users/new-user', signedIn: true, ready: 'role=button[name="Add User"]' },
    { name: '/settings', path: '/settings', signedIn: true, ready: 'role=button[name="Save"]' },
  ];
}

/** On a phone the lists are cards: their ready selectors there. */
export const PHONE_READY: Record<string, string> = {
  '/ (Home)': 'main li a',
  '/shipments': 'main li a',
  '/users/security-events': 'main ul[aria-label="Security events"] li',
};

type LoadOptions = {
  viewport: { width: number; height: number };
  cookies: Cookies;
  /** A script every page of the load runs first (the bench's paint observers). */
  initScript?: string;
  /** Runs on the page before it opens the route (the bench's DevTools session). */
  beforeGoto?: (page: Page) => Promise<void>;
  /** What to read from the page once it is ready (the bench's paint figures). */
  read?: (page: Page) => Promise<unknown>;
  /** What to do on the page once its files are counted, and read from it then (the bench's interactions). */
  interact?: (page: Page) => Promise<unknown>;
};

/**
 * Opens a route cold (a new browser context, so nothing cached) and waits until it shows what it is
 * for: the portal's files it asked for by then, as received once each has finished, and what `read`
 * took from the page.
 */
export async function loadCold(browser: Browser, baseUrl: string, route: Route, options: LoadOptions) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport });
  try {
    if (route.signedIn) await context.addCookies(options.cookies);
    if (options.initScript) await context.addInitScript(options.initScript);
    const page = await context.newPage();
    const responses: Promise<Received>[] = [];
    const onRequest = (request: Request) => {
      // The portal's own files only: not the browser's PDF viewer of the invoice page, nor the
      // blob: URL its frame shows the fetched PDF from (read from memory, nothing transferred).
      const url = new URL(request.url());
      if (url.origin !== baseUrl || url.protocol === 'blob:') return;
      const file = { file: url.pathname, type: request.resourceType() };
      responses.push(
        // Sizes come once the request has finished; one that failed or was cancelled brought nothing.
        request.sizes().then(
          (sizes) => ({ ...file, headBytes: sizes.responseHeadersSize, bodyBytes: sizes.responseBodySize }),
          () => ({ ...file, headBytes: 0, bodyBytes: 0 }),
        ),
      );
    };
    page.on('request', onRequest);
    await options.beforeGoto?.(page);
    await page.goto(route.path);
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    const read = await options.read?.(page);
    // What the page asked for until now, each waited for; a request after this is not counted, and
    // none is left to finish after the context closes.
    page.off('request', onRequest);
    // A file the page asks for twice comes from the memory cache the second time: nothing transferred.
    const received = (await Promise.all(responses)).filter((each) => each.headBytes + each.bodyBytes > 0);
    const after = await options.interact?.(page);
    return { received, read, after };
  } finally {
    await context.close();
  }
}

/** What a page is made of, as the byte budgets count it; the rest is the API's data. */
const PAGE_FILE_TYPES = new Set(['document', 'script', 'stylesheet', 'font', 'image']);

const sum = (values: number[]) => values.reduce((total, each) => total + each, 0);
export const pageFilesOf = (received: Received[]) => received.filter((each) => PAGE_FILE_TYPES.has(each.type));
export const transferred = (received: Received[]) => sum(received.map((each) => each.headBytes + each.bodyBytes));

/** The page files as a gzip-only client receives them: the built .gz (or the file itself), the same heads. */
export function gzipBytes(received: Received[]): number {
  return sum(
    received.map((each) => {
      const onDisk = path.join(distDir, each.file === '/' || !path.extname(each.file) ? 'index.html' : each.file);
      const gz = `${onDisk}.gz`;
      const body = fs.existsSync(gz)
        ? fs.statSync(gz).size
        : fs.existsSync(onDisk)
          ? fs.statSync(onDisk).size
          : each.bodyBytes;
      return each.headBytes + body;
    }),
  );
}

/**
 * The most a route's page files may weigh cold, as transferred with their heads (README, "Goals"):
 * /login 100 KiB, the shipments list 190, every other screen 200; a client without brotli, which
 * receives gzip, 15% more.
 */
export function byteBudgetOf(routeName: string): { brotli: number; gzip: number } {
  const kib = routeName === '/login' ? 100 : routeName === '/shipments' ? 190 : 200;
  return { brotli: kib * 1024, gzip: Math.floor(kib * 1024 * 1.15) };
}
