import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { MAX_BATCH_BYTES, MAX_BATCH_RECORDS } from '@clearport/contract/ingestion';
import { RECORD_DOCS } from '@clearport/contract/ingestion-docs';
import { sql } from 'kysely';
import { apiUrl, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf, RECORDS_URL } from '../../../test/broker-api.ts';
import { INVALID_JSON_MESSAGE } from '../../lib/errors.ts';
import { RECORDS_NOT_JSON, RECORDS_NOT_UTF8 } from './broker-multipart.ts';
import { pdfsWithEmbeddedExe, pdfsWithMarkupFurtherOn, pdfsWithMarkupUpFront } from '../../../test/polyglot-files.ts';
import { realWorldPdfs } from '../../../test/real-world-files.ts';
import { samplePdf, samplePng } from '../../../test/sample-files.ts';
import { storedFiles } from '../../../test/shipment-fixtures.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '@clearport/contract/storable-text';

const t = testAppForFile();
const broker = brokerApiOf(t);
const url = RECORDS_URL;

type Result = { outcome: string; key: string | null; field?: string; reason?: string };
const outcomes = (records: unknown[]) => broker.results<Result>(records);
const outcomeOf = async (record: unknown) => (await outcomes([record]))[0]!;

const base64 = (bytes: Buffer) => bytes.toString('base64');
const company = { kind: 'company', company_id: 'F-1', name: 'File Freight Inc' };
const account = { kind: 'account', account_no: '88001', company_id: 'F-1' };
const shipment = { kind: 'shipment', file_number: 'FF-0001', account_no: '88001', status: 'submitted' };

beforeAll(async () => {
  expect((await outcomes([company, account, shipment])).map((result) => result.outcome)).toEqual([
    'created',
    'created',
    'created',
  ]);
});

const outboxFiles = async () => (await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).sort();

