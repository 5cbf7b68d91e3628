import { isUtf8 } from 'node:buffer';
import type { FastifyRequest } from 'fastify';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_PARTS,
  MAX_MULTIPART_BYTES,
  MULTIPART_RECORDS_FIELD,
} from '@clearport/contract/ingestion';
import { UPLOAD_MAX_BYTES } from '@clearport/contract/shipment-documents';
import { INVALID_JSON_MESSAGE } from '../../lib/errors.ts';
import { NOT_UTF8_BODY_MESSAGE } from '../../lib/json-body.ts';
import type { Refusal } from '../../lib/refusal.ts';

/** A multipart batch as read: its records (still to be checked) and its files by part name. */
export type MultipartBatch = { records: unknown; parts: Map<string, Buffer> };

const LIMITS = {
  // One byte more than a file may have: a larger part is kept cut there, and the record naming it
  // is refused as too large (file_too_large), not the whole batch.
  fileSize: UPLOAD_MAX_BYTES + 1,
  files: MAX_BATCH_PARTS,
  // One more than the records, so that a stray field is named in its refusal.
  fields: 2,
  fieldSize: MAX_BATCH_BYTES,
  parts: MAX_BATCH_PARTS + 2,
};

// parts() reads the plugin's options as files() does, though its type names only busboy's.
const PARTS_OPTIONS: { limits: typeof LIMITS; throwFileSizeLimit: boolean } = {
  limits: LIMITS,
  throwFileSizeLimit: false,
};

/** The records field refused as a JSON body is (lib/errors.ts): malformed, or with a key that could poison objects. */
export const RECORDS_NOT_JSON = `${MULTIPART_RECORDS_FIELD}: ${INVALID_JSON_MESSAGE}`;
/** The records sent as a file part whose bytes are not UTF-8, refused as a JSON body is (lib/json-body.ts). */
export const RECORDS_NOT_UTF8 = `${MULTIPART_RECORDS_FIELD}: ${NOT_UTF8_BODY_MESSAGE}`;
const ONLY_FIELD = `A batch's only field is ${MULTIPART_RECORDS_FIELD}; files are file parts.`;

class MultipartRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

const refuse = (status: number, message: string, field?: string): never => {
  throw new MultipartRefusal({ status, message, ...(field === undefined ? {} : { field }) });
};

/**
 * Reads a `multipart/form-data` batch: the `records` field (the records as JSON) and file
 * parts, each held in memory (cut one byte past 20 MB, MAX_MULTIPART_BYTES in all) for the
 * records that name them. A body beyond the limits answers 413, a malformed one 400; a failure of the
 * server itself stays an error.
 */
export async function readMultipartBatch(request: FastifyRequest): Promise<MultipartBatch | Refusal> {
  const parts = new Map<string, Buffer>();
  let recordsText: string | undefined;
  let total = 0;
  try {
    for await (const part of request.parts(PARTS_OPTIONS)) {
      if (part.fieldname === MULTIPART_RECORDS_FIELD && recordsText !== undefined) {
        refuse(400, 'Two parts have this name.', MULTIPART_RECORDS_FIELD);
      }
      if (part.type === 'file' && part.fieldname === MULTIPART_RECORDS_FIELD) {
        // The records sent as a file (curl's -F records=@batch.json): its text is the field's.
        const bytes = await part.toBuffer();
        if (bytes.length > MAX_BATCH_BYTES) {
          refuse(413, `The records are at most ${MAX_BATCH_BYTES / 1024 / 1024} MB.`, MULTIPART_RECORDS_FIELD);
        }
        if (!isUtf8(bytes)) refuse(400, RECORDS_NOT_UTF8, MULTIPART_RECORDS_FIELD);
        recordsText = bytes.toString('utf8');
      } else if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > MAX_MULTIPART_BYTES) {
          refuse(413, `A batch's files come to at most ${MAX_MULTIPART_BYTES / 1024 / 1024} MB.`, part.fieldname);
        }
        if (parts.has(part.fieldname)) refuse(400, 'Two parts have this name.', part.fieldname);
        parts.set(part.fieldname, bytes);
      } else if (part.fieldname !== MULTIPART_RECORDS_FIELD) {
        refuse(400, ONLY_FIELD, part.fieldname);
      } else if (part.valueTruncated) {
        refuse(413, `The records are at most ${MAX_BATCH_BYTES / 1024 / 1024} MB.`, MULTIPART_RECORDS_FIELD);
      } else {
        recordsText = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof MultipartRefusal) return error.refusal;
    const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return { status: 413, message: `A batch carries at most ${MAX_BATCH_PARTS} files.` };
    }
    if (code === 'FST_FIELDS_LIMIT') return { status: 400, message: ONLY_FIELD };
    if (typeof syscall === 'string') throw error;
    return { status: 400, message: 'The multipart body is malformed or was cut short.' };
  }
  if (recordsText === undefined) {
    return {
      status: 400,
      message: `Required: the records as JSON in the field ${MULTIPART_RECORDS_FIELD}.`,
      field: MULTIPART_RECORDS_FIELD,
    };
  }
  try {
    return { records: await parseAsJsonBody(request, recordsText), parts };
  } catch {
    return { status: 400, message: RECORDS_NOT_JSON, field: MULTIPART_RECORDS_FIELD };
  }
}

/** `text` read by the parser of the server's JSON bodies, so that a `__proto__` key is refused alike. */
function parseAsJsonBody(request: FastifyRequest, text: string): Promise<unknown> {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = request.server.initialConfig;
  const parse = request.server.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning) as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  return new Promise((resolve, reject) =>
    parse(request, text, (error, value) => (error ? reject(error) : resolve(value))),
  );
}
