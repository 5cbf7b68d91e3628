import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type ControlledTransaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { catchUpDerivedColumns, deferDerivedColumns } from '../../db/derived-columns.ts';
import type { Database } from '../../db/schema.ts';
import {
  IngestionRecord,
  keyOfSent,
  recordKey,
  type RecordKind,
  type RecordRefusalCode,
  type RecordResult,
  NOT_NULLABLE_MESSAGE,
  RECORD_WARNINGS,
  UNKNOWN_FIELD_MESSAGE,
} from '@clearport/contract/ingestion';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@clearport/contract/storable-text';
import { firstIssuePerField, isRefusedByDatabase, isTransactionConflict } from '../../lib/errors.ts';
import {
  FileStage,
  HeldCreates,
  ingestionRepository,
  newIngestionScope,
  tellDocumentsLists,
  type IngestionContext,
} from './ingestion.repository.ts';
import { HeldMail } from './held-mail.ts';
import { RecordRefusal } from './record-refusal.ts';

/**
 * Records written in one transaction. Each record has its own savepoint within it, so a refused
 * record undoes only itself. A transaction costs more than its commit's flush to disk: the
 * deferred lists and counts are noted in temporary tables it creates and drops and caught up once
 * (db/derived-columns.ts), a fixed price that at a hundred records a transaction took most of an
 * import's time. Five hundred keep that price small beside the records' own writes, and are the
 * command line's batch, one transaction each.
 */
export const RECORDS_PER_TRANSACTION = 500;

/**
 * The kinds an import sends by the hundred thousand decide any refusal before their first write,
 * so they need no savepoint of their own (two round trips each); every other kind has one.
 */
const REFUSED_BEFORE_WRITING: ReadonlySet<RecordKind> = new Set([
  'shipment',
  'container',
  'bill_of_lading',
  'required_document_type',
]);

/**
 * Checks and writes records in order: a record that fails its schema or names what the portal
 * does not hold is refused in its result, and the others go on. The broker API and
 * `npm run broker -- import` both come here.
 */
export async function ingestRecords(
  context: IngestionContext,
  records: readonly unknown[],
  onResult: (result: RecordResult) => void = () => {},
): Promise<RecordResult[]> {
  const results: RecordResult[] = [];
  const tell = (committed: RecordResult[]) => {
    for (const result of committed) {
      results.push(result);
      onResult(result);
    }
  };
  for (let start = 0; start < records.length; start += RECORDS_PER_TRANSACTION) {
    await ingestChunk(context, start, records.slice(start, start + RECORDS_PER_TRANSACTION), tell);
  }
  return results;
}

/** The log's line for a transaction written again after the database ended it in a conflict. */
export const RETRIED_AFTER_CONFLICT = 'records met another writer and are written again';

/** How often a transaction the database ended in a deadlock with another is written again. */
const CONFLICT_RETRIES = 3;

/**
 * The records of one transaction, told to `tell` once committed. When the database refuses one
 * of them (text or a value the checks let through), the transaction is lost: each half is then
 * written again in its own, down to the record alone, so that only the one the database refuses
 * is refused, the others are kept, and one such record costs a few transactions, not one a record.
 * A transaction the database ended in a deadlock or serialization failure with another writer
 * (two batches naming the same accounts in other orders) is written again whole, after a short
 * wait of random length so that the two do not meet again; after CONFLICT_RETRIES the error
 * answers the request (503, Retry-After).
 */
async function ingestChunk(
  context: IngestionContext,
  offset: number,
  records: readonly unknown[],
  tell: (committed: RecordResult[]) => void,
  conflicts = 0,
): Promise<void> {
  let results: RecordResult[];
  try {
    results = await writeChunk(context, offset, records);
  } catch (error) {
    if (isTransactionConflict(error) && conflicts < CONFLICT_RETRIES) {
      context.log.warn({ err: error, attempt: conflicts + 1 }, RETRIED_AFTER_CONFLICT);
      await sleep(25 + Math.random() * 100 * (conflicts + 1));
      await ingestChunk(context, offset, records, tell, conflicts + 1);
      return;
    }
    if (!isRefusedByDatabase(error)) throw error;
    if (records.length === 1) {
      tell([refusedByDatabase(offset, records[0], error)]);
      return;
    }
    const half = Math.ceil(records.length / 2);
    await ingestChunk(context, offset, records.slice(0, half), tell);
    await ingestChunk(context, offset + half, records.slice(half), tell);
    return;
  }
  tell(results);
}

