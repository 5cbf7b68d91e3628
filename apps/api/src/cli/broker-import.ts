import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import {
  AgencyDispositionRecord,
  ContainerFreeDaysRecord,
  EntryLineRecord,
  EntryRecord,
  InvoiceRecord,
  ShipmentRecord,
  type RecordKind,
  type RecordOutcome,
  type RecordResult,
} from '@clearport/contract/ingestion';
import type { z } from 'zod';
import { ingestRecords, RECORDS_PER_TRANSACTION } from '../modules/ingestion/ingest.ts';
import type { IngestionContext } from '../modules/ingestion/ingestion.repository.ts';

/**
 * `npm run broker -- import FILE`: NDJSON (one record of the broker API a line) or, for a file
 * ending in .csv, a table of shipments, of invoices, of customs entries, of their lines, of
 * agencies' dispositions or of containers' free days, written through the same ingestRecords as
 * the API, in batches.
 */

/** At most this many records a batch: one transaction of ingestRecords. */
const IMPORT_BATCH = RECORDS_PER_TRANSACTION;

/**
 * Batches written at once. On PostgreSQL a batch spends much of its time waiting (on a round
 * trip, on its commit's flush) while another could use the server: on two cores one batch at a
 * time wrote about 6,700 records/s, two 9,900, four 10,200 and eight fewer again (README). The
 * embedded database runs one transaction at a time: there they queue.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * A batch ends early, within its last this many records, before a record that names nothing the
 * batch writes: a shipment and the records under it then travel together, and the next batch
 * has no reason to wait for this one.
 */
const BATCH_END_SLACK = 50;

/**
 * A line of the file: its number (1-based; a CSV's header is line 1) and its record, or why it
 * is not one (`unreadable`: the line alone is refused), or why the file cannot be read past it
 * (`stops`: a CSV whose header lacks a key column, or that breaks off, say an unclosed quote).
 */
type SourceLine =
  { line: number; record: unknown } | { line: number; unreadable: string } | { line: number; stops: string };

export type ImportSummary = Record<RecordOutcome, number> & {
  refusals: Array<{ line: number; key: string | null; reason: string }>;
  /** Lines written that did not do all they asked (a set-password e-mail that could not be sent). */
  warnings?: Array<{ line: number; key: string | null; warning: string }>;
  /**
   * Set when the import could not go on (the database failed, or the file cannot be read further): the
   * first line not written, and why. Every line before it is written or refused as counted; of
   * the lines after it, only those of the batches already being written were, and they are
   * counted too.
   */
  stopped?: { line: number; reason: string };
};

/** Told as batches are written: the bytes of the file read up to the last of them. */
export type ImportProgress = (bytesRead: number) => void;

type Batch = {
  lines: number[];
  records: unknown[];
  /** What its records write, and what they write or need (keysOf). */
  writes: Set<string>;
  names: Set<string>;
  bytesRead: number;
};

const newBatch = (): Batch => ({ lines: [], records: [], writes: new Set(), names: new Set(), bytesRead: 0 });

/**
 * Imports every line it can: a line that is not a record, or a record refused (by its checks or
 * by the database), is counted with its line number and the others are written. Only a failure
 * of the database itself, or a file that cannot be read further (a CSV's header without a key column,
 * a CSV that breaks off), stops the import, told in `stopped`: the lines read before are written.
 *
 * Several batches are written at once, yet a record still finds what the lines before it wrote:
 * a batch is sent only once the batches in flight that write what it names (its parents, and the
 * rows it writes itself) have committed (keysOf), and batches are sent in the file's order.
 */