describe('the broker API, records with users and files', () => {
  it("creates the company's primary user with the set-password e-mail, who then signs in", async () => {
    const user = { kind: 'primary_user', company_id: 'F-1', email: 'boss@filefreight.test', name: 'Fay Freight' };
    const before = await outboxFiles();
    expect(await outcomeOf(user)).toMatchObject({ outcome: 'created', key: 'primary_user:boss@filefreight.test' });
    const sent = (await outboxFiles()).filter((file) => !before.includes(file));
    expect(sent).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(t.dataDir, 'outbox', sent[0]!)));
    expect(mail.to).toMatchObject({ text: 'boss@filefreight.test' });
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    const chosen = 'a-chosen-password-1';
    const reset = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.resetPassword, { token }),
      payload: { email: user.email, password: chosen, password_confirmation: chosen },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await login(t.app, user.email, chosen);
    const list = await injectAs(t.app, session, { method: 'GET', url: apiUrl(API_PATHS.shipments) });
    expect(list.json<{ data: { file_number: string }[] }>().data.map((row) => row.file_number)).toEqual(['FF-0001']);

    expect((await outcomeOf(user)).outcome).toBe('unchanged');
    expect((await outcomeOf({ ...user, name: 'Fay Freightly' })).outcome).toBe('updated');
    expect(await outboxFiles()).toHaveLength(before.length + 1);
    const silent = { ...user, email: 'quiet@filefreight.test', send_password_link: false };
    expect((await outcomeOf(silent)).outcome).toBe('created');
    expect(await outboxFiles()).toHaveLength(before.length + 1);

    const taken = await outcomeOf({ ...user, email: 'primary@demo.test' });
    expect(taken).toMatchObject({ outcome: 'refused', field: 'email' });
    const stored = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'primary@demo.test')
      .executeTakeFirstOrThrow();
    expect(stored.company_id).not.toBe(undefined);
  });

  it('stores a 7501 checked by content, answers the same bytes unchanged and replaces it with others', async () => {
    const filesBefore = await storedFiles(t.dataDir);
    const record = {
      kind: 'entry_summary',
      file_number: 'FF-0001',
      file: { name: '7501.pdf', content_base64: base64(samplePdf()) },
    };
    expect((await outcomeOf(record)).outcome).toBe('created');
    const first = await t.app.db
      .selectFrom('shipments')
      .select('path_to_7501')
      .where('file_number', '=', 'FF-0001')
      .executeTakeFirstOrThrow();
    expect(first.path_to_7501).toMatch(/^entry-summaries\/.+\.pdf$/);
    expect(await storedFiles(t.dataDir)).toHaveLength(filesBefore.length + 1);

    expect((await outcomeOf(record)).outcome).toBe('unchanged');
    expect(await storedFiles(t.dataDir)).toHaveLength(filesBefore.length + 1);

    const replaced = { ...record, file: { name: '7501.pdf', content_base64: base64(samplePdf(3_000)) } };
    expect((await outcomeOf(replaced)).outcome).toBe('updated');
    const second = await t.app.db
      .selectFrom('shipments')
      .select('path_to_7501')
      .where('file_number', '=', 'FF-0001')
      .executeTakeFirstOrThrow();
    expect(second.path_to_7501).not.toBe(first.path_to_7501);
    const files = await storedFiles(t.dataDir);
    expect(files).toHaveLength(filesBefore.length + 1);

    for (const content of [samplePng(), Buffer.from('%PDF-1.4 but not really')]) {
      const refused = await outcomeOf({ ...record, file: { name: '7501.pdf', content_base64: base64(content) } });
      expect(refused).toMatchObject({ outcome: 'refused', field: 'file.content_base64' });
    }
    const unknown = await outcomeOf({ ...record, file_number: 'FF-404' });
    expect(unknown).toMatchObject({ outcome: 'refused', field: 'file_number' });
    expect(await storedFiles(t.dataDir)).toEqual(files);
  });

  it('posts an invoice with its amount, due date, PDF and backup, and tells the invoice list', async () => {
    const pdf = base64(samplePdf(2_500));
    const invoice = {
      kind: 'invoice',
      invoice_number: 'INV-9001',
      account_no: '88001',
      file_number: 'FF-0001',
      proper_name: 'File Freight Inc',
      amount: '1234.50',
      due_date: '2026-12-31',
      pdf: { name: 'INV-9001.pdf', content_base64: pdf },
      backup: { name: 'receipts.pdf', content_base64: base64(samplePdf(1_500)) },
    };
    expect((await outcomeOf(invoice)).outcome).toBe('created');
    const stored = await t.app.db
      .selectFrom('invoices')
      .select(['amount_cents', 'due_date', 'path', 'backup', 'shipment_id', 'is_paid'])
      .where('invoice_number', '=', 'INV-9001')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_cents: 123450, due_date: '2026-12-31', is_paid: false });
    expect(stored.backup).not.toBeNull();
    const queued = await t.app.db
      .selectFrom('mail_events')
      .innerJoin('mail_messages', 'mail_messages.id', 'mail_events.message_id')
      .select(['mail_messages.kind', 'mail_events.detail'])
      .where('mail_messages.kind', '=', 'invoicePosted')
      .execute();
    expect(queued.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ invoiceNo: 'INV-9001', amount: '$1,234.50', dueDate: '12/31/2026' }),
    );

    const filesNow = await storedFiles(t.dataDir);
    expect((await outcomeOf(invoice)).outcome).toBe('unchanged');
    expect((await outcomeOf({ ...invoice, is_paid: true, backup: null })).outcome).toBe('updated');
    const paid = await t.app.db
      .selectFrom('invoices')
      .select(['is_paid', 'backup', 'path'])
      .where('invoice_number', '=', 'INV-9001')
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ is_paid: true, backup: null, path: stored.path });
    expect(await storedFiles(t.dataDir)).toHaveLength(filesNow.length - 1);

    const elsewhere = await outcomeOf({ ...invoice, invoice_number: 'INV-9002', file_number: 'HG-NONE' });
    expect(elsewhere).toMatchObject({ outcome: 'refused', field: 'file_number' });
    const badAmount = await outcomeOf({ ...invoice, invoice_number: 'INV-9003', amount: '12.3' });
    expect(badAmount).toMatchObject({ outcome: 'refused', field: 'amount' });
    // Twelve digits of dollars at most, kept to the cent; more would not fit a JSON number exactly.
    const tooLarge = await outcomeOf({ ...invoice, invoice_number: 'INV-9003', amount: '90071992547409.93' });
    expect(tooLarge).toMatchObject({ outcome: 'refused', field: 'amount' });
    expect((await outcomeOf({ ...invoice, invoice_number: 'INV-9003', amount: '999999999999.99' })).outcome).toBe(
      'created',
    );
    const largest = await t.app.db
      .selectFrom('invoices')
      .select('amount_cents')
      .where('invoice_number', '=', 'INV-9003')
      .executeTakeFirstOrThrow();
    expect(largest.amount_cents).toBe(99_999_999_999_999);
  });

  it('puts up and takes down a Home banner message for one company or all', async () => {
    const notice = { kind: 'notification', company_id: 'F-1', message: 'Port of Newark closed on Friday' };
    expect((await outcomeOf(notice)).outcome).toBe('created');
    expect((await outcomeOf(notice)).outcome).toBe('unchanged');
    const session = await login(t.app, 'quiet@filefreight.test').catch(() => undefined);
    expect(session).toBeUndefined();
    const owner = await login(t.app, 'boss@filefreight.test', 'a-chosen-password-1');
    const shown = async () =>
      (await injectAs(t.app, owner, { method: 'GET', url: apiUrl(API_PATHS.notifications) })).body;
    expect(await shown()).toContain('Port of Newark closed on Friday');
    expect((await outcomeOf({ ...notice, active: false })).outcome).toBe('updated');
    expect(await shown()).not.toContain('Port of Newark closed on Friday');
    expect((await outcomeOf({ ...notice, company_id: 'F-404' })).outcome).toBe('refused');
  });
});

