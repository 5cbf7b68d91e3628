import { isUtf8 } from 'node:buffer';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import {
  BROKER_API_BASE,
  BROKER_API_PATHS,
  IngestionRecord,
  MAX_BATCH_BYTES,
  MAX_BATCH_PARTS,
  MULTIPART_RECORDS_FIELD,
  type RecordKind,
} from '@clearport/contract/ingestion';
import { UPLOAD_MAX_BYTES } from '@clearport/contract/shipment-documents';
import { importFile, NOT_UTF8_REASON, summaryLines } from '../../src/cli/broker-import.ts';
import { newBrokerKey } from '../broker-api.ts';
import { createTestDatabase, injectAs, login, testAppForFile } from '../build-app.ts';
import { tableDigests } from '../database-digest.ts';
import { samplePdf } from '../sample-files.ts';
import { apiDir } from '../server-process.ts';
import { bundled } from '../source-bundle.ts';
import { shipmentIdOf } from '../shipment-fixtures.ts';

/**
 * Malformed requests to every route of the contract, as a logged-in primary user and without a
 * session: none may answer 5xx, and none may change a row. The routes come from API_PATHS, so
 * the fuzzer grows with the contract.
 */

// Every malformed upload reaches the route's checks rather than the rate limit.
const t = testAppForFile({ uploadsPerMinute: 1_000_000 });
let token: string;
let ownShipmentId: number;

/**
 * Tables whose rows a refused request could leave behind, with a digest of their content; the
 * security event log records refusals themselves.
 */
// A refused upload still counts in the user's minute (upload_counts), as a refused login does.
const snapshot = () => tableDigests(t.app.db, ['login_failures', 'upload_counts', 'security_events']);

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
  'pickup_date',
  'cc_emails',
  'reminder_days',
  'entry_approval',
  'threshold_cents',
  'comment',
  'reports',
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
  'from',
  'to',
  'format',
  'charges',
  'approval',
  'port',
  'entry_type',
  'agency_hold',
  'payment_status',
  'cursor',
  'after_line',
  'release_days',
];

/**
 * What a call needs to pass its schema at all (a report's range), so that each malformed field
 * beside it reaches the handler's own checks; a field sent again takes the malformed value.
 */
const VALID_QUERY = (path: string): string => (path.startsWith('/user/reports/') ? 'from=2026-01&to=2026-12&' : '');

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/**
 * Changing calls that read no body (a send, a delete): on a record's own path any body that
 * parses is a valid request, so they get only bodies refused before the handler.
 */