export async function importFile(
  context: IngestionContext,
  file: string,
  onProgress: ImportProgress = () => {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, deleted: 0, refused: 0, refusals: [] };
  const refuse = (line: number, key: string | null, reason: string) => {
    summary.refused += 1;
    summary.refusals.push({ line, key, reason });
  };
  const notUtf8 = await firstLineNotUtf8(file);
  if (notUtf8 !== undefined) {
    summary.stopped = { line: notUtf8, reason: NOT_UTF8_REASON };
    return summary;
  }
  const source = file.toLowerCase().endsWith('.csv') ? csvLines(file) : ndjsonLines(file);
  const inFlight = new Set<{ writes: ReadonlySet<string>; done: Promise<void> }>();
  /** Of each batch that failed: its first line not written, and why. */
  const failures: Array<{ line: number; reason: string }> = [];
  let bytesWritten = 0;

  const write = async (batch: Batch) => {
    let counted = 0;
    try {
      // Counted as each transaction commits, so that a stop leaves the summary of what is written.
      await ingestRecords(context, batch.records, (result: RecordResult) => {
        counted += 1;
        if (result.outcome === 'refused') refuse(batch.lines[result.index]!, result.key, result.reason ?? 'refused');
        else summary[result.outcome] += 1;
        // A move is written as any change; it is told beside the warnings, so that a mistyped number is seen.
        const notes = [result.warning, result.moved_from && `moved from ${result.moved_from}`];
        for (const warning of notes) {
          if (warning) (summary.warnings ??= []).push({ line: batch.lines[result.index]!, key: result.key, warning });
        }
      });
      bytesWritten = Math.max(bytesWritten, batch.bytesRead);
      onProgress(bytesWritten);
    } catch (error) {
      failures.push({ line: batch.lines[counted]!, reason: error instanceof Error ? error.message : String(error) });
    }
  };
  const send = async (batch: Batch) => {
    // Its parents' batches first, then a place.
    const parents = [...inFlight].filter((other) => [...batch.names].some((key) => other.writes.has(key)));
    await Promise.all(parents.map((other) => other.done));
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race([...inFlight].map((other) => other.done));
    // Once a batch failed, no other starts: the lines from its first one not written stay so.
    if (failures.length > 0) return;
    const flight = { writes: batch.writes, done: Promise.resolve() };
    flight.done = write(batch).finally(() => inFlight.delete(flight));
    inFlight.add(flight);
  };

  let batch = newBatch();
  for await (const { entry, bytesRead } of source) {
    if ('unreadable' in entry) {
      refuse(entry.line, null, entry.unreadable);
      continue;
    }
    if ('stops' in entry) {
      // The lines read before it are written; nothing after it is sent.
      if (batch.records.length > 0) await send(batch);
      failures.push({ line: entry.line, reason: entry.stops });
      break;
    }
    const { writes, parents } = keysOf(entry.record);
    const names = [...writes, ...parents];
    const endsBatch =
      batch.records.length >= IMPORT_BATCH ||
      (batch.records.length >= IMPORT_BATCH - BATCH_END_SLACK && !names.some((key) => batch.writes.has(key)));
    if (endsBatch) {
      await send(batch);
      if (failures.length > 0) break;
      batch = newBatch();
    }
    batch.lines.push(entry.line);
    batch.records.push(entry.record);
    for (const key of writes) batch.writes.add(key);
    for (const key of names) batch.names.add(key);
    batch.bytesRead = bytesRead;
  }
  if (failures.length === 0 && batch.records.length > 0) await send(batch);
  while (inFlight.size > 0) await Promise.all([...inFlight].map((other) => other.done));
  if (failures.length > 0) {
    summary.stopped = failures.reduce((first, failure) => (failure.line < first.line ? failure : first));
  } else {
    onProgress((await stat(file)).size);
  }
  // A line that is not a record is refused as it is read, a record once its batch is written.
  summary.refusals.sort((one, other) => one.line - other.line);
  return summary;
}

export const NOT_UTF8_REASON =
  'the line is not UTF-8 text (as a file saved as Windows-1252 or UTF-16 has): save the file as UTF-8 ' +
  '(in Excel, "CSV UTF-8") and import it again';

/**
 * The first line (1-based) whose bytes are not UTF-8, or undefined: read as UTF-8 it would be
 * written with U+FFFD for each such byte (Société as Soci�t�). A line ends at its byte 0x0A,
 * which no character of several bytes holds, so each line is judged alone.
 */