type FormValue = string | { bytes: Buffer; filename: string };

/** A multipart/form-data body as a client's FormData encodes it. */
async function multipartBody(fields: ReadonlyArray<readonly [string, FormValue]>) {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: 'application/pdf' }), value.filename);
  }
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
const postMultipart = async (fields: ReadonlyArray<readonly [string, FormValue]>) =>
  injectAs(t.app, broker.key(), { method: 'POST', url, ...(await multipartBody(fields)) });

describe('the broker API, files as multipart parts', () => {
  const invoicePdf = samplePdf(2_200);
  const entryPdf = samplePdf(2_800);
  const records = [
    {
      kind: 'invoice',
      invoice_number: 'INV-9100',
      account_no: '88001',
      file_number: 'FF-0001',
      amount: '88.00',
      pdf: { name: 'INV-9100.pdf', part: 'invoice' },
    },
    { kind: 'entry_summary', file_number: 'FF-0001', file: { name: '7501.pdf', part: 'entry' } },
    {
      kind: 'invoice',
      invoice_number: 'INV-9101',
      account_no: '88001',
      pdf: { name: 'INV-9101.pdf', part: 'missing' },
    },
    { kind: 'invoice', invoice_number: 'INV-9102', account_no: '88001', pdf: { name: 'x.pdf' } },
  ];
  const parts = [
    ['records', JSON.stringify(records)],
    ['invoice', { bytes: invoicePdf, filename: 'INV-9100.pdf' }],
    ['entry', { bytes: entryPdf, filename: '7501.pdf' }],
  ] as const;

  it('stores the files the records name by part, the same bytes as sent, and refuses a record naming none', async () => {
    const response = await postMultipart(parts);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ results: Result[] }>().results;
    expect(results.map(({ outcome, field }) => [outcome, field])).toEqual([
      ['created', undefined],
      ['updated', undefined],
      ['refused', 'pdf.part'],
      ['refused', 'pdf'],
    ]);
    expect(results[2]!.reason).toBe('The request has no file part named missing.');
    expect(results[3]!.reason).toBe('pdf: must carry either content_base64 or part');

    const invoice = await t.app.db
      .selectFrom('invoices')
      .select('path')
      .where('invoice_number', '=', 'INV-9100')
      .executeTakeFirstOrThrow();
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select('path_to_7501')
      .where('file_number', '=', 'FF-0001')
      .executeTakeFirstOrThrow();
    expect(await readFile(path.join(t.dataDir, 'files', invoice.path!))).toEqual(invoicePdf);
    expect(await readFile(path.join(t.dataDir, 'files', shipment.path_to_7501!))).toEqual(entryPdf);

    const again = await postMultipart(parts);
    expect(again.json<{ results: Result[] }>().results.map((result) => result.outcome)).toEqual([
      'unchanged',
      'unchanged',
      'refused',
      'refused',
    ]);
  });

  it('checks a part by its content like a base64 file', async () => {
    const response = await postMultipart([
      ['records', JSON.stringify([records[1]])],
      ['entry', { bytes: samplePng(), filename: '7501.pdf' }],
    ]);
    expect(response.json<{ results: Result[] }>().results).toEqual([
      expect.objectContaining({ outcome: 'refused', field: 'file.part', reason: 'The file is not a PDF.' }),
    ]);
  });

  it('answers 400 for missing or malformed records, stray fields or a body cut short, and 413 beyond the sizes', async () => {
    const noRecords = await postMultipart([['entry', { bytes: entryPdf, filename: '7501.pdf' }]]);
    expect(noRecords.statusCode).toBe(400);
    expect(noRecords.json()).toMatchObject({ field: 'records' });
    const notJson = await postMultipart([['records', '[{"kind": ']]);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: RECORDS_NOT_JSON, field: 'records' });
    const notAList = await postMultipart([['records', '{"kind": "company"}']]);
    expect(notAList.statusCode).toBe(400);
    const stray = await postMultipart([
      ['records', JSON.stringify([company])],
      ['note', 'hello'],
    ]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ field: 'note' });

    const before = await storedFiles(t.dataDir);
    // A part past 20 MB refuses the record that names it, not the batch.
    const tooLarge = await postMultipart([
      ['records', JSON.stringify([records[1], company])],
      ['entry', { bytes: Buffer.concat([entryPdf, Buffer.alloc(20 * 1024 * 1024)]), filename: '7501.pdf' }],
    ]);
    expect(tooLarge.statusCode, tooLarge.body).toBe(200);
    expect(tooLarge.json<{ results: (Result & { code?: string })[] }>().results).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        code: 'file_too_large',
        field: 'file.part',
        reason: 'The file is larger than 20 MB.',
      }),
      expect.objectContaining({ outcome: 'unchanged' }),
    ]);
    const big = { bytes: Buffer.concat([entryPdf, Buffer.alloc(17 * 1024 * 1024)]), filename: 'big.pdf' };
    const tooMuch = await postMultipart([
      ['records', JSON.stringify([records[1]])],
      ...['a', 'b', 'c', 'd'].map((name) => [name, big] as const),
    ]);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toEqual({ message: "A batch's files come to at most 64 MB.", field: 'd' });
    const twice = await postMultipart([
      ['records', JSON.stringify([records[1]])],
      ['entry', { bytes: entryPdf, filename: 'a.pdf' }],
      ['entry', { bytes: entryPdf, filename: 'b.pdf' }],
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'Two parts have this name.', field: 'entry' });
    const whole = await multipartBody(parts);
    const cutShort = await injectAs(t.app, broker.key(), {
      method: 'POST',
      url,
      headers: whole.headers,
      payload: whole.payload.subarray(0, whole.payload.length - 200),
    });
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json()).toEqual({ message: 'The multipart body is malformed or was cut short.' });
    expect(await storedFiles(t.dataDir)).toEqual(before);
    // A part of exactly 20 MB is taken.
    const exactly = await postMultipart([
      ['records', JSON.stringify([records[1]])],
      [
        'entry',
        {
          bytes: Buffer.concat([entryPdf, Buffer.alloc(20 * 1024 * 1024 - entryPdf.length)]),
          filename: '7501.pdf',
        },
      ],
    ]);
    expect(exactly.json<{ results: Result[] }>().results).toEqual([expect.objectContaining({ outcome: 'updated' })]);
  });

  it('refuses text that cannot be stored in the record holding it, as a JSON body does, and keeps the others', async () => {
    const notices = () => t.app.db.selectFrom('notifications').select(['message']).orderBy('id').execute();
    const before = await notices();
    const notice = { kind: 'notification', company_id: 'F-1' };
    const cases: [unknown[], string][] = [
      [[{ ...notice, message: 'a\u0000b' }], 'message'],
      [[{ ...notice, message: 'lone \ud800 surrogate' }], 'message'],
      [
        [
          { ...notice, message: 'fine' },
          { ...notice, message: 'x\udfffy' },
        ],
        'message',
      ],
      [[{ ...notice, message: 'fine', ['key\u0000']: 1 }], 'key\u0000'],
    ];
    for (const [bad, field] of cases) {
      const asJson = await injectAs(t.app, broker.key(), { method: 'POST', url, payload: { records: bad } });
      const asMultipart = await postMultipart([['records', JSON.stringify(bad)]]);
      expect(asJson.statusCode, asJson.body).toBe(200);
      expect(asMultipart.statusCode, asMultipart.body).toBe(200);
      const results = asJson.json<{ results: (Result & { code?: string })[] }>().results;
      // The same, but that the good record the JSON batch wrote is there already.
      expect(asMultipart.json<{ results: Result[] }>().results).toEqual(
        results.map((result) => (result.outcome === 'created' ? { ...result, outcome: 'unchanged' } : result)),
      );
      expect(results.at(-1)).toMatchObject({
        outcome: 'refused',
        code: 'unstorable_text',
        field,
        reason: `${field}: ${UNSTORABLE_TEXT_MESSAGE}`,
      });
      expect(results.slice(0, -1).map((result) => result.outcome)).toEqual(bad.slice(0, -1).map(() => 'created'));
    }
    // The one good record, written once.
    expect(await notices()).toEqual([...before, { message: 'fine' }]);
  });

  it('holds the same limits and shape as a JSON body', async () => {
    const asJson = (text: string) =>
      injectAs(t.app, broker.key(), {
        method: 'POST',
        url,
        payload: `{"records":${text}}`,
        headers: { 'content-type': 'application/json' },
      });
    const many = JSON.stringify(Array.from({ length: MAX_BATCH_RECORDS + 1 }, () => company));
    for (const [records, status] of [
      ['[]', 400],
      ['"x"', 400],
      ['{"kind":"company"}', 400],
      [many, 413],
    ] as const) {
      const json = await asJson(records);
      const multipart = await postMultipart([['records', records]]);
      expect([json.statusCode, multipart.statusCode], records.slice(0, 40)).toEqual([status, status]);
      expect(multipart.json()).toEqual(json.json());
    }
    for (const poisoned of [
      '[{"kind":"company","__proto__":{"isAdmin":true}}]',
      '[{"constructor":{"prototype":{}}}]',
    ]) {
      const json = await asJson(poisoned);
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ message: `body: ${INVALID_JSON_MESSAGE}`, field: 'body' });
      const multipart = await postMultipart([['records', poisoned]]);
      expect(multipart.statusCode).toBe(400);
      expect(multipart.json()).toEqual({ message: RECORDS_NOT_JSON, field: 'records' });
    }
    // The records as a file part (curl's -F records=@batch.json) are read as the field; twice, refused.
    const asFile = await postMultipart([
      ['records', { bytes: Buffer.from(JSON.stringify([company])), filename: 'b.json' }],
    ]);
    expect(asFile.statusCode, asFile.body).toBe(200);
    expect(asFile.json<{ results: Result[] }>().results.map((result) => result.key)).toEqual(['company:F-1']);
    // A file part of records saved in Latin-1 is refused, not read with U+FFFD for its é.
    const latin1 = await postMultipart([
      [
        'records',
        { bytes: Buffer.from(JSON.stringify([{ ...company, name: 'Société' }]), 'latin1'), filename: 'b.json' },
      ],
    ]);
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toEqual({ message: RECORDS_NOT_UTF8, field: 'records' });
    const twice = await postMultipart([
      ['records', JSON.stringify([company])],
      ['records', JSON.stringify([])],
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'records', message: 'Two parts have this name.' });
    const huge = JSON.stringify([{ ...company, name: 'x'.repeat(MAX_BATCH_BYTES) }]);
    expect((await asJson(huge)).statusCode).toBe(413);
    expect((await postMultipart([['records', huge]])).statusCode).toBe(413);
  });

  it('refuses a multipart batch without a broker key', async () => {
    const response = await t.app.inject({ method: 'POST', url, ...(await multipartBody(parts)) });
    expect(response.statusCode).toBe(401);
  });
});

