import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath, filePath } from '@clearport/contract/paths';
import { buildTestApp, injectAs, login, type TestApp } from '../build-app.ts';
import { companyIdOf, invoicesOfCompany } from '../session-users.ts';
import { deliveryOrdersRepository } from '../../src/modules/delivery-orders/delivery-orders.repository.ts';

/**
 * The headers every reply carries, on every route of the contract (API_PATHS, so the sweep grows
 * with it) with every method, signed in and not: `Cache-Control: no-store` on API replies,
 * `X-Content-Type-Options: nosniff`, HSTS when the portal is published over https, no
 * `X-Powered-By`; the CSP on the web client's pages; and stored files as attachments or inline
 * with their own safe type, never one a browser would run.
 */

let t: TestApp;
let webDir: string;
let token: string;
let ids: { id: number; orderId: number; invoiceId: number; subuserId: number };
let fileKeys: string[];

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
/** What a stored file may be served as: the upload types, never markup or script. */
const SAFE_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/octet-stream',
  'text/csv; charset=utf-8',
];

function headerProblems(response: LightMyRequestResponse, isApi: boolean): string[] {
  const headers = response.headers;
  const problems: string[] = [];
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (headers['x-powered-by'] !== undefined) problems.push('X-Powered-By');
  if (!String(headers['strict-transport-security'] ?? '').includes('max-age=31536000')) problems.push('no HSTS');
  if (isApi && !String(headers['cache-control'] ?? '').includes('no-store')) {
    problems.push(`cache-control ${String(headers['cache-control'])}`);
  }
  return problems;
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Clearport</title><div id="root"></div>');
  t = await buildTestApp({ webDir, hsts: true, publicUrl: 'https://portal.test' });
  token = await login(t.app, 'primary@demo.test');
  const db = t.app.db;
  const companyId = await companyIdOf(db, 'Demo Imports LLC');
  const order = await deliveryOrdersRepository
    .withAccount(db)
    .select(['delivery_orders.id', 'delivery_orders.shipment_id', 'delivery_orders.path'])
    .where('accounts.company_id', '=', companyId)
    .orderBy(sql`delivery_orders.path IS NULL`)
    .executeTakeFirstOrThrow();
  const invoice = await invoicesOfCompany(db, companyId)
    .orderBy(sql`invoices.backup IS NULL`)
    .executeTakeFirstOrThrow();
  const subuser = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('email', '!=', 'primary@demo.test')
    .executeTakeFirstOrThrow();
  const document = await db
    .selectFrom('documents')
    .select('path')
    .where('shipment_id', '=', order.shipment_id)
    .executeTakeFirst();
  const form7501 = await db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('shipments.path_to_7501')
    .where('accounts.company_id', '=', companyId)
    .where('shipments.path_to_7501', 'is not', null)
    .executeTakeFirst();
  ids = { id: order.shipment_id, orderId: order.id, invoiceId: invoice.id, subuserId: subuser.id };
  fileKeys = [order.path, invoice.path, invoice.backup, form7501?.path_to_7501, document?.path].filter(
    (key): key is string => typeof key === 'string',
  );
  expect(fileKeys.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the headers of every reply', () => {
  it('carries no-store, nosniff and HSTS, and no X-Powered-By, on every route and method', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of Object.values(API_PATHS)) {
      const url = `${API_BASE}${apiPath(route, { ...ids, id: route.includes('invoices') ? ids.invoiceId : route.includes('subusers') ? ids.subuserId : ids.id, token: 'x' }).replace('*', 'documents/x.pdf')}`;
      for (const method of METHODS) {
        // A malformed body: the reply of every changing call without changing anything.
        const options = {
          method,
          url,
          ...(method === 'GET' ? {} : { payload: '{"unterminated', headers: { 'content-type': 'application/json' } }),
        };
        const isLogout = route === API_PATHS.logout;
        for (const response of [
          ...(isLogout ? [] : [await injectAs(t.app, token, options)]),
          await t.app.inject(options),
        ]) {
          sent += 1;
          const found = headerProblems(response, true);
          if (found.length > 0) problems.push(`${method} ${url} ${response.statusCode}: ${found.join(', ')}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });

  it('sends the CSP on the web client and the same headers on its pages', async () => {
    for (const url of ['/', '/shipments', '/settings']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(headerProblems(response, false), url).toEqual([]);
    }
  });

  it('serves stored files and exports as attachments or inline, with a safe type and no-store', async () => {
    const hasBackup =
      (await t.app.db.selectFrom('invoices').select('backup').where('id', '=', ids.invoiceId).executeTakeFirstOrThrow())
        .backup !== null;
    const urls = [
      ...fileKeys.map((key) => `${API_BASE}${filePath(key)}`),
      `${API_BASE}${apiPath(API_PATHS.invoicePdf, { id: ids.invoiceId })}`,
      ...(hasBackup ? [`${API_BASE}${apiPath(API_PATHS.invoiceBackup, { id: ids.invoiceId })}`] : []),
      `${API_BASE}${API_PATHS.invoicesCsv}`,
    ];
    for (const url of urls) {
      const response = await injectAs(t.app, token, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['content-disposition']), url).toMatch(/^(inline|attachment); filename/);
      expect(SAFE_FILE_TYPES, url).toContain(response.headers['content-type']);
      expect(headerProblems(response, true), url).toEqual([]);
    }
  });
});

describe('without https', () => {
  it('sends no HSTS', async () => {
    const plain = await buildTestApp({ seedDemo: false, hsts: false });
    try {
      const response = await plain.app.inject({ method: 'GET', url: `${API_BASE}${API_PATHS.profile}` });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await plain.close();
    }
  });
});
