import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { RecordOutcome, RecordResult } from '@clearport/contract/ingestion';
import { ingestRecords } from '../modules/ingestion/ingest.ts';
import type { IngestionContext } from '../modules/ingestion/ingestion.repository.ts';

/**
 * `npm run broker -- import FILE`: NDJSON (one record of the broker API a line) or, for a file
 * ending in .csv, a table of shipments or of invoices, written through the same ingestRecords as
 * the API, in batches.
 */

/** Records written per call of ingestRecords. */
const IMPORT_BATCH = 500;

/** A line of the file: its number (1-based; a CSV's header is line 1) and its record, or why it is not one. */
type SourceLine = { line: number; record: unknown } | { line: number; unreadable: string };

export type ImportSummary = Record<RecordOutcome, number> & {
  refusals: Array<{ line: number; key: string | null; reason: string }>;
  /** Set when the import could not go on (the database failed): from which line nothing was written, and why. */
  stopped?: { line: number; reason: string };
};

/** Told after each batch: the bytes of the file read so far. */
export type ImportProgress = (bytesRead: number) => void;

/**
 * Imports every line it can: a line that is not a record, or a record refused (by its checks or
 * by the database), is counted with its line number and the others are written. Only a failure
 * of the database itself stops the import, told in `stopped`.
 */
export async function importFile(
  context: IngestionContext,
  file: string,
  onProgress: ImportProgress = () => {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, refused: 0, refusals: [] };
  const refuse = (line: number, key: string | null, reason: string) => {
    summary.refused += 1;
    summary.refusals.push({ line, key, reason });
  };
  const source = file.toLowerCase().endsWith('.csv') ? csvLines(file) : ndjsonLines(file);
  let batch: Array<{ line: number; record: unknown }> = [];
  const flush = async () => {
    const lines = batch.map((entry) => entry.line);
    const records = batch.map((entry) => entry.record);
    batch = [];
    let counted = 0;
    try {
      // Counted as each transaction commits, so that a stop leaves the summary of what is written.
      await ingestRecords(context, records, (result: RecordResult) => {
        counted += 1;
        if (result.outcome === 'refused') refuse(lines[result.index]!, result.key, result.reason ?? 'refused');
        else summary[result.outcome] += 1;
      });
    } catch (error) {
      summary.stopped = { line: lines[counted]!, reason: error instanceof Error ? error.message : String(error) };
    }
  };
  for await (const { entry, bytesRead } of source) {
    if ('unreadable' in entry) refuse(entry.line, null, entry.unreadable);
    else batch.push(entry);
    if (batch.length >= IMPORT_BATCH) {
      await flush();
      if (summary.stopped) break;
      onProgress(bytesRead);
    }
  }
  if (batch.length > 0) await flush();
  if (!summary.stopped) onProgress((await stat(file)).size);
  // A line that is not a record is refused as it is read, a record once its batch is written.
  summary.refusals.sort((one, other) => one.line - other.line);
  return summary;
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

/** Which record a CSV's rows are, told by its header. */
const CSV_KINDS = {
  invoice: { required: ['invoice_number', 'account_no', 'pdf_file'] },
  shipment: { required: ['file_number', 'account_no', 'status'] },
} as const;

const NULLABLE_COLUMNS = new Set(['est_time_arrive', 'shipment_discharge_date', 'amount', 'due_date']);
const BOOLEAN_COLUMNS = new Set(['is_paid']);

async function* csvLines(file: string): AsyncGenerator<{ entry: SourceLine; bytesRead: number }> {
  const parser = createReadStream(file).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, info: true }),
  );
  let kind: keyof typeof CSV_KINDS | undefined;
  const folder = await realpath(path.dirname(file));
  try {
    for await (const { record: row, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (!kind) {
        const columns = Object.keys(row);
        kind = columns.includes('invoice_number') ? 'invoice' : 'shipment';
        const missing = CSV_KINDS[kind].required.filter((column) => !columns.includes(column));
        if (missing.length > 0) throw new Error(`The header lacks the column ${missing.join(', ')}.`);
      }
      yield { entry: await csvRecord(kind, row, line, folder), bytesRead: parser.info.bytes };
    }
  } catch (error) {
    const line = parser.info.lines;
    const reason = error instanceof Error ? error.message : String(error);
    yield { entry: { line, unreadable: `the file cannot be read on: ${reason}` }, bytesRead: parser.info.bytes };
  }
}

/** A row as its record: empty cells are defaults (or null), PDF columns name files beside the CSV. */
async function csvRecord(
  kind: keyof typeof CSV_KINDS,
  row: Record<string, string>,
  line: number,
  folder: string,
): Promise<SourceLine> {
  const record: Record<string, unknown> = { kind };
  for (const [column, value] of Object.entries(row)) {
    if (column === 'pdf_file' || column === 'backup_file') continue;
    if (value === '') {
      if (NULLABLE_COLUMNS.has(column)) record[column] = null;
      continue;
    }
    record[column] = BOOLEAN_COLUMNS.has(column) ? /^(true|yes|1)$/i.test(value) : value;
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
    `created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, refused ${summary.refused}`,
    ...summary.refusals.map(
      (refusal) => `  line ${refusal.line}${refusal.key ? ` (${refusal.key})` : ''}: ${refusal.reason}`,
    ),
    ...(stopped
      ? [
          `The import stopped on line ${stopped.line}: ${stopped.reason}`,
          'Every line before it is imported or refused as counted above; import the file again for the rest (the lines written come back unchanged).',
        ]
      : []),
  ];
}