describe('the broker API, polyglots and real files', () => {
  const invoice = (number: string, pdf: object) => ({
    kind: 'invoice',
    invoice_number: number,
    account_no: '88001',
    amount: '10.00',
    pdf: { name: `${number}.pdf`, ...pdf },
  });
  const invoicesNumbered = (prefix: string) =>
    t.app.db.selectFrom('invoices').select('invoice_number').where('invoice_number', 'like', `${prefix}%`).execute();

  it('refuses a PDF carrying a program or markup, in base64 or as a part, storing no file and no invoice', async () => {
    const polyglots = [
      ...(await pdfsWithEmbeddedExe()),
      ...(await pdfsWithMarkupUpFront()),
      ...(await pdfsWithMarkupFurtherOn()),
    ];
    const filesBefore = await storedFiles(t.dataDir);
    const inBase64 = await outcomes(
      polyglots.map(({ bytes }, index) => invoice(`INV-P${index}`, { content_base64: base64(bytes) })),
    );
    expect(inBase64).toEqual(
      polyglots.map(() =>
        expect.objectContaining({ outcome: 'refused', field: 'pdf.content_base64', reason: 'The file is not a PDF.' }),
      ),
    );
    const asParts = await postMultipart([
      ['records', JSON.stringify(polyglots.map((_, index) => invoice(`INV-Q${index}`, { part: `p${index}` })))],
      ...polyglots.map(({ bytes }, index) => [`p${index}`, { bytes, filename: 'invoice.pdf' }] as const),
    ]);
    expect(asParts.statusCode, asParts.body).toBe(200);
    expect(asParts.json<{ results: Result[] }>().results).toEqual(
      polyglots.map(() =>
        expect.objectContaining({ outcome: 'refused', field: 'pdf.part', reason: 'The file is not a PDF.' }),
      ),
    );
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await invoicesNumbered('INV-P')).toEqual([]);
    expect(await invoicesNumbered('INV-Q')).toEqual([]);
  });

  it('takes PDFs of the shapes scanners and accounting systems write', async () => {
    const samples = await realWorldPdfs();
    const response = await postMultipart([
      ['records', JSON.stringify(samples.map((_, index) => invoice(`INV-R${index}`, { part: `r${index}` })))],
      ...samples.map(({ bytes }, index) => [`r${index}`, { bytes, filename: 'invoice.pdf' }] as const),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ results: Result[] }>().results;
    expect(results.map((result, index) => [samples[index]!.name, result.outcome])).toEqual(
      samples.map(({ name }) => [name, 'created']),
    );
    expect(await invoicesNumbered('INV-R')).toHaveLength(samples.length);
  });
});

