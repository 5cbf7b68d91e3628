import { expect, test } from './fixtures.ts';
import {
  PHONE_READY,
  byteBudgetOf,
  gzipBytes,
  loadCold,
  pageFilesOf,
  portalRoutes,
  sessionCookies,
  transferred,
} from './route-loads.ts';

/*
 * Each screen opened cold weighs no more than its budget: the document, scripts, styles, fonts and
 * images as transferred with their heads (brotli, as Chromium asks for it), and what a client
 * without brotli receives of the same files. A change that carries a library or a screen's code
 * onto a route it does not belong to fails here, before `npm run bench:web` would show it.
 * Bytes do not depend on the machine's speed: the same build sends the same files.
 */

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const WIDTHS = {
  desktop: { width: 1350, height: 940 },
  phone: { width: 390, height: 844 },
} as const;

for (const [device, viewport] of Object.entries(WIDTHS)) {
  test(`on ${device}, every screen opened cold stays within its byte budget`, async ({ browser, baseURL }) => {
    const { cookies, shipmentId, invoiceId } = await sessionCookies(baseURL!);
    const over: string[] = [];
    for (const route of portalRoutes(shipmentId, invoiceId)) {
      const ready = device === 'phone' ? (PHONE_READY[route.name] ?? route.ready) : route.ready;
      const { received } = await loadCold(browser, baseURL!, { ...route, ready }, { viewport, cookies });
      const files = pageFilesOf(received);
      expect(files.length, `${route.name}: the files received`).toBeGreaterThan(1);
      const budget = byteBudgetOf(route.name);
      const brotli = transferred(files);
      const gzip = gzipBytes(files);
      if (brotli > budget.brotli) over.push(`${route.name}: ${kib(brotli)} over its ${kib(budget.brotli)}`);
      if (gzip > budget.gzip) over.push(`${route.name}: ${kib(gzip)} as gzip, over its ${kib(budget.gzip)}`);
    }
    expect(over).toEqual([]);
  });
}