async function firstLineNotUtf8(file: string): Promise<number | undefined> {
  let line = 1;
  // The line being read, in the pieces of the chunks it spans.
  let pieces: Buffer[] = [];
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const text =
        pieces.length === 0 ? chunk.subarray(start, end) : Buffer.concat([...pieces, chunk.subarray(start, end)]);
      if (!isUtf8(text)) return line;
      pieces = [];
      line += 1;
      start = end + 1;
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  }
  return isUtf8(Buffer.concat(pieces)) ? undefined : line;
}

type Keys = { writes: string[]; parents: string[] };
type KeyOf = (prefix: string, ...fields: string[]) => string[];

/**
 * The keys of what a record of each kind writes, and of the parents it needs (an account's
 * company, a shipment's account, an invoice's account and shipment, an entry's shipment).
 * Everything under a shipment (containers, bills, document types, its 7501) writes the shipment's
 * key, and an entry's lines and dispositions the entry's, so the records of one keep the file's
 * order. A kind added to the contract is missing here until it is told.
 */
const KEYS_OF_KIND: Record<RecordKind, (key: KeyOf) => Keys> = {
  company: (key) => ({ writes: key('company', 'company_id'), parents: [] }),
  account: (key) => ({ writes: key('account', 'account_no'), parents: key('company', 'company_id') }),
  shipment: (key) => ({ writes: key('shipment', 'file_number'), parents: key('account', 'account_no') }),
  container: (key) => ({ writes: key('shipment', 'file_number'), parents: [] }),
  bill_of_lading: (key) => ({ writes: key('shipment', 'file_number'), parents: [] }),
  required_document_type: (key) => ({ writes: key('shipment', 'file_number'), parents: [] }),
  entry_summary: (key) => ({ writes: key('shipment', 'file_number'), parents: [] }),
  invoice: (key) => ({
    writes: key('invoice', 'account_no', 'invoice_number'),
    parents: [...key('account', 'account_no'), ...key('shipment', 'file_number')],
  }),
  primary_user: (key) => ({ writes: key('primary_user', 'email'), parents: key('company', 'company_id') }),
  notification: (key) => ({
    writes: key('notification', 'company_id', 'message'),
    parents: key('company', 'company_id'),
  }),
  notification_list: (key) => ({
    writes: key('notification_list', 'company_id', 'list'),
    parents: key('company', 'company_id'),
  }),
  demurrage_alerts: (key) => ({ writes: key('demurrage_alerts', 'company_id'), parents: key('company', 'company_id') }),
  entry: (key) => ({ writes: key('entry', 'entry_number'), parents: key('shipment', 'file_number') }),
  entry_line: (key) => ({ writes: key('entry', 'entry_number'), parents: [] }),
  agency_disposition: (key) => ({ writes: key('entry', 'entry_number'), parents: [] }),
  container_free_days: (key) => ({ writes: key('shipment', 'file_number'), parents: [] }),
  delivery_order_approval: (key) => ({ writes: key('delivery_order', 'delivery_order_id'), parents: [] }),
};

/**
 * A record's keys (KEYS_OF_KIND), read from its fields as sent: a record they do not fit is
 * refused by its checks anyway. Keys are compared trimmed and in lower case: two that differ only
 * so make a batch wait, never race.
 */
function keysOf(record: unknown): Keys {
  const fields = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
  const kind = fields.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(KEYS_OF_KIND, kind)) return { writes: [], parents: [] };
  return KEYS_OF_KIND[kind as RecordKind]((prefix, ...names) => {
    const values = names.map((field) => (fields[field] === null ? '*' : fields[field]));
    const isKey = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
    if (!values.every(isKey)) return [];
    return [`${prefix}:${values.map((value) => String(value).trim().toLowerCase()).join('/')}`];
  });
}

async function* ndjsonLines(file: string): AsyncGenerator<{ entry: SourceLine; bytesRead: number }> {
  const stream = createReadStream(file);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    let entry: SourceLine;
    try {
      entry = { line, record: JSON.parse(text) };
    } catch {
      entry = { line, unreadable: 'not a JSON record' };
    }
    yield { entry, bytesRead: stream.bytesRead };
  }
}

/**
 * Which record a CSV's rows are, told by its header: the first kind whose columns it has. A
 * column is the record's field of that name, its cells read as the field's type (csvRecord).
 */
