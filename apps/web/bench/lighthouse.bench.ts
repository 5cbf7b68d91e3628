/**
 * Lighthouse's performance score of every screen of the portal, with its mobile preset (a phone's
 * screen, 4x CPU slowdown and a slow 4G network, simulated) and its desktop preset, as Lighthouse
 * computes them: the score, Largest Contentful Paint, Total Blocking Time and Cumulative Layout
 * Shift, ROUNDS runs a route and preset (medians, and the range).
 *
 * Starts the built portal on its demo data as `bench:web` does, launches Debian's Chromium through
 * chrome-launcher and gives it the demo primary user's session cookies for the signed-in routes
 * (Lighthouse keeps cookies between runs; it clears caches and service workers only). Simulated
 * throttling scales the page's own main-thread work by 4 on mobile, so TBT depends on this
 * machine's speed and load: the load average is printed before and after, and each route's median
 * benchmarkIndex, Lighthouse's measure of the machine's CPU. Lighthouse's 4x is meant for a high-end
 * desktop; for a slower machine its documentation (docs/throttling.md, "Calibrating the CPU
 * slowdown") gives a lower multiplier by that index, which LIGHTHOUSE_CPU_SLOWDOWN sets for the
 * mobile preset.
 *
 * Needs the built portal (`npm run build`). Run: `npm run bench:lighthouse`.
 * BENCH_ROUNDS (3), LIGHTHOUSE_PRESETS (mobile,desktop), LIGHTHOUSE_ROUTES (all; names as printed,
 * comma-separated, e.g. /login,/shipments), LIGHTHOUSE_CPU_SLOWDOWN (the mobile preset's 4), BENCH_WEB_DIR (another build to serve than apps/web/dist), BENCH_DATA_DIR (a data folder holding the demo data, copied), LIGHTHOUSE_DETAILS=1 also prints each run's main-thread
 * breakdown, its scripts' boot-up time and its long tasks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { basePort, startPortalServer } from '../e2e/portal-server.ts';
import { distDir, sessionCookies } from '../e2e/route-loads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const ONLY_ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',');
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1))
  throw new Error('LIGHTHOUSE_CPU_SLOWDOWN is a multiplier of 1 or more');

/**
 * Chromium in its new headless mode, with the omnibox's popup left on (the browser tests turn it off,
 * e2e/browser-session.ts): closer to the browser a user runs.
 */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

type Run = { score: number; lcpMs: number; tbtMs: number; cls: number; benchmarkIndex: number };

