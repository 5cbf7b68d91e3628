import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { formatEntryNumber } from '@clearport/contract/customs-entry';
import { RECORD_WARNINGS } from '@clearport/contract/ingestion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-app.ts';
import { samplePdf } from '../../test/sample-files.ts';
import { expectKeptByTriggers } from '../../test/kept-by-triggers.ts';
import { ingestRecords } from '../modules/ingestion/ingest.ts';
import type { IngestionContext } from '../modules/ingestion/ingestion.repository.ts';
import { importFile, NOT_UTF8_REASON, summaryLines } from './broker-import.ts';

const t = testAppForFile();
let folder: string;
let context: IngestionContext;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-import-'));
  context = {
    db: t.app.db,
    log: t.app.log,
    storage: t.app.storage,
    mailer: t.app.mailer,
    publicUrl: 'http://portal.test',
  };
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(name: string, text: string | Buffer): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, text);
  return file;
}

const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

describe('npm run broker -- import', () => {
  it('writes NDJSON records as the API does, and names the lines it refused', async () => {
    const records = [
      { kind: 'company', company_id: 'IMP-1', name: 'Import Co' },
      { kind: 'account', account_no: '66001', company_id: 'IMP-1' },
      ...Array.from({ length: 1_100 }, (_, index) => ({
        kind: 'shipment',
        file_number: `IMP-${String(index).padStart(5, '0')}`,
        account_no: '66001',
        status: 'submitted',
      })),
    ];
    const file = await write(
      'batch.ndjson',
      `${ndjson(records.slice(0, 700))}{not json\n\n${ndjson(records.slice(700))}`,
    );
    const progress: number[] = [];
    const first = await importFile(context, file, (bytes) => progress.push(bytes));
    expect(first).toMatchObject({ created: 1_102, updated: 0, unchanged: 0, refused: 1 });
    expect(first.refusals).toEqual([{ line: 701, key: null, reason: 'not a JSON record' }]);
    expect(progress.at(-1)).toBeGreaterThan(progress[0]!);
    const count = await t.app.db
      .selectFrom('shipment_counts')
      .innerJoin('accounts', 'accounts.id', 'shipment_counts.account_id')
      .select((eb) => eb.fn.sum<string>('shipment_counts.shipments').as('shipments'))
      .where('accounts.account_no', '=', '66001')
      .executeTakeFirst();
    expect(Number(count?.shipments)).toBe(1_100);
    await expectKeptByTriggers(t.app.db);

    const again = await importFile(context, file);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1_102, refused: 1 });
    expect(summaryLines(again)).toEqual([
      'created 0, updated 0, unchanged 1102, refused 1',
      '  line 701: not a JSON record',
    ]);
  });

  it('names a line written whose set-password e-mail could not be sent', async () => {
    const unmailed = { ...context, mailer: { send: () => Promise.reject(new Error('mail server down')) } };
    const file = await write(
      'primary-user.ndjson',
      ndjson([
        { kind: 'company', company_id: 'IMP-M', name: 'Mailless Co' },
        { kind: 'primary_user', company_id: 'IMP-M', email: 'boss@mailless.test', name: 'Ida Berg' },
      ]),
    );
    const summary = await importFile(unmailed, file);
    expect(summaryLines(summary)).toEqual([
      'created 2, updated 0, unchanged 0, refused 0',
      `  line 2 (primary_user:boss@mailless.test), written: ${RECORD_WARNINGS.mailFailed}`,
    ]);
  });

  it('names a line that moved an account to another company, or a shipment to another account', async () => {
    const file = await write(
      'moves.ndjson',
      ndjson([
        { kind: 'company', company_id: 'IMP-MV1', name: 'Mover Co' },
        { kind: 'company', company_id: 'IMP-MV2', name: 'Receiver Co' },
        { kind: 'account', account_no: '66101', company_id: 'IMP-MV1' },
        { kind: 'account', account_no: '66102', company_id: 'IMP-MV1' },
        { kind: 'shipment', file_number: 'IMP-MV-1', account_no: '66101', status: 'submitted' },
      ]),
    );
    expect(summaryLines(await importFile(context, file))).toEqual(['created 5, updated 0, unchanged 0, refused 0']);
    const moves = await write(
      'moves-again.ndjson',
      ndjson([
        { kind: 'shipment', file_number: 'IMP-MV-1', account_no: '66102' },
        { kind: 'account', account_no: '66102', company_id: 'IMP-MV2' },
      ]),
    );
    expect(summaryLines(await importFile(context, moves))).toEqual([
      'created 0, updated 2, unchanged 0, refused 0',
      '  line 1 (shipment:IMP-MV-1), written: moved from 66101',
      '  line 2 (account:66102), written: moved from IMP-MV1',
    ]);
  });

  it('reads a CSV of shipments, empty cells as defaults', async () => {
    const file = await write(
      'shipments.csv',
      '\uFEFFfile_number,account_no,status,vessel_name,est_time_arrive\n' +
        'IMP-00001,66001,released,Ever Given,\n' +
        'IMP-CSV-1,66001,submitted,"Maersk, Ohio",2026-12-01 08:00:00\n' +
        'IMP-CSV-2,40404,submitted,,\n',
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 1, updated: 1, unchanged: 0, refused: 1 });
    expect(summary.refusals).toEqual([
      {
        line: 4,
        key: 'shipment:IMP-CSV-2',
        reason:
          'There is no account 40404; send the account record first, earlier in this batch or in a batch already answered.',
      },
    ]);
    const stored = await t.app.db
      .selectFrom('shipments')
      .select(['vessel_name', 'est_time_arrive', 'status'])
      .where('file_number', 'in', ['IMP-00001', 'IMP-CSV-1'])
      .orderBy('file_number')
      .execute();
    expect(stored).toEqual([
      { vessel_name: 'Ever Given', est_time_arrive: null, status: 'released' },
      { vessel_name: 'Maersk, Ohio', est_time_arrive: '2026-12-01 08:00:00', status: 'submitted' },
    ]);
  });

  it('reads a CSV of invoices whose PDFs lie beside it', async () => {
    await writeFile(path.join(folder, 'INV-1.pdf'), samplePdf());
    const file = await write(
      'invoices.csv',
      'invoice_number,account_no,file_number,amount,due_date,is_paid,pdf_file,backup_file\n' +
        'INV-1,66001,IMP-00002,99.95,2026-12-15,no,INV-1.pdf,\n' +
        'INV-2,66001,,10.00,,yes,missing.pdf,\n',
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 1, refused: 1 });
    expect(summary.refusals).toEqual([{ line: 3, key: null, reason: 'pdf_file: cannot read missing.pdf' }]);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .select(['amount_cents', 'due_date', 'is_paid'])
      .where('invoice_number', '=', 'INV-1')
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ amount_cents: 9_995, due_date: '2026-12-15', is_paid: false });
  });

  it('reads a CSV of the key columns and one other, changing only that one; a new record there is refused naming what it lacks', async () => {
    const statuses = await write('statuses.csv', 'file_number,status\nIMP-CSV-1,released\nIMP-CSV-NEW,submitted\n');
    const shipments = await importFile(context, statuses);
    expect(shipments).toMatchObject({ created: 0, updated: 1, unchanged: 0, refused: 1 });
    expect(shipments.refusals).toEqual([
      { line: 3, key: 'shipment:IMP-CSV-NEW', reason: 'A new shipment needs account_no.' },
    ]);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select(['status', 'vessel_name', 'est_time_arrive'])
      .where('file_number', '=', 'IMP-CSV-1')
      .executeTakeFirstOrThrow();
    expect(shipment).toEqual({
      status: 'released',
      vessel_name: 'Maersk, Ohio',
      est_time_arrive: '2026-12-01 08:00:00',
    });

    const paid = await write('paid.csv', 'invoice_number,account_no,is_paid\nINV-1,66001,yes\nINV-NEW,66001,yes\n');
    const invoices = await importFile(context, paid);
    expect(invoices).toMatchObject({ created: 0, updated: 1, refused: 1 });
    expect(invoices.refusals).toEqual([{ line: 3, key: 'invoice:66001/INV-NEW', reason: 'A new invoice needs pdf.' }]);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .select(['amount_cents', 'due_date', 'is_paid'])
      .where('invoice_number', '=', 'INV-1')
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ amount_cents: 9_995, due_date: '2026-12-15', is_paid: true });
  });

  it('imports nothing of a file that is not UTF-8, naming its first such line, and takes UTF-8 with its BOM', async () => {
    const header = 'file_number,account_no,status,vessel_name\n';
    const rows = (names: string[]) => names.map((name, at) => `IMP-ENC-${at + 1},66001,submitted,${name}\n`).join('');
    // Windows-1252, as Excel's plain "CSV" saves it: é is the one byte 0xE9. Its second line is UTF-8 text.
    const latin = await write('latin.csv', Buffer.from(header + rows(['Plain', 'Société', 'Après']), 'latin1'));
    const refused = await importFile(context, latin);
    expect(refused).toMatchObject({ created: 0, updated: 0, unchanged: 0, refused: 0 });
    expect(refused.stopped).toEqual({ line: 3, reason: NOT_UTF8_REASON });
    expect(summaryLines(refused).slice(1)).toEqual([
      `The import stopped on line 3: ${NOT_UTF8_REASON}`,
      'Nothing of the file was imported.',
    ]);
    // UTF-16, as Excel's "Unicode text" saves it, from its first line; NDJSON alike.
    const wide = await write('wide.csv', Buffer.from(`\ufeff${header}`, 'utf16le'));
    expect((await importFile(context, wide)).stopped).toEqual({ line: 1, reason: NOT_UTF8_REASON });
    const record = (name: string) => JSON.stringify({ kind: 'company', company_id: 'ENC-1', name });
    const ndjson = Buffer.concat([
      Buffer.from(`${record('Plain')}\n`),
      Buffer.from(`${record('Société')}\n`, 'latin1'),
    ]);
    expect((await importFile(context, await write('latin.ndjson', ndjson))).stopped).toEqual({
      line: 2,
      reason: NOT_UTF8_REASON,
    });
    const encoded = await t.app.db
      .selectFrom('shipments')
      .select('file_number')
      .where('file_number', 'like', 'IMP-ENC-%');
    expect(await encoded.execute()).toEqual([]);

    // The same rows as UTF-8 with a byte-order mark, as Excel's "CSV UTF-8" saves them, then rows up to
    // a character of four bytes that the reader's chunks of 64 KiB split: its first byte is the 65,535th.
    const names = ['Plain', 'Société'];
    const textOf = () => `\ufeff${header}${rows(names)}`;
    while (65_534 - Buffer.byteLength(textOf()) > 220) names.push('x'.repeat(150));
    const last = `IMP-ENC-${names.length + 1},66001,submitted,`;
    names.push(`${'x'.repeat(65_534 - Buffer.byteLength(textOf() + last))}😀`);
    expect(Buffer.from(textOf()).indexOf('😀')).toBe(65_534);
    expect(await importFile(context, await write('utf8.csv', textOf()))).toMatchObject({
      created: names.length,
      refused: 0,
    });
    const stored = await encoded.select('vessel_name').execute();
    expect(stored.map((row) => row.vessel_name).sort()).toEqual(names.sort());
  });

  it('stops on a header without its key column or with one that is not a field, and on a CSV that breaks off, having written the lines before', async () => {
    const headless = await write('lines-without-numbers.csv', 'entry_number,hts_number\nBN1-0000001-4,8471.30.0100\n');
    const first = await importFile(context, headless);
    expect(first).toMatchObject({ created: 0, updated: 0, unchanged: 0, refused: 0 });
    expect(first.stopped).toEqual({
      line: 1,
      reason: 'the header cannot be read: The header lacks the column line_number.',
    });
    expect(summaryLines(first).slice(1)).toEqual([
      'The import stopped on line 1: the header cannot be read: The header lacks the column line_number.',
      'Nothing of the file was imported.',
    ]);
    // A stop on line 1 after later batches were written (the database failing on the first) counts them.
    const laterWritten = summaryLines({
      created: 1500,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      refused: 0,
      refusals: [],
      stopped: { line: 1, reason: 'the disk is full' },
    });
    expect(laterWritten[2]).toMatch(/^Every line before it is imported or refused as counted above;/);

    const misspelt = await write('misspelt.csv', 'file_number,vesel_name,status,\nIMP-CSV-1,MSC ANNA,released,\n');
    const third = await importFile(context, misspelt);
    expect(third).toMatchObject({ created: 0, updated: 0, unchanged: 0, refused: 0 });
    expect(third.stopped).toEqual({
      line: 1,
      reason:
        'the header cannot be read: The header has columns that are not fields of shipment records: vesel_name; ' +
        'rename or remove them (the API description lists the fields).',
    });
    // A header ending in a comma, as spreadsheets write it, has a column without a name: not read.
    const trailing = await write(
      'trailing-comma.csv',
      'file_number,account_no,status,vessel_name,\nIMP-TRAIL-1,66001,submitted,MSC ANNA,\n',
    );
    const fourth = await importFile(context, trailing);
    expect(fourth).toEqual({ created: 1, updated: 0, unchanged: 0, deleted: 0, refused: 0, refusals: [] });

    const broken = await write(
      'broken.csv',
      'file_number,account_no,status,vessel_name\n' +
        'IMP-BRK-1,66001,submitted,Before\n' +
        'IMP-BRK-2,66001,submitted,"Never closed\n' +
        'IMP-BRK-3,66001,submitted,After\n',
    );
    const second = await importFile(context, broken);
    expect(second).toMatchObject({ created: 1, refused: 0 });
    expect(second.stopped).toMatchObject({
      line: 3,
      reason: expect.stringMatching(/^the file cannot be read past this line: Quote Not Closed/),
    });
    const written = await t.app.db
      .selectFrom('shipments')
      .select('file_number')
      .where('file_number', 'like', 'IMP-BRK-%')
      .execute();
    expect(written).toEqual([{ file_number: 'IMP-BRK-1' }]);
  });
});