/** The value at `path` in what was sent, or undefined. */
function sentAt(sent: unknown, path: readonly PropertyKey[]): unknown {
  let value = sent;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The first problem of a record as its refusal names it: a field, or for a field its kind does not have, that field. */
function fieldIssueOf(issue: z.core.$ZodIssue, sent: unknown): { field: string; message: string } {
  if (issue.code === 'unrecognized_keys') {
    return { field: [...issue.path, issue.keys[0]!].join('.'), message: UNKNOWN_FIELD_MESSAGE };
  }
  const field = issue.path.join('.') || 'record';
  if (issue.path.length > 0 && field !== 'kind' && sentAt(sent, issue.path) === null) {
    return { field, message: NOT_NULLABLE_MESSAGE };
  }
  return { field, message: issue.message };
}

function refusedByDatabase(index: number, record: unknown, error: { code: string }): RecordResult {
  return {
    index,
    key: keyOfSent(record),
    outcome: 'refused',
    code: 'database_refused',
    reason: `The database cannot store this record (SQLSTATE ${error.code}).`,
    field: 'record',
  };
}

/**
 * The file numbers a chunk's records name, in one order: two batches naming the same shipments
 * (two workers of the brokerage's, a batch sent again) take them in that order, so that the second
 * waits for the first instead of each locking a shipment the other needs next, which the database
 * ends as a deadlock, retried and at last answered 503.
 */
function fileNumbersOf(records: readonly unknown[]): string[] {
  const named = new Set<string>();
  for (const record of records) {
    const fileNumber = (record as { file_number?: unknown } | null)?.file_number;
    // A NUL, which no text column stores, is refused with its record, not with the whole chunk here.
    if (typeof fileNumber === 'string' && fileNumber !== '' && !fileNumber.includes('\u0000')) named.add(fileNumber);
  }
  return [...named].sort();
}

async function holdFileNumbers(trx: Db, fileNumbers: readonly string[]): Promise<void> {
  if (fileNumbers.length === 0) return;
  // The array's order is the order the function scan takes the locks in.
  await sql`SELECT pg_advisory_xact_lock(${FILE_NUMBER_LOCKS}, hashtext(file_number))
    FROM unnest(${fileNumbers}::text[]) AS file_number`.execute(trx);
}

/** The advisory locks' first key for file numbers (the second is the file number's hash). */
const FILE_NUMBER_LOCKS = 7501;

async function writeChunk(context: IngestionContext, offset: number, records: readonly unknown[]) {
  const trx = await context.db.startTransaction().execute();
  let written: WrittenRecords | undefined;
  let committed = false;
  try {
    await holdFileNumbers(trx, fileNumbersOf(records));
    written = await writeRecords(context, trx, records, { offset, tellsDocumentsLists: true });
    await trx.commit().execute();
    committed = true;
  } finally {
    // The error that ended the transaction is the one to tell; a failed rollback adds nothing to it.
    if (!committed)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
    await written?.settle(committed);
  }
  return written.results;
}

type WrittenRecords = {
  results: RecordResult[];
  /**
   * Once the transaction has ended: keeps the files of the records it committed and removes the
   * rest; sends the committed records' mail, and notes on a record's result the mail that failed.
   */
  settle(committed: boolean): Promise<void>;
};

/**
 * Writes records inside `trx` (a controlled transaction the caller commits): each checked, new
 * shipments, containers and bills inserted a kind at a time (HeldCreates), a refused one undone
 * alone, and the derived lists, counts and (when told) the documents lists' mail brought up to
 * date at the end. The demo seed writes its brokerage's records so, inside
 * its own transaction and without mail.
 */
export async function writeRecords(
  context: IngestionContext,
  trx: ControlledTransaction<Database>,
  records: readonly unknown[],
  { offset = 0, tellsDocumentsLists }: { offset?: number; tellsDocumentsLists: boolean },
): Promise<WrittenRecords> {
  const results: RecordResult[] = [];
  const written: Array<{ files: FileStage; kept: boolean }> = [];
  const mail = new HeldMail(context.mailer);
  const settleFiles = (committed: boolean) =>
    Promise.all(written.map(({ files, kept }) => files.settle(committed && kept))).then(() => undefined);
  const settle = async (committed: boolean) => {
    await settleFiles(committed);
    if (!committed) return;
    const failed = await mail.send(context.log);
    for (const result of results) if (failed.has(result.index)) result.warning = RECORD_WARNINGS.mailFailed;
  };
  const scope = newIngestionScope();
  const held = new HeldCreates(scope);
  const refusal = (index: number, key: string | null, error: RecordRefusal): RecordResult => ({
    index,
    key,
    outcome: 'refused',
    code: error.code,
    reason: error.message,
    field: error.field,
    // As a refusal of the schema lists its fields, one a check of what the portal holds lists its one.
    ...(error.code === 'invalid_field' && {
      issues: [{ field: error.field, message: withoutPrefix(error.message, `${error.field}: `) }],
    }),
  });
  const writeAlone = async (index: number, record: IngestionRecord) => {
    const key = recordKey(record);
    const entry = { files: new FileStage(context.storage, context.parts), kept: false };
    written.push(entry);
    const recordContext = { ...context, mailer: mail.of(index) };
    const write = (db: Db) => ingestionRepository.upsert(recordContext, db, scope, entry.files, record);
    try {
      const upserted = REFUSED_BEFORE_WRITING.has(record.kind) ? await write(trx) : await underSavepoint(trx, write);
      entry.kept = true;
      results.push(
        typeof upserted === 'string'
          ? { index, key, outcome: upserted }
          : {
              index,
              key,
              outcome: upserted.outcome,
              moved_from: upserted.movedFrom,
              ...(upserted.warning && { warning: upserted.warning }),
            },
      );
    } catch (error) {
      mail.drop(index);
      if (!(error instanceof RecordRefusal)) throw error;
      results.push(refusal(index, key, error));
    }
  };
  const insertHeld = async () => {
    if (held.isEmpty) return;
    const { created, left } = await held.insert(trx);
    for (const { index, record } of created) results.push({ index, key: recordKey(record), outcome: 'created' });
    for (const { index, record } of left) await writeAlone(index, record);
  };
  try {
    // The shipments' lists and the accounts' counts are brought up to date once, below.
    await deferDerivedColumns(trx);
    for (const [position, raw] of records.entries()) {
      const index = offset + position;
      const refuse = (code: RecordRefusalCode, field: string, message: string, issues?: RecordResult['issues']) =>
        results.push({
          index,
          key: keyOfSent(raw),
          outcome: 'refused',
          code,
          reason: `${field}: ${message}`,
          field,
          ...(issues && { issues }),
        });
      // As the request guard refuses it in a body, before it can cost the transaction.
      const unstorable = findUnstorableText(raw);
      if (unstorable !== undefined) {
        refuse('unstorable_text', unstorable || 'record', UNSTORABLE_TEXT_MESSAGE);
        continue;
      }
      const parsed = IngestionRecord.safeParse(raw);
      if (!parsed.success) {
        const issues = firstIssuePerField(parsed.error.issues.map((issue) => fieldIssueOf(issue, raw)));
        const { field, message } = issues[0]!;
        refuse('invalid_field', field, message, issues);
        continue;
      }
      try {
        if (await held.hold(trx, index, parsed.data)) continue;
      } catch (error) {
        if (!(error instanceof RecordRefusal)) throw error;
        results.push(refusal(index, recordKey(parsed.data), error));
        continue;
      }
      // What is held goes in first: this record may change what they create.
      await insertHeld();
      await writeAlone(index, parsed.data);
    }
    await insertHeld();
    results.sort((one, other) => one.index - other.index);
    // Last, so that the mail's gathering messages and the accounts' counter rows, shared by every
    // import into one company, stay locked only until the commit just after.
    if (tellsDocumentsLists) await tellDocumentsLists(trx, scope);
    await catchUpDerivedColumns(trx);
  } catch (error) {
    await settleFiles(false);
    throw error;
  }
  return { results, settle };
}

const withoutPrefix = (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);

/** `write` under a savepoint: when it throws, what it wrote is undone and the transaction goes on. */
async function underSavepoint<T>(trx: ControlledTransaction<Database>, write: (db: Db) => Promise<T>): Promise<T> {
  const point = await trx.savepoint('record').execute();
  try {
    const result = await write(point);
    await point.releaseSavepoint('record').execute();
    return result;
  } catch (error) {
    await point.rollbackToSavepoint('record').execute();
    throw error;
  }
}
