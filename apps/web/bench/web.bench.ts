/**
 * What a route costs the browser: for /login (signed out), /shipments, a shipment page with
 * its customs entry and /reports with its charts (signed in), the JavaScript and CSS it downloads, and its Largest Contentful Paint and Cumulative Layout
 * Shift measured in headless Chromium. Each route is opened cold (a new browser context, so
 * nothing cached) ROUNDS times against the built portal on its demo data; the figures are medians.
 *
 * Bytes are given three ways: as built, as brotli (the .br files the build writes) and as Chromium
 * received them here, headers included (it asks for brotli on loopback too, so these follow the
 * brotli column).
 *
 * Needs the built portal (`npm run build`). Run: `npm run bench:web`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { LoginResponse } from '@clearport/contract/auth';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { CHROMIUM_LAUNCH, DEMO_PASSWORD, sessionCookiesOf, sessionSecretCookieOf } from '../e2e/browser-session.ts';
import { basePort, startPortalServer } from '../e2e/portal-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DEMO_LOGIN = { userName: 'primary@demo.test', password: DEMO_PASSWORD };
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

type Route = {
  name: string;
  path: string;
  signedIn: boolean;
  /** A selector that is on the page once the route shows what it is for. */
  ready: string;
};

type Sample = {
  files: string[];
  receivedBytes: number;
  lcpMs: number;
  cls: number;
};

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

async function sessionCookies(baseUrl: string) {
  const reply = await fetch(`${baseUrl}${API_BASE}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!reply.ok) throw new Error(`the demo login answered ${reply.status}`);
  const login = LoginResponse.parse(await reply.json());
  const secret = sessionSecretCookieOf(reply.headers.getSetCookie()[0]!, baseUrl);
  const cookies = [secret, ...sessionCookiesOf(login, baseUrl)];
  // A shipment with a customs entry, so that its page draws the entry panel and its lines too.
  const list = await fetch(`${baseUrl}${API_BASE}${API_PATHS.shipments}?entry_type=01`, {
    headers: { authorization: `Bearer ${login.token}`, cookie: `${secret.name}=${secret.value}` },
  });
  const firstShipment = ShipmentsListResponse.parse(await list.json()).data[0];
  if (!firstShipment) throw new Error('the demo data has no shipment');
  return { cookies, shipmentId: firstShipment.id };
}

async function measure(
  browser: Browser,
  baseUrl: string,
  route: Route,
  cookies: Parameters<BrowserContext['addCookies']>[0],
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1350, height: 940 } });
  try {
    if (route.signedIn) await context.addCookies(cookies);
    await context.addInitScript(OBSERVE_PAINT);
    const page = await context.newPage();
    const responses: Promise<{ file: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      responses.push(
        request.sizes().then((sizes) => ({ file: new URL(request.url()).pathname, bytes: sizes.responseBodySize })),
      );
    });
    await page.goto(route.path);
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    // LCP settles once nothing larger paints; a second without change is enough on these pages.
    await page.waitForTimeout(1_000);
    const paint = (await page.evaluate('window.__paint')) as { lcp: number; cls: number };
    const received = await Promise.all(responses);
    return {
      files: received.map((each) => each.file),
      receivedBytes: received.reduce((sum, each) => sum + each.bytes, 0),
      lcpMs: paint.lcp,
      cls: paint.cls,
    } satisfies Sample;
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

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('build the portal first: npm run build');
  const server = await startPortalServer(basePort() + 50, 120_000);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const { cookies, shipmentId } = await sessionCookies(server.url);
    const routes: Route[] = [
      { name: '/login', path: '/login', signedIn: false, ready: 'button:has-text("Login")' },
      { name: '/ (Home)', path: '/', signedIn: true, ready: 'table tbody tr >> nth=0' },
      { name: '/shipments', path: '/shipments', signedIn: true, ready: 'table tbody tr >> nth=0' },
      {
        name: '/shipments/:id',
        path: `/shipments/${shipmentId}`,
        signedIn: true,
        ready: 'role=region[name="Customs entry"] >> table',
      },
      { name: '/reports', path: '/reports', signedIn: true, ready: 'canvas[role="img"]' },
    ];
    // One warm-up load, so the server's first replies (its caches, PGlite's first queries) do not count.
    for (const route of routes) await measure(browser, server.url, route, cookies);

    console.log(`web bench: ${ROUNDS} cold loads a route, medians; bytes in KiB`);
    console.log(
      '| route           | JS built | JS brotli | CSS brotli | received        | LCP ms | CLS   |\n' +
        '|:----------------|---------:|----------:|-----------:|----------------:|-------:|------:|',
    );
    for (const route of routes) {
      const samples: Sample[] = [];
      for (let round = 0; round < ROUNDS; round++) samples.push(await measure(browser, server.url, route, cookies));
      const files = samples[0]!.files;
      const js = builtSizes(files, '.js');
      const css = builtSizes(files, '.css');
      console.log(
        `| ${route.name.padEnd(15)} | ${kib(js.raw).padStart(8)} | ${kib(js.brotli).padStart(9)} | ${kib(css.brotli).padStart(10)} | ` +
          `${kib(median(samples.map((each) => each.receivedBytes))).padStart(15)} | ` +
          `${median(samples.map((each) => each.lcpMs))
            .toFixed(0)
            .padStart(6)} | ${median(samples.map((each) => each.cls)).toFixed(3)} |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