const load = () =>
  os
    .loadavg()
    .map((each) => each.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[], digits: number) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}-${high}`;
};

/**
 * One Lighthouse run; a run whose trace Chromium did not record (Lighthouse's NO_NAVSTART and
 * similar, "please run Lighthouse again") is run again, twice at most.
 */
async function runLighthouse(url: string, flags: Flags, config?: typeof desktopConfig): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.log(`  Lighthouse on ${url} failed (${lhr.runtimeError.code}); running it again`);
  }
}

function printDetails(lhr: Result) {
  type Item = Record<string, unknown>;
  const items = (audit: string) =>
    ((lhr.audits[audit]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  console.log(
    '    main thread: ' +
      items('mainthread-work-breakdown')
        .map((item) => `${String(item.groupLabel)} ${ms(item.duration)}`)
        .join(', '),
  );
  for (const item of items('bootup-time').slice(0, 6)) {
    console.log(
      `    boot-up ${String(item.url)}: total ${ms(item.total)}, script ${ms(item.scripting)}, parse ${ms(item.scriptParseCompile)}`,
    );
  }
  for (const item of items('long-tasks').slice(0, 8)) {
    console.log(`    long task at ${ms(item.startTime)}: ${ms(item.duration)} ${String(item.url)}`);
  }
  for (const item of items('layout-shifts')) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const causes = ((item.subItems as { items?: Item[] } | undefined)?.items ?? []).map((cause) => String(cause.cause));
    console.log(
      `    layout shift ${Number(item.score).toFixed(3)}: ${node?.selector ?? ''} ${node?.snippet ?? ''}` +
        (causes.length > 0 ? ` (${causes.join('; ')})` : ''),
    );
  }
}

async function main() {
  const webDir = process.env.BENCH_WEB_DIR ?? distDir;
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('build the portal first: npm run build');
  // Seeding the demo data takes minutes on a busy machine: a data folder kept from a run can be reused (copied).
  const server = await startPortalServer(basePort() + 1, 900_000, {
    ...(process.env.BENCH_DATA_DIR ? { from: process.env.BENCH_DATA_DIR } : {}),
    // Another build to serve, e.g. a copy of dist from before a change, run beside this one to compare.
    prepare: (env) => {
      if (process.env.BENCH_WEB_DIR) env.WEB_DIR = path.resolve(process.env.BENCH_WEB_DIR);
    },
  });
  // Two browsers: one signed out for /login (which leads a signed-in user Home), one signed in.
  const launch = (port: number) =>
    chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      port,
    });
  const signedOut = await launch(basePort() + 2);
  const signedIn = await launch(basePort() + 3);
  try {
    const { cookies, shipmentId, invoiceId } = await sessionCookies(server.url);
    // The cookies go into the browser's default profile, which Lighthouse's tabs use; then the
    // connection is let go, so that only Lighthouse drives the browser.
    const connection = await chromium.connectOverCDP(`http://127.0.0.1:${signedIn.port}`);
    await connection.contexts()[0]!.addCookies(cookies);
    await connection.close();

    const routes = [
      { name: '/login', path: '/login', signedOut: true },
      { name: '/ (Home)', path: '/' },
      { name: '/shipments', path: '/shipments' },
      { name: '/shipments/:id', path: `/shipments/${shipmentId}` },
      { name: '/billing', path: '/billing' },
      { name: '/billing/:id', path: `/billing/${invoiceId}` },
      { name: '/reports', path: '/reports' },
      { name: '/users', path: '/users' },
      { name: '/users/security-events', path: '/users/security-events' },
      { name: '/settings', path: '/settings' },
    ].filter((route) => !ONLY_ROUTES || ONLY_ROUTES.includes(route.name));
    const flagsOf = (port: number, preset: 'mobile' | 'desktop' = 'mobile'): Flags => ({
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(preset === 'mobile' && CPU_SLOWDOWN !== undefined
        ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }
        : {}),
    });

    // One warm-up run, so that the server's first replies (its caches, PGlite's first queries) do not count.
    await lighthouse(`${server.url}/shipments`, flagsOf(signedIn.port));

    const slowdown = CPU_SLOWDOWN ?? 4;
    console.log(
      `lighthouse bench: Lighthouse 12, ${ROUNDS} runs a route and preset, mobile CPU slowdown ${slowdown}x; load average ${load()}`,
    );
    console.log(
      '| preset  | route                    | score     | LCP ms      | TBT ms    | CLS         | benchmarkIndex |\n' +
        '|:--------|:-------------------------|:----------|:------------|:----------|:------------|---------------:|',
    );
    for (const preset of PRESETS) {
      for (const route of routes) {
        const runs: Run[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const lhr = await runLighthouse(
            `${server.url}${route.path}`,
            flagsOf(('signedOut' in route ? signedOut : signedIn).port, preset),
            preset === 'desktop' ? desktopConfig : undefined,
          );
          runs.push({
            score: lhr.categories.performance!.score ?? 0,
            lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
            tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
            cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? NaN,
            benchmarkIndex: lhr.environment.benchmarkIndex,
          });
          if (DETAILS) {
            console.log(`  ${preset} ${route.name} run ${round + 1}: final address ${lhr.finalDisplayedUrl}`);
            printDetails(lhr);
          }
        }
        const of = (pick: (run: Run) => number, digits: number) =>
          `${median(runs.map(pick)).toFixed(digits)} (${range(runs.map(pick), digits)})`;
        console.log(
          `| ${preset.padEnd(7)} | ${route.name.padEnd(24)} | ${of((run) => run.score, 2).padEnd(9)} | ` +
            `${of((run) => run.lcpMs, 0).padEnd(11)} | ${of((run) => run.tbtMs, 0).padEnd(9)} | ${of((run) => run.cls, 3).padEnd(11)} | ` +
            `${Math.round(median(runs.map((run) => run.benchmarkIndex)))
              .toString()
              .padStart(14)} |`,
        );
      }
    }
    console.log(`load average after: ${load()}`);
  } finally {
    signedOut.kill();
    signedIn.kill();
    await server.stop();
  }
}

await main();