describe('npm run broker -- import, CSVs of customs entries, their lines and dispositions', () => {
  const first = formatEntryNumber('IMQ', 4000001);
  const second = formatEntryNumber('IMQ', 4000002);
  // The same number with another check digit.
  const miscounted = `${first.slice(0, -1)}${(Number(first.slice(-1)) + 1) % 10}`;

  beforeAll(async () => {
    const written = await ingestRecords(context, [
      { kind: 'company', company_id: 'IMP-4', name: 'Import Four Co' },
      { kind: 'account', account_no: '66004', company_id: 'IMP-4' },
      { kind: 'shipment', file_number: 'IMP-ENT-1', account_no: '66004', status: 'released' },
      { kind: 'shipment', file_number: 'IMP-ENT-2', account_no: '66004', status: 'released' },
    ]);
    expect(written.map((result) => result.outcome)).toEqual(['created', 'created', 'created', 'created']);
  });

  const entryOf = (entryNumber: string) =>
    t.app.db
      .selectFrom('customs_entries')
      .selectAll()
      .where('entry_number', '=', entryNumber)
      .executeTakeFirstOrThrow();
  const linesOf = async (entryNumber: string) =>
    t.app.db
      .selectFrom('customs_entry_lines')
      .select(['line_number', 'hts_number', 'quantity', 'entered_value_cents', 'duty_rate', 'duty_cents', 'adcvd'])
      .select('section_301')
      .where('entry_id', '=', (await entryOf(entryNumber)).id)
      .orderBy('line_number')
      .execute();

  it('reads a CSV of entries, and refuses an entry number whose check digit is wrong, naming the field', async () => {
    const file = await write(
      'entries.csv',
      'entry_number,file_number,entry_type,port_code,entry_date,mode,mpf,hmf,country_of_origin\n' +
        `${first},IMP-ENT-1,01,4601,2026-10-02,ocean,33.58,12.50,CN\n` +
        `${second},IMP-ENT-2,11,2720,2026-10-03,air,,,\n` +
        `${miscounted},IMP-ENT-2,01,4601,2026-10-03,ocean,,,\n`,
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 1 });
    expect(summary.refusals).toEqual([
      {
        line: 4,
        key: `entry:${miscounted}`,
        // The same number as `first` but for its last digit: the digit it should have is first's.
        reason: `entry_number: must end in its check digit, ${first.slice(-1)}, for ${first.slice(0, -2)}`,
      },
    ]);
    expect(await entryOf(first)).toMatchObject({
      entry_type: '01',
      port_code: '4601',
      entry_date: '2026-10-02',
      mode: 'ocean',
      mpf_cents: 33_58,
      hmf_cents: 12_50,
      country_of_origin: 'CN',
    });
    // An empty cell leaves the field out: the air entry has no fees filed.
    expect(await entryOf(second)).toMatchObject({ entry_type: '11', mode: 'air', mpf_cents: null, hmf_cents: null });
  });

  it('reads a CSV of entry lines, numbers and flags as such, and a second CSV of one column changes only it', async () => {
    const file = await write(
      'lines.csv',
      'entry_number,line_number,hts_number,description,quantity,unit,entered_value,duty_rate,duty,adcvd,section_301\n' +
        `${first},1,8471300100,Laptops,120,NO,12345.67,Free,0.00,no,no\n` +
        `${first},2,6109100012,"Cotton T-shirts, knitted",2400.5,DOZ,4000.01,16.5%,660.00,false,yes\n` +
        `${first},3,7318150000,Bolts,,KG,100.00,Free,0.00,maybe,\n` +
        `${second},1,9503000073,Toys,10,NO,500.00,Free,0.00,,\n`,
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 3, updated: 0, unchanged: 0, refused: 1 });
    expect(summary.refusals).toEqual([
      { line: 4, key: `entry_line:${first}/3`, reason: 'adcvd: Invalid input: expected boolean, received string' },
    ]);
    expect(await linesOf(first)).toEqual([
      {
        line_number: 1,
        hts_number: '8471300100',
        quantity: '120.000',
        entered_value_cents: 12_345_67,
        duty_rate: 'Free',
        duty_cents: 0,
        adcvd: false,
        section_301: false,
      },
      {
        line_number: 2,
        hts_number: '6109100012',
        quantity: '2400.500',
        entered_value_cents: 4_000_01,
        duty_rate: '16.5%',
        duty_cents: 660_00,
        adcvd: false,
        section_301: true,
      },
    ]);
    expect(await entryOf(first)).toMatchObject({ entered_value_cents: 16_345_68, duty_cents: 660_00 });

    const change = await write('lines-duty.csv', `entry_number,line_number,duty\n${first},1,0.00\n${first},2,700.00\n`);
    expect(await importFile(context, change)).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    const [one, two] = await linesOf(first);
    expect(one).toMatchObject({ hts_number: '8471300100', quantity: '120.000', duty_cents: 0 });
    expect(two).toMatchObject({ hts_number: '6109100012', duty_rate: '16.5%', duty_cents: 700_00, section_301: true });
    expect(await entryOf(first)).toMatchObject({ entered_value_cents: 16_345_68, duty_cents: 700_00 });
  });

  it('reads a column of the lines’ Section 301 duty, and refuses one on a line not flagged, naming the field', async () => {
    const file = await write(
      'lines-301.csv',
      `entry_number,line_number,section_301_duty\n${first},2,52.50\n${first},1,0.00\n`,
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ updated: 1, refused: 1 });
    expect(summary.refusals).toEqual([
      { line: 3, key: `entry_line:${first}/1`, reason: expect.stringMatching(/^section_301_duty: /) },
    ]);
    const lines = await t.app.db
      .selectFrom('customs_entry_lines')
      .select(['line_number', 'section_301_duty_cents'])
      .where('entry_id', '=', (await entryOf(first)).id)
      .orderBy('line_number')
      .execute();
    expect(lines).toEqual([
      { line_number: 1, section_301_duty_cents: null },
      { line_number: 2, section_301_duty_cents: 52_50 },
    ]);
  });

  it("reads a CSV of agencies' dispositions, and refuses an agency not listed", async () => {
    const file = await write(
      'dispositions.csv',
      'entry_number,agency,disposition,disposed_at,note\n' +
        `${first},CBP,released,2026-10-04T09:00:00Z,\n` +
        `${first},FDA,hold_intact,2026-10-04T10:30:00-04:00,Sampling for pesticide residue\n` +
        `${first},FBI,exam,2026-10-04T10:30:00Z,\n`,
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 2, refused: 1 });
    expect(summary.refusals).toHaveLength(1);
    expect(summary.refusals[0]).toMatchObject({ line: 4, key: `agency_disposition:${first}/FBI` });
    expect(summary.refusals[0]!.reason).toMatch(/^agency: /);
    const dispositions = await t.app.db
      .selectFrom('customs_entry_dispositions')
      .select(['agency', 'disposition', 'note'])
      .where('entry_id', '=', (await entryOf(first)).id)
      .orderBy('agency')
      .execute();
    expect(dispositions).toEqual([
      { agency: 'CBP', disposition: 'released', note: '' },
      { agency: 'FDA', disposition: 'hold_intact', note: 'Sampling for pesticide residue' },
    ]);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select('has_agency_hold')
      .where('file_number', '=', 'IMP-ENT-1')
      .executeTakeFirstOrThrow();
    expect(shipment.has_agency_hold).toBe(true);
    expect(await importFile(context, file)).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 1 });
  });
});