const TAKES_NO_BODY = (method: string, path: string) =>
  (method === 'DELETE' && path !== API_PATHS.deleteDocument) ||
  path === API_PATHS.sendDeliveryOrder ||
  path === API_PATHS.logout ||
  path === API_PATHS.endOtherSessions ||
  path === API_PATHS.endSubuserSessions;

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
      if (isReal && method === 'GET' && VALID_QUERY(path))
        requests.push({ method, url: `${full}?${VALID_QUERY(path)}` });
      if (!isReal) continue;
      if (method === 'GET') {
        QUERY_FIELDS.forEach((field, index) => {
          for (const value of take(BAD_QUERY, routeIndex + index, VALUES_PER_FIELD)) {
            requests.push({ method, url: `${full}?${VALID_QUERY(path)}${field}=${value}` });
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
  token = await login(t.app, 'primary@demo.test');
  ownShipmentId = await shipmentIdOf(t.app.db, '40001');
});

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

/**
 * The brokerage's side: batches to the broker API as JSON and as multipart/form-data, and files
 * to `npm run broker -- import`, each record of every kind of the contract with one field
 * malformed, and bodies, parts and lines broken in every way the readers meet.
 */

/** A record of each kind that the portal would refuse anyway (it names what does not exist), so nothing can be written. */
const BASE_RECORDS: Record<RecordKind, Record<string, unknown>> = {
  company: { kind: 'company', company_id: 'FZ-C', name: 'Fuzz Co' },
  account: { kind: 'account', account_no: 'FZ-A', company_id: 'FZ-404' },
  shipment: { kind: 'shipment', file_number: 'FZ-S', account_no: 'FZ-404', status: 'submitted' },
  container: { kind: 'container', file_number: 'FZ-404', container_no: 'FZ-K' },
  container_free_days: {
    kind: 'container_free_days',
    file_number: 'FZ-404',
    container_no: 'FZ-K',
    terminal_last_free_day: '2026-11-07',
  },
  bill_of_lading: { kind: 'bill_of_lading', file_number: 'FZ-404', bill_lading: 'FZ-B', is_master: true },
  required_document_type: { kind: 'required_document_type', file_number: 'FZ-404', type: 'Invoice' },
  delivery_order_approval: { kind: 'delivery_order_approval', delivery_order_id: 2_147_483_647 },
  primary_user: { kind: 'primary_user', company_id: 'FZ-404', email: 'fuzz@fuzz.test', name: 'Fuzz' },
  entry_summary: { kind: 'entry_summary', file_number: 'FZ-404', file: { name: 'x.pdf', part: 'file' } },
  invoice: { kind: 'invoice', invoice_number: 'FZ-I', account_no: 'FZ-404', pdf: { name: 'x.pdf', part: 'file' } },
  notification: { kind: 'notification', company_id: 'FZ-404', message: 'Fuzz' },
  notification_list: { kind: 'notification_list', company_id: 'FZ-404', list: 'documents', email: 'fuzz@fuzz.test' },
  demurrage_alerts: { kind: 'demurrage_alerts', company_id: 'FZ-404', reminder_days: 3 },
  entry: { kind: 'entry', entry_number: 'FZZ-0000404-0', file_number: 'FZ-404', port_code: '4601' },
  entry_line: { kind: 'entry_line', entry_number: 'FZZ-0000404-0', line_number: 1, hts_number: '9403609081' },
  agency_disposition: {
    kind: 'agency_disposition',
    entry_number: 'FZZ-0000404-0',
    agency: 'FDA',
    disposition: 'hold_intact',
    disposed_at: '2026-11-03T14:20:00Z',
  },
};

/** Values no record field takes: wrong types, numbers beyond every range, text that cannot be stored. */
const RECORD_VALUES: unknown[] = [...ODD, ...BAD_TEXT, -1, 0, true, {}, [], { name: '\u0000', part: '\ud800' }];

/** Every field of every kind in the contract, with each value in turn: one record a field, one batch a kind and value. */
function malformedBatches(): unknown[][] {
  const batches: unknown[][] = [];
  for (const option of IngestionRecord.options) {
    const kind = option.shape.kind.value as RecordKind;
    for (const value of RECORD_VALUES) {
      batches.push(Object.keys(option.shape).map((field) => ({ ...BASE_RECORDS[kind], [field]: value })));
    }
  }
  return batches;
}

/** Records texts no JSON body parser reads as a batch of records, or whose numbers no field takes. */
const BROKEN_RECORDS_TEXTS = [
  '',
  'null',
  '{}',
  ']',
  '[{"kind":"shipment","file_number":',
  '[{"kind":"delivery_order_approval","delivery_order_id":1e999}]',
  '[{"kind":"delivery_order_approval","delivery_order_id":-1e999}]',
  '[{"kind":"delivery_order_approval","delivery_order_id":123456789012345678901234567890}]',
  '[{"kind":"account","account_no":"FZ","company_id":"FZ-404","__proto__":{"name":"x"}}]',
  '[{"kind":"account","account_no":"FZ","company_id":"FZ-404","constructor":{"prototype":{"x":1}}}]',
  '"\\u0000"',
  '[{"kind":"company","company_id":"FZ-C","name":"\\ud800"}]',
  '[{"kind\\u0000":"company"}]',
  '['.repeat(100_000),
  `[${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]`,
];

type Part = { name: string; filename?: string; body: string | Buffer; headers?: string };

/** A multipart/form-data body written by hand, so that its parts can be what no form would send. */
function multipartBody(parts: readonly Part[], boundary = 'fuzz-boundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const head = part.headers ?? `Content-Disposition: form-data; name="${part.name}"${filename}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Multipart bodies broken in their structure, their parts or their sizes. */
function brokenMultiparts(): Array<{ payload: Buffer; contentType: string }> {
  const type = 'multipart/form-data; boundary=fuzz-boundary';
  const records = (text: string): Part => ({ name: MULTIPART_RECORDS_FIELD, body: text });
  const pdf = samplePdf();
  const someRecords = JSON.stringify([BASE_RECORDS.entry_summary, BASE_RECORDS.invoice]);
  const bodies: Part[][] = [
    [],
    [{ name: MULTIPART_RECORDS_FIELD, filename: 'records.json', body: someRecords }],
    [records(someRecords), records(someRecords)],
    [records(someRecords), { name: 'note', body: 'x' }],
    [records(someRecords), { name: 'file', filename: 'x.pdf', body: Buffer.from('%PDF-1.4 not really') }],
    [
      records(someRecords),
      { name: 'file', filename: 'x.pdf', body: pdf },
      { name: 'file', filename: 'y.pdf', body: pdf },
    ],
    [records(someRecords), { name: 'fi\u0000le', filename: 'x\u0000.pdf', body: pdf }],
    [records(someRecords), { name: '\ud800', filename: '\udfff.pdf', body: pdf }],
    [records(someRecords), { name: 'file', headers: 'Content-Type: application/pdf\r\n', body: pdf }],
    [records(someRecords), { name: '', filename: '', body: pdf }],
    [records(Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80, 0x00]).toString('latin1'))],
    [{ name: MULTIPART_RECORDS_FIELD, body: Buffer.from([0x5b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x5d]) }],
    [records(JSON.stringify([{ ...BASE_RECORDS.notification, message: 'x'.repeat(MAX_BATCH_BYTES) }]))],
    [records(someRecords), { name: 'file', filename: 'big.pdf', body: Buffer.alloc(UPLOAD_MAX_BYTES + 1) }],
    [
      records(someRecords),
      ...Array.from({ length: MAX_BATCH_PARTS + 1 }, (_, index) => ({
        name: `f${index}`,
        filename: 'x.pdf',
        body: 'x',
      })),
    ],
    ...BROKEN_RECORDS_TEXTS.map((text) => [records(text)]),
  ];
  const whole = multipartBody([records(someRecords), { name: 'file', filename: 'x.pdf', body: pdf }]);
  return [
    ...bodies.map((parts) => ({ payload: multipartBody(parts), contentType: type })),
    { payload: whole.subarray(0, whole.length - 100), contentType: type },
    { payload: whole, contentType: 'multipart/form-data' },
    { payload: whole, contentType: 'multipart/form-data; boundary=' },
    { payload: whole, contentType: 'multipart/form-data; boundary=other' },
    { payload: Buffer.from('--fuzz-boundary\r\n\r\n\r\n'), contentType: type },
    { payload: Buffer.from([0x00, 0xff, 0x00, 0xfe]), contentType: type },
  ];
}

describe('the fuzzer, on the broker API', () => {
  it('sends malformed batches as JSON and as multipart/form-data: no 5xx, no row changed', async () => {
    const key = (await newBrokerKey(t.app.db, 'Fuzz')).key;
    const url = `${BROKER_API_BASE}${BROKER_API_PATHS.records}`;
    const pdf = samplePdf();
    const requests: Array<{ label: string; payload: string | Buffer; contentType: string }> = [];
    for (const records of malformedBatches()) {
      const text = JSON.stringify(records);
      requests.push({ label: text, payload: `{"records":${text}}`, contentType: 'application/json' });
      requests.push({
        label: `multipart ${text}`,
        payload: multipartBody([
          { name: MULTIPART_RECORDS_FIELD, body: text },
          { name: 'file', filename: 'x.pdf', body: pdf },
        ]),
        contentType: 'multipart/form-data; boundary=fuzz-boundary',
      });
    }
    for (const text of BROKEN_RECORDS_TEXTS) {
      requests.push({ label: text, payload: `{"records":${text}}`, contentType: 'application/json' });
    }
    for (const [index, body] of brokenMultiparts().entries()) {
      requests.push({ label: `broken multipart ${index}`, payload: body.payload, contentType: body.contentType });
    }

    const before = await snapshot();
    const failures: string[] = [];
    for (const request of requests) {
      const response = await injectAs(t.app, key, {
        method: 'POST',
        url,
        payload: request.payload,
        headers: { 'content-type': request.contentType },
      });
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${request.label.slice(0, 160)}`);
    }
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(`fuzzer, broker API: ${requests.length} batches sent, ${failures.length} answered 5xx`);
    expect(requests.length).toBeGreaterThanOrEqual(400);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 600_000);
});

/** NDJSON lines no import reads as a record it writes: every malformed record, and lines that are no JSON at all. */
function malformedNdjson(): Buffer {
  const lines: Array<string | Buffer> = malformedBatches()
    .flat()
    .map((record) => JSON.stringify(record));
  lines.push(
    ...BROKEN_RECORDS_TEXTS.filter((text) => !text.includes('\n')),
    '{',
    '42',
    '"\\ud800"',
    '\uFEFF{"kind":"company"}',
    '\r',
    `{"kind":"notification","company_id":"FZ-404","message":"${'x'.repeat(2_000_000)}"}`,
    Buffer.from('{"kind":"company","company_id":"FZ-C","name":"a\u0000b"}'),
    Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]),
  );
  return Buffer.concat(lines.flatMap((line) => [Buffer.from(line), Buffer.from('\n')]));
}

/** Cells no column takes: text that cannot be stored, bytes that are no UTF-8, numbers and dates beyond range. */
const BAD_CELLS = [
  'a\u0000b',
  '\u0000',
  Buffer.from([0xff, 0xfe]).toString('latin1'),
  Buffer.from([0xed, 0xa0, 0x80]).toString('latin1'),
  'x'.repeat(100_000),
  '2147483648',
  '1e309',
  '-1',
  'NaN',
  '2026-02-30 25:61:61',
  '=HYPERLINK("http://x")',
  '"quoted ""twice"""',
];
/** pdf_file and backup_file cells that name no PDF in the CSV's folder. */
const BAD_PATHS = [
  '../outside.pdf',
  '/etc/passwd',
  '.',
  'scans',
  'scans/',
  'missing.pdf',
  'a\u0000.pdf',
  '..',
  '~/x.pdf',
];

/** CSV files: bad cells in each column, paths out of the folder, a broken quote, a header lacking columns, empty files. */
function malformedCsvs(): Array<{ name: string; bytes: Buffer }> {
  const row = (cells: readonly string[]) =>
    cells.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
  const table = (header: readonly string[], base: readonly string[], values: readonly string[]) =>
    [
      row(header),
      ...header.flatMap((_, column) =>
        values.map((value) => row(base.map((cell, index) => (index === column ? value : cell)))),
      ),
    ].join('\n');
  const shipments = table(
    ['file_number', 'account_no', 'status', 'vessel_name', 'est_time_arrive', 'customer_reference_no'],
    ['FZ-S', 'FZ-404', 'submitted', '', '', ''],
    BAD_CELLS,
  );
  const invoices = table(
    ['invoice_number', 'account_no', 'file_number', 'amount', 'due_date', 'is_paid', 'pdf_file', 'backup_file'],
    ['FZ-I', 'FZ-404', '', '10.00', '', 'no', 'beside.pdf', ''],
    [...BAD_CELLS, ...BAD_PATHS],
  );
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  return [
    { name: 'shipments.csv', bytes: latin1(shipments) },
    { name: 'invoices.csv', bytes: latin1(invoices) },
    {
      name: 'broken-quote.csv',
      bytes: Buffer.from('file_number,account_no,status\nFZ-1,FZ-404,submitted\n"FZ-2,FZ-404\n'),
    },
    { name: 'no-columns.csv', bytes: Buffer.from('vessel_name,origin\nEver Given,Shanghai\n') },
    {
      name: 'ragged.csv',
      bytes: Buffer.from('file_number,account_no,status\nFZ-1\nFZ-2,FZ-404,submitted,extra,cells\n,,\n'),
    },
    { name: 'bom-only.csv', bytes: Buffer.from([0xef, 0xbb, 0xbf]) },
    { name: 'empty.csv', bytes: Buffer.alloc(0) },
    { name: 'nul-header.csv', bytes: Buffer.from('file_number\u0000,account_no,status\nFZ-1,FZ-404,submitted\n') },
  ];
}

const run = promisify(execFile);
/** A summary as `import` prints it first. */
const SUMMARY = /^created \d+, updated \d+, unchanged \d+, refused \d+$/;

describe('the fuzzer, on npm run broker -- import', () => {
  let folder: string;
  let cliDataDir: string;
  let cliDatabase: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-fuzz-import-'));
    cliDataDir = path.join(folder, 'data');
    if (process.env.TEST_DATABASE_URL) cliDatabase = await createTestDatabase(process.env.TEST_DATABASE_URL);
    await mkdir(path.join(folder, 'files', 'scans'), { recursive: true });
    await writeFile(path.join(folder, 'files', 'beside.pdf'), samplePdf());
    await writeFile(path.join(folder, 'outside.pdf'), samplePdf());
  });
  afterAll(async () => {
    await cliDatabase?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  async function writeFiles(): Promise<string[]> {
    const files = [{ name: 'records.ndjson', bytes: malformedNdjson() }, ...malformedCsvs()];
    const written: string[] = [];
    const put = async (name: string, bytes: Buffer) => {
      const file = path.join(folder, 'files', name);
      await writeFile(file, bytes);
      written.push(file);
    };
    for (const { name, bytes } of files) {
      // A file of bytes that are not UTF-8 is refused whole: its lines are tried as UTF-8 reads them too.
      await put(name, Buffer.from(bytes.toString('utf8')));
      if (!isUtf8(bytes)) await put(`raw-${name}`, bytes);
    }
    return written;
  }

  it('imports malformed NDJSON and CSV files: every line refused or written, never a crash, always the summary', async () => {
    const files = await writeFiles();
    const context = {
      db: t.app.db,
      log: t.app.log,
      storage: t.app.storage,
      mailer: t.app.mailer,
      publicUrl: 'http://portal.test',
    };
    const before = await snapshot();
    let lines = 0;
    const stopped: string[] = [];
    for (const file of files) {
      const summary = await importFile(context, file);
      // Only a file that is not UTF-8, or a CSV that cannot be read further, stops, and says why (an
      // unclosed quote, a header without its key column).
      if (summary.stopped) {
        if (path.basename(file).startsWith('raw-')) expect(summary.stopped.reason, file).toBe(NOT_UTF8_REASON);
        else
          expect(summary.stopped.reason, file).toMatch(
            /^the (file cannot be read past this line|header cannot be read): /,
          );
        stopped.push(path.basename(file));
      }
      expect(summaryLines(summary)[0], file).toMatch(SUMMARY);
      lines += summary.refused + summary.created + summary.updated + summary.unchanged;
    }
    expect(stopped.sort()).toEqual([
      'broken-quote.csv',
      'no-columns.csv',
      'nul-header.csv',
      'raw-invoices.csv',
      'raw-records.ndjson',
      'raw-shipments.csv',
    ]);
    expect(Object.entries(await snapshot()).filter(([table, digest]) => before[table] !== digest)).toEqual([]);

    // The command itself, on its own database: exit code 0 or 1 with the summary, never a stack trace.
    const env = {
      ...process.env,
      DATA_DIR: cliDataDir,
      DATABASE_URL: cliDatabase?.url ?? '',
      INIT_CWD: apiDir,
    };
    const codes: Record<string, number> = {};
    // A few files: each run of the command costs seconds.
    for (const file of files.filter((each) =>
      /^(records\.ndjson|shipments\.csv|invoices\.csv)$/.test(path.basename(each)),
    )) {
      const { code, output } = await run(process.execPath, [...bundled('cli/broker'), 'import', file], {
        cwd: apiDir,
        env,
        maxBuffer: 64 * 1024 * 1024,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
      codes[path.basename(file)] = code;
      expect(output.split('\n')[0], `${file}: ${output.slice(0, 400)}`).toMatch(SUMMARY);
      expect(output, file).not.toMatch(/\n\s+at /);
    }
    console.log(
      `fuzzer, import: ${files.length} files, ${lines} lines; exit codes of the command ${JSON.stringify(codes)}`,
    );
    expect(Object.values(codes).every((code) => code === 0 || code === 1)).toBe(true);
    expect(codes['records.ndjson']).toBe(1);
  }, 900_000);
});
