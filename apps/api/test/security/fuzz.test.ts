import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { buildTestApp, injectAs, login, type TestApp } from '../build-app.ts';

/**
 * Malformed requests to every route of the contract, as a logged-in primary user and without a
 * session: none may answer 5xx, and none may change a row. The routes come from API_PATHS, so
 * the fuzzer grows with the contract.
 */

let t: TestApp;
let token: string;
let ownShipmentId: number;

/** Tables whose rows a refused request could leave behind, with a digest of their content. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
      AND table_name NOT IN ('login_failures')
    ORDER BY table_name`.execute(t.app.db);
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ digest: string }>`
      SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS digest
      FROM ${sql.table(name)} AS x`.execute(t.app.db);
    digests[name] = row.rows[0]!.digest;
  }
  return digests;
}

const HUGE = ['2147483648', '99999999999999999999', '1e309', '-1', '0', '1.5', 'NaN', 'Infinity', '0x10'];
/** Texts no field accepts: what PostgreSQL cannot store, and more than any field holds. */
const BAD_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'x'.repeat(100_000)];
/** Query and path values: read-only positions, so injection attempts belong here too. */
const BAD_QUERY = [...HUGE, '%00', 'a%00b', '%ED%A0%80', '%25', "'%20OR%201=1--", 'x'.repeat(3_000)];
/** Values no field takes (an empty list or `false` can be a valid change, so they are not here). */
const ODD = [[[[]]], 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 1.5, { nested: { deeper: [1.5] } }];

/** Values for a JSON field: every odd value, every bad text and nested bad text. */
const FIELD_VALUES: unknown[] = [...ODD, ...BAD_TEXT, ['\u0000'], [{ email: '\ud800' }], { nested: '\u0000' }];

/** The body fields the contract's calls take. */
const BODY_FIELDS = [
  'userName',
  'password',
  'email',
  'password_confirmation',
  'note',
  'reference_no',
  'path',
  'types',
  'isf_num',
  'date',
  'shipment_id',
  'shipment_ids',
  'ignore',
  'category',
  'trucker_id',
  'warehouse_id',
  'reference_number',
  'containers',
  'bill_ladings',
  'reuse_assigned_containers',
  'truckers',
  'warehouses',
  'user_emails',
  'name',
  'role',
  'linkedAccounts',
  'company_id',
];

const QUERY_FIELDS = [
  'page',
  'per_page',
  'status',
  'filter',
  'account_no',
  'date_from',
  'date_to',
  'sort',
  'order',
  'source',
  'search',
  'field',
  'order_by',
];

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/**
 * Changing calls that read no body (a send, a delete): on a record's own path any body that
 * parses is a valid request, so they get only bodies refused before the handler.
 */
const TAKES_NO_BODY = (method: string, path: string) =>
  (method === 'DELETE' && path !== API_PATHS.deleteDocument) ||
  path === API_PATHS.sendDeliveryOrder ||
  path === API_PATHS.logout;

/** How many of a list's values each field gets per route and method, in turn: enough to reach every value often. */
const VALUES_PER_FIELD = 4;

type Request = { method: (typeof METHODS)[number]; url: string; payload?: unknown; headers?: Record<string, string> };

/** The path with a real id of the caller's, then with malformed ids. */
function pathsWithIds(path: string): { url: string; isReal: boolean }[] {
  const real = apiPath(path, { id: ownShipmentId, orderId: 1, token: 'x' }).replace('*', 'documents/x.pdf');
  if (!path.includes(':') && !path.includes('*')) return [{ url: real, isReal: true }];
  const filled = (value: string) => path.replace(/:(\w+)/g, value).replace('*', value);
  return [{ url: real, isReal: true }, ...BAD_QUERY.map((value) => ({ url: filled(value), isReal: false }))];
}

/** `count` values of `values`, starting at `from` and wrapping, so successive calls cover them all. */
function take<T>(values: readonly T[], from: number, count: number): T[] {
  return Array.from({ length: count }, (_, index) => values[(from + index) % values.length]!);
}

function requestsFor(path: string, routeIndex: number): Request[] {
  const json = { 'content-type': 'application/json' };
  const requests: Request[] = [];
  for (const { url, isReal } of pathsWithIds(path)) {
    const full = `${API_BASE}${url}`;
    for (const method of METHODS) {
      // A record's own path with no body (a delete, a send) is a valid request: only malformed ones go there.
      if (!isReal || method === 'GET') requests.push({ method, url: full });
      if (!isReal) continue;
      if (method === 'GET') {
        QUERY_FIELDS.forEach((field, index) => {
          for (const value of take(BAD_QUERY, routeIndex + index, VALUES_PER_FIELD)) {
            requests.push({ method, url: `${full}?${field}=${value}` });
          }
        });
      }
      if (method !== 'GET' && TAKES_NO_BODY(method, path)) {
        requests.push({ method, url: full, payload: '{"unterminated', headers: json });
        requests.push({
          method,
          url: full,
          payload: '{"a":1}',
          headers: { 'content-type': 'application/json; charset=latin1' },
        });
      } else if (method !== 'GET') {
        requests.push({ method, url: full, payload: '{"unterminated', headers: json });
        requests.push({ method, url: full, payload: '[]', headers: json });
        requests.push({ method, url: full, payload: 'null', headers: json });
        requests.push({ method, url: full, payload: '{"a":'.repeat(5_000), headers: json });
        requests.push({
          method,
          url: full,
          payload: '{"note":"a"}',
          headers: { 'content-type': 'application/json; charset=utf-16' },
        });
        requests.push({
          method,
          url: full,
          payload: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        requests.push({
          method,
          url: full,
          payload: '--x\r\n',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        });
        BODY_FIELDS.forEach((field, index) => {
          for (const value of take(FIELD_VALUES, routeIndex * 3 + index, VALUES_PER_FIELD)) {
            requests.push({ method, url: full, payload: { [field]: value } });
          }
        });
      }
    }
  }
  return requests;
}

beforeAll(async () => {
  // Every malformed upload reaches the route's checks rather than the rate limit.
  t = await buildTestApp({ uploadsPerMinute: 1_000_000 });
  token = await login(t.app, 'primary@demo.test');
  const row = await t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('shipments.id')
    .where('accounts.account_no', '=', '40001')
    .orderBy('shipments.id')
    .executeTakeFirstOrThrow();
  ownShipmentId = row.id;
});
afterAll(async () => t?.close());

describe('the fuzzer', () => {
  it('sends malformed requests to every route: no 5xx, no row changed', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    for (const [routeIndex, path] of Object.values(API_PATHS).entries()) {
      // Logging out ends the session the fuzzer uses: it is sent without one.
      const isLogout = path === API_PATHS.logout;
      for (const request of requestsFor(path, routeIndex)) {
        const asUser = !isLogout && sent % 5 !== 0;
        const options = {
          method: request.method,
          url: request.url,
          payload: request.payload as string,
          headers: request.headers,
        };
        const response = asUser ? await injectAs(t.app, token, options) : await t.app.inject(options);
        sent += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${response.statusCode} ${request.method} ${request.url} ${JSON.stringify(request.payload ?? '').slice(0, 120)}`,
          );
        }
      }
    }
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(`fuzzer: ${sent} requests sent, ${failures.length} answered 5xx, ${changed.length} tables changed`);
    expect(sent).toBeGreaterThanOrEqual(2_000);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 600_000);
});
