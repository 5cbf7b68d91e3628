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
 * Then the large scene (bench/large-scene.ts), the screens that grow under one record: a shipment
 * with long lists and Settings with hundreds of truckers and warehouses, as Other Trading Co's
 * primary user. For each: the elements drawn and the page's height, the API's JSON as transferred,
 * when it was ready (the newest note drawn; Save in reach), the main thread's busy time until a
 * second after that (DevTools' TaskDuration, which the machine's load changes less than the wall
 * time), and on Settings the time from a click on Save, after a keystroke in the first trucker's
 * name, to its request.
 *
 * Bytes are counted as DevTools and Lighthouse count them: each response's head and its body as
 * transferred (Chromium asks for brotli on loopback too). "page files" are the document, scripts,
 * styles, fonts and images, the budget's count; "all" adds the API's JSON. The gzip column is
 * what a client without brotli receives of the page files: the .gz files the build writes, plus
 * the same heads.
 *
 * Needs the built portal (`npm run build`). Run: `npm run bench:web`; `BENCH_ROUNDS` sets the rounds,
 * `BENCH_ROUTES=/login,/shipments` the routes (the large scene's by their names, and only when one of
 * them is named), `BENCH_FILES=1` lists each route's files, and `BENCH_DATA_DIR` a seeded data folder
 * to start from (a copy of it) instead of seeding the demo.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@clearport/contract/paths';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
import { LARGE_ROUTE_NAMES, SCENE_TITLE, fillLargeScene, largeRoutes, largeShipmentRecords } from './large-scene.ts';

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

type LargeSample = {
  elements: number;
  heightPx: number;
  apiBytes: number;
  readyMs: number;
  busyMs: number;
  saveMs: number | undefined;
  cls: number;
};

/** The large scene's figures of one cold load (see the header). */
async function measureLarge(
  browser: Browser,
  baseUrl: string,
  route: Route,
  width: Width,
  cookies: Parameters<BrowserContext['addCookies']>[0],
): Promise<LargeSample> {
  let devTools: Awaited<ReturnType<BrowserContext['newCDPSession']>> | undefined;
  const { received, read, after } = await loadCold(browser, baseUrl, route, {
    viewport: width.viewport,
    cookies,
    initScript: OBSERVE_PAINT,
    beforeGoto: async (page) => {
      devTools = await page.context().newCDPSession(page);
      await devTools.send('Performance.enable');
    },
    read: async (page) => {
      const readyMs = await page.evaluate(() => performance.now());
      await page.waitForTimeout(1_000);
      const { metrics } = await devTools!.send('Performance.getMetrics');
      const busyMs = 1000 * (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN);
      const drawn = (await page.evaluate(
        `({ elements: document.getElementsByTagName('*').length, heightPx: document.documentElement.scrollHeight, cls: window.__paint.cls })`,
      )) as { elements: number; heightPx: number; cls: number };
      return { ...drawn, readyMs, busyMs };
    },
    // Once the load's files are counted: the save's calls are not part of them.
    interact: async (page) => (route.path === '/settings' ? saveAfterKeystroke(page) : undefined),
  });
  const figures = read as Omit<LargeSample, 'apiBytes' | 'saveMs'>;
  const api = received.filter((each) => pageFilesOf([each]).length === 0);
  return { ...figures, apiBytes: transferred(api), saveMs: after as number | undefined };
}

/**
 * A letter typed into the first trucker's name and taken back, then Save: ms from the click, as the
 * page received it, to the start of its request.
 */
async function saveAfterKeystroke(page: Page): Promise<number> {
  const name = page.getByRole('main').getByLabel('Name', { exact: true }).first();
  await name.press('End');
  await name.press('x');
  await name.press('Backspace');
  await page.evaluate(`document.addEventListener('click', () => {
    window.__clickedAt = performance.timeOrigin + performance.now();
  }, { capture: true, once: true })`);
  const sent = page.waitForRequest((request) => request.url().endsWith(API_PATHS.saveSettings));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const request = await sent;
  // Its timing is there once the reply has come.
  await request.response();
  return request.timing().startTime - ((await page.evaluate('window.__clickedAt')) as number);
}

const brokerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/dist/cli/broker.js');

/**
 * The data folder the bench's portal starts from (a copy of it): BENCH_DATA_DIR, or the demo seeded
 * here; with the large scene's shipment imported by the broker's command when the scene is measured.
 * Resolves to the running portal, and what to remove once it has stopped.
 */
