/**
 * What a route costs the browser: every screen of the portal (signed out: /login and
 * /forgot-password; signed in as the demo primary user: Home, the shipments list, a shipment page
 * with its customs entry, billing, an invoice, reports, users, a user, the security events and
 * settings), at desktop width (1350 px) and at phone width (390 px).
 * For each: the JavaScript and CSS it downloads, every file the browser receives before the screen
 * shows what it is for, and its Largest Contentful Paint and Cumulative Layout Shift, measured in
 * headless Chromium. Each route is opened cold (a new browser context, so nothing cached) ROUNDS
 * times against the built portal on its demo data; the figures are medians.
 *
 * The user page is measured as the form for a new user (/users/new-user), the same route and screen.
 *
 * Bytes are counted as DevTools and Lighthouse count them: each response's head and its body as
 * transferred (Chromium asks for brotli on loopback too). "page files" are the document, scripts,
 * styles, fonts and images, the budget's count; "all" adds the API's JSON. The gzip column is
 * what a client without brotli receives of the page files: the .gz files the build writes, plus
 * the same heads.
 *
 * Needs the built portal (`npm run build`). Run: `npm run bench:web`; `BENCH_ROUNDS` sets the rounds,
 * `BENCH_ROUTES=/login,/shipments` the routes, `BENCH_FILES=1` lists each route's files, and `BENCH_DATA_DIR` a seeded data folder to start
 * from (a copy of it) instead of seeding the demo.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { LoginResponse } from '@clearport/contract/auth';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { InvoicesResponse } from '@clearport/contract/invoices';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { CHROMIUM_LAUNCH, DEMO_PASSWORD, sessionCookiesOf, sessionSecretCookieOf } from '../e2e/browser-session.ts';
import { basePort, startPortalServer } from '../e2e/portal-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A seeded data folder to start from (copied), sparing the seeding; the demo's otherwise. */
const FROM = process.env.BENCH_DATA_DIR;
/** Only these routes, by name (`BENCH_ROUTES=/login,/shipments`); every route otherwise. */
const ONLY = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim());
/** `BENCH_FILES=1` lists each route's page files (of its first round) under its line, head and body in bytes. */
const LIST_FILES = process.env.BENCH_FILES === '1';
const DEMO_LOGIN = { userName: 'primary@demo.test', password: DEMO_PASSWORD };
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

type Route = {
  name: string;
  path: string;
  signedIn: boolean;
  /** A selector that is on the page once the route shows what it is for. */
  ready: string;
};

type Received = { file: string; type: string; headBytes: number; bodyBytes: number };

type Sample = {
  received: Received[];
  lcpMs: number;
  cls: number;
};

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1350, height: 940 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
type Width = (typeof WIDTHS)[number];

/** What a page is made of, as the byte budgets count it; the rest is the API's data. */
const PAGE_FILE_TYPES = new Set(['document', 'script', 'stylesheet', 'font', 'image']);

/** Collects LCP and layout shifts from the first paint on (buffered), for the page to read back. */
const OBSERVE_PAINT = `
  window.__paint = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paint.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__paint.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Signs the demo primary user in: the browser's session cookies, a shipment with a customs entry and an invoice. */
export async function sessionCookies(baseUrl: string) {
  const reply = await fetch(`${baseUrl}${API_BASE}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!reply.ok) throw new Error(`the demo login answered ${reply.status}`);
  const login = LoginResponse.parse(await reply.json());
  const secret = sessionSecretCookieOf(reply.headers.getSetCookie()[0]!, baseUrl);
  const cookies = [secret, ...sessionCookiesOf(login, baseUrl)];
  const headers = { authorization: `Bearer ${login.token}`, cookie: `${secret.name}=${secret.value}` };
  // A shipment with a customs entry, so that its page draws the entry panel and its lines too.
  const list = await fetch(`${baseUrl}${API_BASE}${API_PATHS.shipments}?entry_type=01`, { headers });
  const firstShipment = ShipmentsListResponse.parse(await list.json()).data[0];
  if (!firstShipment) throw new Error('the demo data has no shipment');
  const invoices = await fetch(`${baseUrl}${API_BASE}${API_PATHS.invoices}`, { headers });
  const firstInvoice = InvoicesResponse.parse(await invoices.json()).result[0];
  if (!firstInvoice) throw new Error('the demo data has no invoice');
  return { cookies, shipmentId: firstShipment.id, invoiceId: firstInvoice.id };
}