describe('an invoice naming a shipment of another account', () => {
  it('is refused saying so, not advised to send the shipment record that would move it', async () => {
    const { file_number: elsewhere } = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('shipments.file_number')
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const refusal = await outcomeOf({
      kind: 'invoice',
      invoice_number: 'INV-ELSEWHERE',
      account_no: '88001',
      file_number: elsewhere,
      amount: '10.00',
      pdf: { name: 'INV-ELSEWHERE.pdf', content_base64: base64(samplePdf()) },
    });
    expect(refusal).toMatchObject({
      outcome: 'refused',
      code: 'unknown_shipment',
      field: 'file_number',
      reason: `Shipment ${elsewhere} is of another account than 88001: an invoice names a shipment of its own account.`,
    });
    const unknown = await outcomeOf({
      kind: 'invoice',
      invoice_number: 'INV-NOWHERE',
      account_no: '88001',
      file_number: 'FF-NOWHERE',
      amount: '10.00',
      pdf: { name: 'INV-NOWHERE.pdf', content_base64: base64(samplePdf()) },
    });
    expect(unknown.reason).toContain('send the shipment record first');
  });
});

describe('an invoice whose shipment the broker moves to another account', () => {
  it('keeps what it showed at the move, links to the shipment no more, and follows it again once it is back', async () => {
    const { rows } = await sql<{ id: number; file_number: string; account_no: string; reference: string }>`
      SELECT invoices.id, shipments.file_number, accounts.account_no,
             shipments.customer_reference_no AS reference
      FROM invoices JOIN shipments ON shipments.id = invoices.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id JOIN companies ON companies.id = accounts.company_id
      WHERE companies.broker_id = 'C-10042' AND shipments.customer_reference_no <> ''
      ORDER BY invoices.id LIMIT 1`.execute(t.app.db);
    const billed = rows[0]!;
    const session = await login(t.app, 'primary@demo.test');
    const invoiceNow = async () =>
      (await injectAs(t.app, session, { method: 'GET', url: apiUrl(API_PATHS.invoice, { id: billed.id }) })).json<{
        invoice: { customer_reference_no: string; shipment: { file_number: string } | null };
      }>().invoice;
    const found = async (search: string) =>
      (
        await injectAs(t.app, session, {
          method: 'GET',
          url: `${apiUrl(API_PATHS.invoices)}?search=${encodeURIComponent(search)}`,
        })
      ).json<{ pagination: { total: number } }>().pagination.total;
    const shipmentRecord = (fields: Record<string, string>) => ({
      kind: 'shipment',
      file_number: billed.file_number,
      ...fields,
    });

    expect((await invoiceNow()).shipment).toMatchObject({ file_number: billed.file_number });
    expect((await outcomeOf(shipmentRecord({ account_no: '88001' }))).outcome).toBe('updated');
    expect((await outcomeOf(shipmentRecord({ customer_reference_no: 'ENTERED-BY-FILE-FREIGHT' }))).outcome).toBe(
      'updated',
    );
    expect(await invoiceNow()).toMatchObject({ customer_reference_no: billed.reference, shipment: null });
    expect(await found('ENTERED-BY-FILE-FREIGHT')).toBe(0);
    expect(await found(billed.reference)).toBeGreaterThan(0);

    expect((await outcomeOf(shipmentRecord({ account_no: billed.account_no }))).outcome).toBe('updated');
    expect(await invoiceNow()).toMatchObject({
      customer_reference_no: 'ENTERED-BY-FILE-FREIGHT',
      shipment: { file_number: billed.file_number },
    });
    expect(await found('ENTERED-BY-FILE-FREIGHT')).toBeGreaterThan(0);
    await outcomeOf(shipmentRecord({ customer_reference_no: billed.reference }));
    expect((await invoiceNow()).customer_reference_no).toBe(billed.reference);
  });
});