const CSV_KINDS = [
  {
    kind: 'invoice',
    schema: InvoiceRecord,
    isKind: (has: Has) => has('invoice_number'),
    // The invoice's key; a new invoice's PDF is asked for on its line (InvoiceRecord).
    required: ['invoice_number', 'account_no'],
    clearedWhenEmpty: ['amount', 'due_date'],
  },
  {
    kind: 'entry_line',
    schema: EntryLineRecord,
    isKind: (has: Has) => has('entry_number') && (has('line_number') || has('hts_number')),
    required: ['entry_number', 'line_number'],
    clearedWhenEmpty: [],
  },
  {
    kind: 'agency_disposition',
    schema: AgencyDispositionRecord,
    isKind: (has: Has) => has('entry_number') && (has('agency') || has('disposition')),
    required: ['entry_number', 'agency', 'disposition', 'disposed_at'],
    clearedWhenEmpty: [],
  },
  {
    kind: 'container_free_days',
    schema: ContainerFreeDaysRecord,
    isKind: (has: Has) => has('container_no'),
    required: ['file_number', 'container_no'],
    // A row tells what is known of its container: an empty date or instant is not known (any more).
    clearedWhenEmpty: [
      'discharged_at',
      'available_at',
      'terminal_last_free_day',
      'gated_out_at',
      'delivered_at',
      'empty_returned_at',
      'detention_last_free_day',
    ],
  },
  {
    kind: 'entry',
    schema: EntryRecord,
    isKind: (has: Has) => has('entry_number'),
    required: ['entry_number'],
    clearedWhenEmpty: [],
  },
  {
    kind: 'shipment',
    schema: ShipmentRecord,
    isKind: () => true,
    // The shipment's key; a new shipment's account and status are asked for on its line (ShipmentRecord).
    required: ['file_number'],
    clearedWhenEmpty: ['est_time_arrive', 'shipment_discharge_date'],
  },
] as const;
type Has = (column: string) => boolean;
type CsvKind = (typeof CSV_KINDS)[number];

/** The columns of an invoices CSV that name PDFs beside it rather than fields. */
const FILE_COLUMNS = ['pdf_file', 'backup_file'];

/**
 * The kind of a CSV whose header has these columns. Thrown: the columns its kind needs and it
 * lacks, or the columns that are not its fields (a misspelt one would be read as nothing).
 */
function csvKindOf(columns: string[]): CsvKind {
  const has = (column: string) => columns.includes(column);
  const found = CSV_KINDS.find((kind) => kind.isKind(has))!;
  const missing = found.required.filter((column) => !has(column));
  if (missing.length > 0) throw new Error(`The header lacks the column ${missing.join(', ')}.`);
  const isField = (column: string) =>
    Object.hasOwn(found.schema.shape, column) || (found.kind === 'invoice' && FILE_COLUMNS.includes(column));
  // A column without a name (a header ending in a comma, as spreadsheets write it) is not read.
  const unknown = columns.filter((column) => column !== '' && !isField(column));
  if (unknown.length > 0) {
    throw new Error(
      `The header has columns that are not fields of ${found.kind} records: ${unknown.join(', ')}; ` +
        'rename or remove them (the API description lists the fields).',
    );
  }
  return found;
}

/** The type of the record's field (`number`, `boolean` …), seen through its wrappers (optional, nullable, a default). */
function fieldTypeOf(schema: CsvKind['schema'], field: string): string | undefined {
  let type = (schema.shape as Record<string, z.core.$ZodType | undefined>)[field];
  while (type && 'innerType' in type._zod.def) type = type._zod.def.innerType as z.core.$ZodType;
  return type?._zod.def.type;
}

/** A cell as its field's type: a number or a yes/no read as such, anything else left as text for the record's checks to refuse. */
function cellValue(type: string | undefined, text: string): unknown {
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'array') return jsonOrText(text);
  if (type === 'boolean' && /^(true|yes|1)$/i.test(text)) return true;
  if (type === 'boolean' && /^(false|no|0)$/i.test(text)) return false;
  return text;
}