async function startBenchPortal(withLargeScene: boolean) {
  const port = basePort() + 50;
  // Seeding the demo data takes minutes on a loaded machine; the bench measures nothing of it.
  if (!withLargeScene) return { server: await startPortalServer(port, 600_000, { from: FROM }), cleanUp: () => {} };
  // The broker's command imports into a seeded folder, before the server opens its embedded database.
  let seeded = FROM;
  if (!seeded) {
    const seeding = await startPortalServer(port, 600_000);
    await seeding.stop({ keepData: true });
    seeded = seeding.dataDir;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clearport-web-bench-'));
  const cleanUp = () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (!FROM) fs.rmSync(seeded, { recursive: true, force: true });
  };
  try {
    const records = path.join(folder, 'large-scene.ndjson');
    fs.writeFileSync(records, largeShipmentRecords());
    const server = await startPortalServer(port, 600_000, {
      from: seeded,
      prepare: (env) => execFileSync(process.execPath, [brokerScript, 'import', records], { env, stdio: 'ignore' }),
    });
    return { server, cleanUp };
  } catch (error) {
    cleanUp();
    throw error;
  }
}

async function main() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('build the portal first: npm run build');
  const withLargeScene = !ONLY || ONLY.some((name) => LARGE_ROUTE_NAMES.includes(name));
  const { server, cleanUp } = await startBenchPortal(withLargeScene);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const { cookies, shipmentId, invoiceId } = await sessionCookies(server.url);
    const allRoutes = portalRoutes(shipmentId, invoiceId);
    const routes = ONLY ? allRoutes.filter((route) => ONLY.includes(route.name)) : allRoutes;
    if (routes.length === 0 && !withLargeScene)
      throw new Error(
        `BENCH_ROUTES names no route: ${[...allRoutes.map((route) => route.name), ...LARGE_ROUTE_NAMES].join(', ')}`,
      );
    if (routes.length > 0) await benchRoutes(browser, server.url, routes, cookies);
    if (withLargeScene) await benchLargeScene(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
    cleanUp();
  }
}

async function benchRoutes(
  browser: Browser,
  baseUrl: string,
  routes: Route[],
  cookies: Parameters<BrowserContext['addCookies']>[0],
) {
  // One warm-up load, so the server's first replies (its caches, PGlite's first queries) do not count.
  for (const route of routes) await measure(browser, baseUrl, route, WIDTHS[0], cookies);

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
        samples.push(await measure(browser, baseUrl, sized, width, cookies));
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
}

async function benchLargeScene(browser: Browser, baseUrl: string) {
  const filled = Date.now();
  const { cookies, shipmentId } = await fillLargeScene(baseUrl);
  const fillSeconds = ((Date.now() - filled) / 1000).toFixed(0);
  const routes = largeRoutes(shipmentId).filter((route) => !ONLY || ONLY.includes(route.name));
  for (const route of routes) await measureLarge(browser, baseUrl, route, WIDTHS[0], cookies);
  console.log(
    `\nlarge scene, filled through the API in ${fillSeconds} s: ${SCENE_TITLE}; ${ROUNDS} cold loads, medians`,
  );
  const routeWidth = Math.max('scene'.length, ...routes.map((route) => route.name.length));
  console.log(
    `| ${'scene'.padEnd(routeWidth)} | width   | elements | height px | API KiB | ready ms | main thread ms | Save → request ms | CLS   |\n` +
      `|:${'-'.repeat(routeWidth + 1)}|:--------|---------:|----------:|--------:|---------:|---------------:|------------------:|------:|`,
  );
  for (const width of WIDTHS) {
    for (const route of routes) {
      const samples: LargeSample[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        samples.push(await measureLarge(browser, baseUrl, route, width, cookies));
      }
      const of = (measureOne: (sample: LargeSample) => number) => median(samples.map(measureOne));
      const save = samples[0]!.saveMs === undefined ? '' : of((sample) => sample.saveMs!).toFixed(0);
      console.log(
        `| ${route.name.padEnd(routeWidth)} | ${width.name.padEnd(7)} | ${String(of((sample) => sample.elements)).padStart(8)} | ` +
          `${String(of((sample) => sample.heightPx)).padStart(9)} | ${kib(of((sample) => sample.apiBytes)).padStart(7)} | ` +
          `${of((sample) => sample.readyMs)
            .toFixed(0)
            .padStart(8)} | ${of((sample) => sample.busyMs)
            .toFixed(0)
            .padStart(14)} | ${save.padStart(17)} | ${of((sample) => sample.cls).toFixed(3)} |`,
      );
    }
  }
}

await main();