describe("npm run broker -- import, a CSV of containers' free days", () => {
  beforeAll(async () => {
    const written = await ingestRecords(context, [
      { kind: 'company', company_id: 'IMP-5', name: 'Import Five Co' },
      { kind: 'account', account_no: '66005', company_id: 'IMP-5' },
      { kind: 'shipment', file_number: 'IMP-FD-1', account_no: '66005', status: 'released' },
      { kind: 'container', file_number: 'IMP-FD-1', container_no: 'MSKU1234565' },
      { kind: 'container', file_number: 'IMP-FD-1', container_no: 'TGHU7654321' },
    ]);
    expect(written.every((result) => result.outcome === 'created')).toBe(true);
  });

  const freeDaysOf = (containerNo: string) =>
    t.app.db
      .selectFrom('container_free_days')
      .innerJoin('containers', 'containers.id', 'container_free_days.container_id')
      .select([
        'container_free_days.terminal_last_free_day',
        'container_free_days.customs_hold',
        'container_free_days.gated_out_at',
        'container_free_days.demurrage_rates',
      ])
      .where('containers.container_no', '=', containerNo)
      .executeTakeFirst();

  it('reads dates, holds and rates as JSON, clears an empty date, and refuses a container the portal does not hold', async () => {
    const file = await write(
      'free-days.csv',
      'file_number,container_no,terminal_last_free_day,customs_hold,gated_out_at,demurrage_rates\n' +
        'IMP-FD-1,MSKU1234565,2026-11-20,yes,2026-11-19T10:00:00-08:00,"[{""from_day"":1,""cents_per_day"":15000}]"\n' +
        'IMP-FD-1,TGHU7654321,2026-11-21,no,,\n' +
        'IMP-FD-1,CAIU0000000,2026-11-21,no,,\n',
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 2, refused: 1 });
    expect(summary.refusals[0]).toMatchObject({ line: 4 });
    expect(summary.refusals[0]!.reason).toMatch(/^There is no container CAIU0000000 on shipment IMP-FD-1/);
    expect(await freeDaysOf('MSKU1234565')).toEqual({
      terminal_last_free_day: '2026-11-20',
      customs_hold: true,
      gated_out_at: new Date('2026-11-19T18:00:00Z'),
      demurrage_rates: [{ from_day: 1, cents_per_day: 15_000 }],
    });
    expect(await freeDaysOf('TGHU7654321')).toMatchObject({ terminal_last_free_day: '2026-11-21', gated_out_at: null });

    const cleared = await write(
      'free-days-moved.csv',
      'file_number,container_no,terminal_last_free_day,gated_out_at\nIMP-FD-1,MSKU1234565,2026-11-22,\n',
    );
    expect(await importFile(context, cleared)).toMatchObject({ updated: 1 });
    expect(await freeDaysOf('MSKU1234565')).toMatchObject({
      terminal_last_free_day: '2026-11-22',
      customs_hold: true,
      gated_out_at: null,
      demurrage_rates: [{ from_day: 1, cents_per_day: 15_000 }],
    });
  });
});