/** A list in a cell as JSON (a rate's tiers); text that is not JSON is left for the record's checks to refuse. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function* csvLines(file: string): AsyncGenerator<{ entry: SourceLine; bytesRead: number }> {
  const parser = createReadStream(file).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, info: true }),
  );
  let kind: CsvKind | undefined;
  const folder = await realpath(path.dirname(file));
  // The line the last row read ends on (the header's, 1, before the first): the next row starts after it.
  let lastLine = 1;
  try {
    for await (const { record: row, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (!kind) {
        try {
          kind = csvKindOf(Object.keys(row));
        } catch (error) {
          // The header is line 1, and nothing after it is read.
          const reason = error instanceof Error ? error.message : String(error);
          yield { entry: { line: 1, stops: `the header cannot be read: ${reason}` }, bytesRead: parser.info.bytes };
          return;
        }
      }
      yield { entry: await csvRecord(kind, row, info.lines, folder), bytesRead: parser.info.bytes };
      lastLine = info.lines;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const stops = `the file cannot be read past this line: ${reason}`;
    yield { entry: { line: lastLine + 1, stops }, bytesRead: parser.info.bytes };
  }
}

/**
 * A row as its record: an empty cell leaves its field out (the record keeps what the portal
 * holds), but for the kind's `clearedWhenEmpty` (null); PDF columns name files beside the CSV.
 */
async function csvRecord(
  { kind, schema, clearedWhenEmpty }: CsvKind,
  row: Record<string, string>,
  line: number,
  folder: string,
): Promise<SourceLine> {
  const record: Record<string, unknown> = { kind };
  for (const [column, value] of Object.entries(row)) {
    if (column === '' || FILE_COLUMNS.includes(column)) continue;
    if (value === '') {
      if ((clearedWhenEmpty as readonly string[]).includes(column)) record[column] = null;
      continue;
    }
    record[column] = cellValue(fieldTypeOf(schema, column), value);
  }
  if (kind === 'invoice') {
    for (const [column, field] of [
      ['pdf_file', 'pdf'],
      ['backup_file', 'backup'],
    ] as const) {
      const name = row[column];
      if (!name) continue;
      const found = await fileInFolder(folder, name);
      if (found === 'outside') return { line, unreadable: `${column}: ${name} is not in the CSV's folder` };
      try {
        const bytes = await readFile(found);
        record[field] = { name: path.basename(name), content_base64: bytes.toString('base64') };
      } catch {
        return { line, unreadable: `${column}: cannot read ${name}` };
      }
    }
  }
  return { line, record };
}

/**
 * The real path of the file `name` names in `folder` (a real path), or 'outside' when it lies
 * elsewhere: by `..`, by an absolute path or through a link. A name that is not there gives its
 * path, for the read to fail on.
 */
async function fileInFolder(folder: string, name: string): Promise<string | 'outside'> {
  const isInside = (file: string) => {
    const relative = path.relative(folder, file);
    return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
  };
  const named = path.resolve(folder, name);
  if (!isInside(named)) return 'outside';
  const real = await realpath(named).catch(() => undefined);
  if (real === undefined) return named;
  return isInside(real) ? real : 'outside';
}

/** The summary as the command prints it. */
export function summaryLines(summary: ImportSummary): string[] {
  const { stopped } = summary;
  return [
    `created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, ` +
      `${summary.deleted > 0 ? `deleted ${summary.deleted}, ` : ''}refused ${summary.refused}`,
    ...summary.refusals.map(
      (refusal) => `  line ${refusal.line}${refusal.key ? ` (${refusal.key})` : ''}: ${refusal.reason}`,
    ),
    ...(summary.warnings ?? []).map(
      (written) => `  line ${written.line}${written.key ? ` (${written.key})` : ''}, written: ${written.warning}`,
    ),
    ...(stopped
      ? [
          `The import stopped on line ${stopped.line}: ${stopped.reason}`,
          summary.created + summary.updated + summary.unchanged + summary.deleted + summary.refused === 0
            ? 'Nothing of the file was imported.'
            : 'Every line before it is imported or refused as counted above; of the lines after it, only those of the batches already being written were, and they are counted too. Import the file again for the rest (the lines written come back unchanged).',
        ]
      : []),
  ];
}
