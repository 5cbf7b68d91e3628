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
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/browser-session.ts';
import { basePort, startPortalServer } from '../e2e/portal-server.ts';
import {
  PHONE_READY,
  distDir,
  gzipBytes,
  loadCold,
  pageFilesOf,
  portalRoutes,
  sessionCookies,
  transferred,
  type Received,
  type Route,
} from '../e2e/route-loads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A seeded data folder to start from (copied), sparing the seeding; the demo's otherwise. */
const FROM = process.env.BENCH_DATA_DIR;
/** Only these routes, by name (`BENCH_ROUTES=/login,/shipments`); every route otherwise. */
const ONLY = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim());
/** `BENCH_FILES=1` lists each route's page files (of its first round) under its line, head and body in bytes. */
const LIST_FILES = process.env.BENCH_FILES === '1';

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

async function measure(
  browser: Browser,
  baseUrl: string,
  route: Route,
  width: Width,
  cookies: Parameters<BrowserContext['addCookies']>[0],
): Promise<Sample> {
  const { received, read } = await loadCold(browser, baseUrl, route, {
    viewport: width.viewport,
    cookies,
    initScript: OBSERVE_PAINT,
    read: async (page) => {
      // LCP settles once nothing larger paints; a second without change is enough on these pages.
      await page.waitForTimeout(1_000);
      return page.evaluate('window.__paint');
    },
  });
  const paint = read as { lcp: number; cls: number };
  return { received, lcpMs: paint.lcp, cls: paint.cls };
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

const pageFiles = (sample: Sample) => pageFilesOf(sample.received);

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('build the portal first: npm run build');
  // Seeding the demo data takes minutes on a loaded machine; the bench measures nothing of it.
  const server = await startPortalServer(basePort() + 50, 600_000, { from: FROM });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const { cookies, shipmentId, invoiceId } = await sessionCookies(server.url);
    const allRoutes = portalRoutes(shipmentId, invoiceId);
    const routes = ONLY ? allRoutes.filter((route) => ONLY.includes(route.name)) : allRoutes;
    if (routes.length === 0)
      throw new Error(`BENCH_ROUTES names no route: ${allRoutes.map((route) => route.name).join(', ')}`);
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
          width.name === 'phone' && PHONE_READY[route.name] ? { ...route, ready: PHONE_READY[route.name]! } : route;
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

await main();