describe('a shipment or an account the broker moves to another company', () => {
  /** Each company's kept bytes of documents beside the sum of its documents' sizes. */
  const storedBytes = async () =>
    (
      await sql<{ company: string; kept: string; counted: string }>`
        SELECT companies.broker_id AS company, companies.document_bytes::text AS kept,
          (SELECT coalesce(sum(documents.size), 0) FROM documents
           JOIN shipments ON shipments.id = documents.shipment_id
           JOIN accounts ON accounts.id = shipments.account_id
           WHERE accounts.company_id = companies.id)::text AS counted
        FROM companies WHERE broker_id IN ('C-10042', 'F-1') ORDER BY 1`.execute(t.app.db)
    ).rows;
  const expectKeptAsCounted = async () => {
    const rows = await storedBytes();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.kept, row.company).toBe(row.counted);
    return rows;
  };

  it('takes its documents’ bytes along, which the upload quota counts', async () => {
    const { rows } = await sql<{ file_number: string; account_no: string }>`
      SELECT shipments.file_number, accounts.account_no FROM shipments
      JOIN accounts ON accounts.id = shipments.account_id JOIN companies ON companies.id = accounts.company_id
      WHERE companies.broker_id = 'C-10042' AND EXISTS (SELECT 1 FROM documents WHERE documents.shipment_id = shipments.id)
      ORDER BY shipments.id LIMIT 1`.execute(t.app.db);
    const before = await expectKeptAsCounted();
    const moving = rows[0]!;
    const move = (account_no: string) => outcomeOf({ kind: 'shipment', file_number: moving.file_number, account_no });

    expect((await move('88001')).outcome).toBe('updated');
    const moved = await expectKeptAsCounted();
    expect(moved).not.toEqual(before);
    expect((await move(moving.account_no)).outcome).toBe('updated');
    expect(await expectKeptAsCounted()).toEqual(before);

    const account = (company_id: string) => outcomeOf({ kind: 'account', account_no: moving.account_no, company_id });
    expect((await account('F-1')).outcome).toBe('updated');
    expect(await expectKeptAsCounted()).not.toEqual(before);
    expect((await account('C-10042')).outcome).toBe('updated');
    expect(await expectKeptAsCounted()).toEqual(before);
  });
});