describe('npm run broker -- import, a bad line among good ones', () => {
  beforeAll(async () => {
    const written = await ingestRecords(context, [
      { kind: 'company', company_id: 'IMP-2', name: 'Import Two Co' },
      { kind: 'account', account_no: '66002', company_id: 'IMP-2' },
    ]);
    expect(written.map((result) => result.outcome)).toEqual(['created', 'created']);
  });

  it("reads PDFs only in the CSV's folder: no way out by '..', an absolute path or a link", async () => {
    const csvFolder = path.join(folder, 'csv');
    await mkdir(path.join(csvFolder, 'scans'), { recursive: true });
    const outside = path.join(folder, 'outside.pdf');
    await writeFile(outside, samplePdf());
    await writeFile(path.join(csvFolder, 'beside.pdf'), samplePdf());
    await writeFile(path.join(csvFolder, 'scans', 'below.pdf'), samplePdf());
    await symlink(outside, path.join(csvFolder, 'link.pdf'));
    await symlink(path.join(csvFolder, 'beside.pdf'), path.join(csvFolder, 'scans', 'up.pdf'));
    const file = path.join(csvFolder, 'invoices.csv');
    await writeFile(
      file,
      'invoice_number,account_no,pdf_file,backup_file\n' +
        'INV-IN-1,66002,beside.pdf,\n' +
        'INV-OUT-1,66002,../outside.pdf,\n' +
        `INV-OUT-2,66002,${outside},\n` +
        'INV-OUT-3,66002,link.pdf,\n' +
        'INV-OUT-4,66002,scans/below.pdf,../../../../../../../../etc/passwd\n' +
        'INV-OUT-5,66002,/etc/passwd,\n' +
        `INV-IN-2,66002,scans/../beside.pdf,${path.join(csvFolder, 'scans', 'up.pdf')}\n`,
    );
    const summary = await importFile(context, file);
    expect(summary).toMatchObject({ created: 2, refused: 5 });
    expect(summary.refusals).toEqual([
      { line: 3, key: null, reason: "pdf_file: ../outside.pdf is not in the CSV's folder" },
      { line: 4, key: null, reason: `pdf_file: ${outside} is not in the CSV's folder` },
      { line: 5, key: null, reason: "pdf_file: link.pdf is not in the CSV's folder" },
      { line: 6, key: null, reason: "backup_file: ../../../../../../../../etc/passwd is not in the CSV's folder" },
      { line: 7, key: null, reason: "pdf_file: /etc/passwd is not in the CSV's folder" },
    ]);
    const invoices = await t.app.db
      .selectFrom('invoices')
      .select('invoice_number')
      .where('invoice_number', 'like', 'INV-%-_')
      .orderBy('invoice_number')
      .execute();
    expect(invoices.map((invoice) => invoice.invoice_number)).toEqual(['INV-IN-1', 'INV-IN-2']);
  });

  const shipments = (prefix: string, count: number, vessels: Record<number, string>) =>
    Array.from({ length: count }, (_, index) => ({
      kind: 'shipment',
      file_number: `${prefix}-${String(index + 1).padStart(3, '0')}`,
      account_no: '66002',
      status: 'submitted',
      vessel_name: vessels[index + 1] ?? '',
    }));
  const importedCount = async (prefix: string) =>
    (await t.app.db.selectFrom('shipments').select('id').where('file_number', 'like', `${prefix}-%`).execute()).length;

  it('refuses alone a record the database refuses, and keeps the others of its transaction', async () => {
    // A rule of the database no check of the import knows: the record passes them all.
    await sql`ALTER TABLE shipments ADD CONSTRAINT refused_vessel CHECK (vessel_name <> 'Refused by the database')`.execute(
      t.app.db,
    );
    try {
      const file = await write('refused.ndjson', ndjson(shipments('IMP-DB', 150, { 60: 'Refused by the database' })));
      const summary = await importFile(context, file);
      expect(summary).toMatchObject({ created: 149, refused: 1 });
      expect(summary.refusals).toEqual([
        { line: 60, key: 'shipment:IMP-DB-060', reason: 'The database cannot store this record (SQLSTATE 23514).' },
      ]);
      expect(await importedCount('IMP-DB')).toBe(149);
      await expectKeptByTriggers(t.app.db);
    } finally {
      await sql`ALTER TABLE shipments DROP CONSTRAINT refused_vessel`.execute(t.app.db);
    }
  });

  it('stops on a failure of the database itself, and tells from which line nothing was written', async () => {
    await sql`
      CREATE FUNCTION fill_disk() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.vessel_name = 'Fills the disk' THEN RAISE EXCEPTION 'the disk is full' USING ERRCODE = '53100'; END IF;
        RETURN NEW;
      END $$`.execute(t.app.db);
    await sql`CREATE TRIGGER fill_disk BEFORE INSERT ON shipments FOR EACH ROW EXECUTE FUNCTION fill_disk()`.execute(
      t.app.db,
    );
    try {
      // Shipments that name nothing of one another make batches of 450 (lines 2-451, 452-901, ...);
      // the second fails while the first and those after it may be written at the same time.
      const file = await write(
        'stopped.ndjson',
        `{not json\n${ndjson(shipments('IMP-STOP', 2_000, { 700: 'Fills the disk' }))}`,
      );
      const summary = await importFile(context, file);
      expect(summary).toMatchObject({ refused: 1, stopped: { line: 452, reason: 'the disk is full' } });
      expect(summaryLines(summary)).toEqual([
        `created ${summary.created}, updated 0, unchanged 0, refused 1`,
        '  line 1: not a JSON record',
        'The import stopped on line 452: the disk is full',
        'Every line before it is imported or refused as counted above; of the lines after it, only those of the batches already being written were, and they are counted too. Import the file again for the rest (the lines written come back unchanged).',
      ]);
      // What is counted is what is written: the first batch, none of the second, and of those
      // after it each one whole or not at all, as far as they had been sent when the second failed.
      const written = await t.app.db
        .selectFrom('shipments')
        .select('file_number')
        .where('file_number', 'like', 'IMP-STOP-%')
        .execute();
      expect(written).toHaveLength(summary.created);
      const numbers = written.map((shipment) => Number(shipment.file_number.slice('IMP-STOP-'.length)));
      const writtenOf = (from: number, to: number) => numbers.filter((number) => number >= from && number <= to).length;
      expect(writtenOf(1, 450)).toBe(450);
      expect(writtenOf(451, 900)).toBe(0);
      for (const [from, to] of [
        [901, 1_350],
        [1_351, 1_800],
        [1_801, 2_000],
      ] as const) {
        expect([0, to - from + 1]).toContain(writtenOf(from, to));
      }
      await expectKeptByTriggers(t.app.db);
    } finally {
      await sql`DROP TRIGGER fill_disk ON shipments`.execute(t.app.db);
      await sql`DROP FUNCTION fill_disk()`.execute(t.app.db);
    }
  });
});

