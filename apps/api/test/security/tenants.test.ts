import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, fileUrl, injectAs, loginDemoUsers, testAppForFile } from '../build-app.ts';
import { companyIdOf, invoicesOfCompany } from '../session-users.ts';
import { shipmentIdOf } from '../shipment-fixtures.ts';
import { deliveryOrdersRepository } from '../../src/modules/delivery-orders/delivery-orders.repository.ts';

/**
 * Every route of the contract with the ids of another company's records: each answers 404 (405 for a
 * method the path does not answer) and changes nothing. Then every changing route as role 11
 * (Shipments Info): 403, nothing changed.
 */

const t = testAppForFile();
let primary: string;
let viewer: string;

type Victim = {
  shipmentId: number;
  orderId: number;
  containerId: number;
  billId: number;
  invoiceId: number;
  userId: number;
  truckerId: number;
  warehouseId: number;
  files: string[];
};
let victim: Victim;
let own: { truckerId: number; warehouseId: number };

async function rowDigest(): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
      -- The security event log records the refusals themselves, and its counts follow it.
      AND table_name NOT IN (
        'login_failures', 'sessions', 'security_events', 'security_event_counts', 'security_event_day_counts'
      )
    ORDER BY table_name`.execute(t.app.db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const row = await sql<{ digest: string }>`
      SELECT ${name} || count(*) || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS digest
      FROM ${sql.table(name)} AS x`.execute(t.app.db);
    parts.push(row.rows[0]!.digest);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  ({ primary, viewer } = await loginDemoUsers(t.app));
  const db = t.app.db;
  const other = await companyIdOf(db, 'Other Trading Co');
  const demo = await companyIdOf(db, 'Demo Imports LLC');
  /** The company's first trucker or warehouse. */
  const firstOf = async (table: 'truckers' | 'warehouses', companyId: number) =>
    (await db.selectFrom(table).select('id').where('company_id', '=', companyId).executeTakeFirstOrThrow()).id;
  const order = await deliveryOrdersRepository
    .withAccount(db)
    .select(['delivery_orders.id', 'delivery_orders.shipment_id'])
    .where('accounts.company_id', '=', other)
    .executeTakeFirstOrThrow();
  const container = await db
    .selectFrom('containers')
    .select('id')
    .where('shipment_id', '=', order.shipment_id)
    .executeTakeFirstOrThrow();
  const bill = await db
    .selectFrom('bills_of_lading')
    .select('id')
    .where('shipment_id', '=', order.shipment_id)
    .executeTakeFirstOrThrow();
  const invoice = await invoicesOfCompany(db, other).executeTakeFirstOrThrow();
  const documents = await db
    .selectFrom('documents')
    .innerJoin('shipments', 'shipments.id', 'documents.shipment_id')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('documents.path')
    .where('accounts.company_id', '=', other)
    .limit(3)
    .execute();
  const user = await db.selectFrom('users').select('id').where('company_id', '=', other).executeTakeFirstOrThrow();
  victim = {
    shipmentId: order.shipment_id,
    orderId: order.id,
    containerId: container.id,
    billId: bill.id,
    invoiceId: invoice.id,
    userId: user.id,
    truckerId: await firstOf('truckers', other),
    warehouseId: await firstOf('warehouses', other),
    files: [invoice.path, invoice.backup, ...documents.map((each) => each.path)].filter(
      (key): key is string => typeof key === 'string',
    ),
  };
  own = { truckerId: await firstOf('truckers', demo), warehouseId: await firstOf('warehouses', demo) };
});

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/** 405: the path has no route of that method, whoever asks and whatever record it names. */
function isMethodNotServed(method: string, response: { statusCode: number; headers: Record<string, unknown> }) {
  const allow = String(response.headers.allow ?? '').split(', ');
  return response.statusCode === 405 && allow[0] !== '' && !allow.includes(method);
}

/** A body each call would accept from the record's owner, so only the access check can refuse it. */
function bodyFor(path: string): object {
  const order = {
    trucker_id: own.truckerId,
    warehouse_id: own.warehouseId,
    reference_number: 'R',
    note: 'N',
    containers: [victim.containerId],
    bill_ladings: [victim.billId],
    reuse_assigned_containers: true,
  };
  const bodies: Partial<Record<string, object>> = {
    [API_PATHS.fileIsf]: { isf_num: 'N/A', date: 'N/A' },
    [API_PATHS.deleteDocument]: { path: victim.files[victim.files.length - 1] },
    [API_PATHS.setDocumentTypes]: { types: ['Commercial Invoice'] },
    [API_PATHS.unsetDocumentTypes]: { types: ['Commercial Invoice'] },
    [API_PATHS.addNote]: { note: 'a note' },
    [API_PATHS.saveReference]: { reference_no: 'REF-1' },
    [API_PATHS.deliveryOrders]: order,
    [API_PATHS.deliveryOrder]: order,
    [API_PATHS.subuser]: { name: 'Taken Over', role: 4 },
    [API_PATHS.approveEntry]: { path_to_7501: victim.files[0] },
    [API_PATHS.queryEntry]: { path_to_7501: victim.files[0], comment: 'A query' },
  };
  return bodies[path] ?? {};
}

/** The routes that name a record in their path, filled with the other company's ids. */
function urlsWithVictimIds(): { path: string; url: string }[] {
  const urls: { path: string; url: string }[] = [];
  for (const path of Object.values(API_PATHS)) {
    if (path === API_PATHS.file) {
      for (const key of victim.files) urls.push({ path, url: fileUrl(key) });
      continue;
    }
    if (!path.includes(':id')) continue;
    const id = path.startsWith('/user/invoices')
      ? victim.invoiceId
      : path.startsWith('/user/user/')
        ? victim.userId
        : victim.shipmentId;
    urls.push({ path, url: apiUrl(path, { id, orderId: victim.orderId }) });
  }
  return urls;
}

describe('another company’s records', () => {
  it('answer 404 on every route and method, and nothing changes', async () => {
    const before = await rowDigest();
    const answers: string[] = [];
    let sent = 0;
    for (const { path, url } of urlsWithVictimIds()) {
      for (const method of METHODS) {
        const payload = method === 'GET' ? undefined : bodyFor(path);
        const response = await injectAs(t.app, primary, { method, url, payload });
        sent += 1;
        if (response.statusCode !== 404 && !isMethodNotServed(method, response))
          answers.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    console.log(`cross-tenant sweep: ${sent} requests, ${answers.length} neither 404 nor 405`);
    expect(answers).toEqual([]);
    expect(await rowDigest()).toBe(before);
  });

  it('cannot be reached through ids in a body either', async () => {
    const before = await rowDigest();
    const calls: [string, object][] = [
      [API_PATHS.skipDeliveryOrder, { shipment_id: victim.shipmentId, ignore: true, category: 'WithoutDeliveryOrder' }],
      [API_PATHS.toggleReviewed, { shipment_ids: [victim.shipmentId] }],
    ];
    for (const [path, payload] of calls) {
      const response = await injectAs(t.app, primary, { method: 'POST', url: apiUrl(path), payload });
      expect(response.statusCode, path).toBe(404);
    }
    expect(await rowDigest()).toBe(before);
  });
});

describe('role 11 (Shipments Info)', () => {
  it('is refused every change with 403, and nothing changes', async () => {
    const before = await rowDigest();
    const own40001 = await shipmentIdOf(t.app.db, '40001');
    const publicPaths: string[] = [
      API_PATHS.login,
      API_PATHS.forgotPassword,
      API_PATHS.resetPassword,
      API_PATHS.exchangeSignInLink,
      API_PATHS.logout,
      // Every role ends its own sign-ins (decision 0033): the user's account, not the company's data.
      API_PATHS.endSession,
      API_PATHS.endOtherSessions,
      API_PATHS.loginSecondFactor,
      API_PATHS.loginEnrolment,
      API_PATHS.loginEnrolmentConfirm,
    ];
    const answers: string[] = [];
    for (const path of Object.values(API_PATHS)) {
      if (publicPaths.includes(path) || path === API_PATHS.file) continue;
      const url = apiUrl(path, { id: own40001, orderId: 1 });
      for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
        const response = await injectAs(t.app, viewer, { method, url, payload: bodyFor(path) });
        if (response.statusCode !== 403 && !isMethodNotServed(method, response))
          answers.push(`${method} ${url}: ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await rowDigest()).toBe(before);
  });
});