async function measure(
  browser: Browser,
  baseUrl: string,
  route: Route,
  width: Width,
  cookies: Parameters<BrowserContext['addCookies']>[0],
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: width.viewport });
  try {
    if (route.signedIn) await context.addCookies(cookies);
    await context.addInitScript(OBSERVE_PAINT);
    const page = await context.newPage();
    const responses: Promise<Received>[] = [];
    page.on('requestfinished', (request) => {
      // The portal's own files only: not the browser's PDF viewer of the invoice page, nor the
      // blob: URL its frame shows the fetched PDF from (read from memory, nothing transferred).
      const url = new URL(request.url());
      if (url.origin !== baseUrl || url.protocol === 'blob:') return;
      responses.push(
        request.sizes().then((sizes) => ({
          file: url.pathname,
          type: request.resourceType(),
          headBytes: sizes.responseHeadersSize,
          bodyBytes: sizes.responseBodySize,
        })),
      );
    });
    await page.goto(route.path);
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    // LCP settles once nothing larger paints; a second without change is enough on these pages.
    await page.waitForTimeout(1_000);
    const paint = (await page.evaluate('window.__paint')) as { lcp: number; cls: number };
    // A file the page asks for twice comes from the memory cache the second time: nothing transferred.
    const received = (await Promise.all(responses)).filter((each) => each.headBytes + each.bodyBytes > 0);
    return { received, lcpMs: paint.lcp, cls: paint.cls } satisfies Sample;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function builtSizes(files: string[], extension: '.js' | '.css') {
  let raw = 0;
  let brotli = 0;
  for (const file of new Set(files.filter((each) => each.endsWith(extension)))) {
    const onDisk = path.join(distDir, file);
    raw += fs.statSync(onDisk).size;
    brotli += fs.statSync(`${onDisk}.br`).size;
  }
  return { raw, brotli };
}

const sum = (values: number[]) => values.reduce((total, each) => total + each, 0);
const pageFiles = (sample: Sample) => sample.received.filter((each) => PAGE_FILE_TYPES.has(each.type));
const transferred = (received: Received[]) => sum(received.map((each) => each.headBytes + each.bodyBytes));

/** The page files as a gzip-only client receives them: the built .gz (or the file itself), the same heads. */
function gzipBytes(received: Received[]): number {
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

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('build the portal first: npm run build');
  // Seeding the demo data takes minutes on a loaded machine; the bench measures nothing of it.
  const server = await startPortalServer(basePort() + 50, 600_000, { from: FROM });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const { cookies, shipmentId, invoiceId } = await sessionCookies(server.url);
    // Each screen's ready selector: what it is for, drawn (a table row, or a list item on a phone).
    const listReady = 'table tbody tr >> nth=0';
    const allRoutes: Route[] = [
      { name: '/login', path: '/login', signedIn: false, ready: 'button:has-text("Login")' },
      { name: '/forgot-password', path: '/forgot-password', signedIn: false, ready: 'form button[type="submit"]' },
      { name: '/ (Home)', path: '/', signedIn: true, ready: listReady },
      { name: '/shipments', path: '/shipments', signedIn: true, ready: listReady },
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
      { name: '/users/security-events', path: '/users/security-events', signedIn: true, ready: listReady },
      // A user's page, as the form for a new one: the same route and screen.
      { name: '/users/new-user', path: '/users/new-user', signedIn: true, ready: 'role=button[name="Add User"]' },
      { name: '/settings', path: '/settings', signedIn: true, ready: 'role=button[name="Save"]' },
    ];
    const routes = ONLY ? allRoutes.filter((route) => ONLY.includes(route.name)) : allRoutes;
    if (routes.length === 0)
      throw new Error(`BENCH_ROUTES names no route: ${allRoutes.map((route) => route.name).join(', ')}`);
    const phoneReady: Record<string, string> = {
      '/ (Home)': 'main li a',
      '/shipments': 'main li a',
      '/users/security-events': 'main ul[aria-label="Security events"] li',
    };
    // One warm-up load, so the server's first replies (its caches, PGlite's first queries) do not count.
    for (const route of routes) await measure(browser, server.url, route, WIDTHS[0], cookies);

    console.log(`web bench: ${ROUNDS} cold loads a route and width, medians; bytes in KiB with each response's head`);
    // The route column as wide as the longest name, so that the table lines up as printed.
    const routeWidth = Math.max('route'.length, ...routes.map((route) => route.name.length));
    console.log(
      `| ${'route'.padEnd(routeWidth)} | width   | JS brotli | CSS brotli | page files | page KiB | page gzip KiB | all KiB | LCP ms | CLS   |\n` +
        `|:${'-'.repeat(routeWidth + 1)}|:--------|----------:|-----------:|-----------:|---------:|--------------:|--------:|-------:|------:|`,
    );
    for (const width of WIDTHS) {
      for (const route of routes) {
        const sized =
          width.name === 'phone' && phoneReady[route.name] ? { ...route, ready: phoneReady[route.name]! } : route;
        const samples: Sample[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          samples.push(await measure(browser, server.url, sized, width, cookies));
        }
        const files = samples[0]!.received.map((each) => each.file);
        const js = builtSizes(files, '.js');
        const css = builtSizes(files, '.css');
        const of = (measureOne: (sample: Sample) => number) => median(samples.map(measureOne));
        console.log(
          `| ${route.name.padEnd(routeWidth)} | ${width.name.padEnd(7)} | ${kib(js.brotli).padStart(9)} | ${kib(css.brotli).padStart(10)} | ` +
            `${String(of((sample) => pageFiles(sample).length)).padStart(10)} | ` +
            `${kib(of((sample) => transferred(pageFiles(sample)))).padStart(8)} | ` +
            `${kib(of((sample) => gzipBytes(pageFiles(sample)))).padStart(13)} | ` +
            `${kib(of((sample) => transferred(sample.received))).padStart(7)} | ` +
            `${of((sample) => sample.lcpMs)
              .toFixed(0)
              .padStart(6)} | ${of((sample) => sample.cls).toFixed(3)} |`,
        );
        if (LIST_FILES) {
          for (const each of pageFiles(samples[0]!))
            console.log(`|   ${each.file} ${each.headBytes} + ${each.bodyBytes}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

// Run, not imported (bench/lighthouse.bench.ts signs in with sessionCookies).
if (import.meta.url === pathToFileURL(process.argv[1]!).href) await main();