describe('npm run broker -- import, several batches at once', () => {
  beforeAll(async () => {
    await ingestRecords(context, [
      { kind: 'company', company_id: 'IMP-3', name: 'Import Three Co' },
      { kind: 'account', account_no: '66003', company_id: 'IMP-3' },
    ]);
  });

  it('writes a shipment before the records under it that later batches carry, and refuses none', async () => {
    const fileNumber = (index: number) => `IMP-SPAN-${String(index).padStart(3, '0')}`;
    const numbers = Array.from({ length: 600 }, (_, index) => index + 1);
    // 600 shipments, then a container and a bill of each: four batches, the second to fourth
    // holding children of shipments the batch before still writes.
    const records = [
      ...numbers.map((index) => ({
        kind: 'shipment',
        file_number: fileNumber(index),
        account_no: '66003',
        status: index % 10 === 0 ? 'pending documents' : 'submitted',
      })),
      ...numbers.flatMap((index) => [
        { kind: 'container', file_number: fileNumber(index), container_no: `MSKU${String(index).padStart(7, '0')}` },
        { kind: 'bill_of_lading', file_number: fileNumber(index), bill_lading: `MAEU${index}`, is_master: true },
      ]),
    ];
    const file = await write('spanning.ndjson', ndjson(records));
    const progress: number[] = [];
    const first = await importFile(context, file, (bytes) => progress.push(bytes));
    expect(first).toEqual({ created: 1_800, updated: 0, unchanged: 0, deleted: 0, refused: 0, refusals: [] });
    expect(progress).toEqual([...progress].sort((one, other) => one - other));
    const lists = await t.app.db
      .selectFrom('shipments')
      .select(['file_number', 'container_nos', 'master_bills'])
      .where('file_number', 'in', [fileNumber(1), fileNumber(451), fileNumber(600)])
      .orderBy('file_number')
      .execute();
    expect(lists).toEqual(
      [1, 451, 600].map((index) => ({
        file_number: fileNumber(index),
        container_nos: [`MSKU${String(index).padStart(7, '0')}`],
        master_bills: [`MAEU${index}`],
      })),
    );
    await expectKeptByTriggers(t.app.db);

    const again = await importFile(context, file);
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 1_800, deleted: 0, refused: 0, refusals: [] });
  });

  it('writes an entry before its lines and dispositions that later batches carry, and refuses none', async () => {
    const numbers = Array.from({ length: 500 }, (_, index) => index + 1);
    const entryNumber = (index: number) => formatEntryNumber('IMS', index);
    // 500 entries of the shipments above, then a line and a disposition of each: three batches,
    // the second and third holding records of entries the batch before still writes.
    const records = [
      ...numbers.map((index) => ({
        kind: 'entry',
        entry_number: entryNumber(index),
        file_number: `IMP-SPAN-${String(index).padStart(3, '0')}`,
        entry_type: '01',
      })),
      ...numbers.flatMap((index) => [
        {
          kind: 'entry_line',
          entry_number: entryNumber(index),
          line_number: 1,
          hts_number: '8471300100',
          entered_value: '100.00',
        },
        {
          kind: 'agency_disposition',
          entry_number: entryNumber(index),
          agency: 'CBP',
          disposition: 'released',
          disposed_at: '2026-10-04T09:00:00Z',
        },
      ]),
    ];
    const file = await write('entries-spanning.ndjson', ndjson(records));
    expect(await importFile(context, file)).toEqual({
      created: 1_500,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      refused: 0,
      refusals: [],
    });
    const last = await t.app.db
      .selectFrom('customs_entries')
      .select('entered_value_cents')
      .where('entry_number', '=', entryNumber(500))
      .executeTakeFirstOrThrow();
    expect(last.entered_value_cents).toBe(100_00);
  });
});