describe("the API description's examples", () => {
  it("are taken as they are pasted, in their order as one batch, and touch none of the demo's records", async () => {
    const demo = () =>
      sql<{ rows: string }>`
        SELECT string_agg(c.broker_id || c.name || a.account_no || s.file_number || coalesce(e.entry_number, ''), '|'
                          ORDER BY s.id) AS rows
        FROM companies c JOIN accounts a ON a.company_id = c.id JOIN shipments s ON s.account_id = a.id
        LEFT JOIN customs_entries e ON e.shipment_id = s.id
        WHERE c.broker_id = 'C-10042'`
        .execute(t.app.db)
        .then((result) => result.rows[0]!.rows);
    const before = await demo();
    const response = await postMultipart([
      ['records', JSON.stringify(RECORD_DOCS.map((record) => record.example))],
      ['f7501', { bytes: samplePdf(2_100), filename: '7501.pdf' }],
      ['inv20931', { bytes: samplePdf(2_300), filename: 'INV-20931.pdf' }],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ results: Array<Result & { code?: string }> }>().results;
    expect(results.map((result) => [result.key?.split(':')[0], result.outcome, result.code])).toEqual(
      RECORD_DOCS.map(({ example }) =>
        // The one example that names a record of the portal's, the order a customer made, names none here.
        example.kind === 'delivery_order_approval'
          ? [expect.any(String), 'refused', 'unknown_delivery_order']
          : [expect.any(String), expect.stringMatching(/^(created|updated)$/), undefined],
      ),
    );
    expect(await demo()).toBe(before);
  });
});
