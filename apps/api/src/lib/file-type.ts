import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAcceptedUpload } from '@clearport/contract/shipment-documents';
import { isCleanPdf, isCleanPng } from './file-structure.ts';

/**
 * What a file is, by its content and by its extension. An upload is accepted only when both
 * agree: the name's extension is one of ACCEPTED_UPLOAD_EXTENSIONS and the bytes are that
 * kind of file. The check runs on the stream as it is stored (checkedUpload), so nothing is
 * buffered whole and a refused file never reaches its final name.
 */

export type UploadExtension = 'pdf' | 'png' | 'xls' | 'xlsx' | 'doc' | 'docx';

const CONTENT_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The media types a stored upload is served as (the API description's downloads). */
export const UPLOAD_CONTENT_TYPES: readonly string[] = Object.values(CONTENT_TYPES);

/** Shown in the browser; everything else is downloaded. */
const INLINE_CONTENT_TYPES: readonly string[] = [CONTENT_TYPES.pdf, CONTENT_TYPES.png];

function isUploadExtension(extension: string): extension is UploadExtension {
  return Object.hasOwn(CONTENT_TYPES, extension);
}

/** The lower-case extension after the last dot, or ''. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The extension of an accepted upload's name ('PDF' gives 'pdf'), or undefined when refused. */
export function uploadExtensionOf(fileName: string): UploadExtension | undefined {
  if (!isAcceptedUpload(fileName)) return undefined;
  const extension = extensionOf(fileName);
  return isUploadExtension(extension) ? extension : undefined;
}

/** The Content-Type of a stored file, by its key's extension (keys are made from the checked type). */
export function contentTypeOf(key: string): string {
  const extension = extensionOf(key);
  return isUploadExtension(extension) ? CONTENT_TYPES[extension] : 'application/octet-stream';
}

export function isInlineContentType(contentType: string): boolean {
  return INLINE_CONTENT_TYPES.includes(contentType);
}

// ---------------------------------------------------------------------------------------------
// Content

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** OLE2 compound file: .xls and .doc. */
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A ZIP local file header: .xlsx and .docx. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An OLE2 directory entry's name: UTF-16LE with its terminating NUL. */
const oleStreamName = (name: string) => Buffer.from(`${name}\0`, 'utf16le');

type ContentRule = {
  signature: Buffer;
  /** A .doc and an .xls share the OLE2 signature; their main stream's name tells them apart. */
  oleStreams?: readonly Buffer[];
  /** An Office Open XML package names [Content_Types].xml and its part folder. */
  zipFolder?: string;
};

const RULES: Record<UploadExtension, ContentRule> = {
  pdf: { signature: PDF_SIGNATURE },
  png: { signature: PNG_SIGNATURE },
  // BIFF8 workbooks name their stream Workbook, BIFF5 ones Book.
  xls: { signature: OLE2_SIGNATURE, oleStreams: [oleStreamName('Workbook'), oleStreamName('Book')] },
  doc: { signature: OLE2_SIGNATURE, oleStreams: [oleStreamName('WordDocument')] },
  xlsx: { signature: ZIP_SIGNATURE, zipFolder: 'xl' },
  docx: { signature: ZIP_SIGNATURE, zipFolder: 'word' },
};

const HEAD_LENGTH = Math.max(...Object.values(RULES).map((rule) => rule.signature.length));
const ZIP_LOCAL_HEADER = { signature: 0x04034b50, nameLengthAt: 26, nameAt: 30 };
const ZIP_CENTRAL_HEADER = { signature: 0x02014b50, nameLengthAt: 28, nameAt: 46 };
/** Longer entry names are read this far; the names looked for are short. */
const ZIP_NAME_READ = 64;
/** A ZIP ends with this record (22 bytes and a comment of up to 65,535): nothing may follow it. */
const ZIP_END = { signature: Buffer.from([0x50, 0x4b, 0x05, 0x06]), length: 22, commentLengthAt: 20 };
const ZIP_END_MAX = ZIP_END.length + 0xffff;

/**
 * Reads a file's bytes in chunks of any size and tells whether they are the kind of file its
 * extension says. Entry names of a ZIP are read from its local and central headers, and OLE2
 * stream names found wherever they lie; each chunk keeps the tail of the last, so a name cut
 * across two chunks is still found.
 */
export class ContentInspector {
  private readonly rule: ContentRule;
  private head = Buffer.alloc(0);
  private carry = Buffer.alloc(0);
  private hasContentTypes = false;
  private hasZipFolder = false;
  private hasOleStream = false;
  private tail = Buffer.alloc(0);

  constructor(extension: UploadExtension) {
    this.rule = RULES[extension];
  }

  /** False as soon as the start of the file rules it out. */
  push(chunk: Buffer): boolean {
    if (this.head.length < HEAD_LENGTH) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_LENGTH - this.head.length)]);
      if (!this.isHeadPossible()) return false;
    }
    if (this.rule.zipFolder !== undefined) {
      this.scanZip(chunk);
      this.tail = Buffer.concat([this.tail, chunk]).subarray(-ZIP_END_MAX);
    }
    if (this.rule.oleStreams !== undefined) this.scanOle(chunk, this.rule.oleStreams);
    return true;
  }

  /** Whether everything pushed is the kind of file the extension says. */
  isMatch(): boolean {
    const { signature, zipFolder, oleStreams } = this.rule;
    if (!this.head.subarray(0, signature.length).equals(signature)) return false;
    if (zipFolder !== undefined && !(this.hasContentTypes && this.hasZipFolder && this.isZipEnd())) return false;
    if (oleStreams !== undefined && !this.hasOleStream) return false;
    return true;
  }

  /** Whether the file ends exactly where its end-of-central-directory record and comment end. */
  private isZipEnd(): boolean {
    for (
      let at = this.tail.lastIndexOf(ZIP_END.signature);
      at !== -1;
      at = this.tail.lastIndexOf(ZIP_END.signature, at - 1)
    ) {
      if (at + ZIP_END.length > this.tail.length) continue;
      if (at + ZIP_END.length + this.tail.readUInt16LE(at + ZIP_END.commentLengthAt) === this.tail.length) return true;
      if (at === 0) break;
    }
    return false;
  }

  private isHeadPossible(): boolean {
    const length = Math.min(this.head.length, this.rule.signature.length);
    return this.head.subarray(0, length).equals(this.rule.signature.subarray(0, length));
  }

  private scanZip(chunk: Buffer): void {
    const data = Buffer.concat([this.carry, chunk]);
    let keepFrom = Math.max(0, data.length - (ZIP_CENTRAL_HEADER.nameAt + ZIP_NAME_READ));
    for (let at = data.indexOf('PK', 0, 'latin1'); at !== -1; at = data.indexOf('PK', at + 1, 'latin1')) {
      if (at + 4 > data.length) {
        keepFrom = Math.min(keepFrom, at);
        break;
      }
      const signature = data.readUInt32LE(at);
      const header = [ZIP_LOCAL_HEADER, ZIP_CENTRAL_HEADER].find((each) => each.signature === signature);
      if (!header) continue;
      if (at + header.nameAt > data.length) {
        keepFrom = Math.min(keepFrom, at);
        break;
      }
      const nameEnd = at + header.nameAt + Math.min(data.readUInt16LE(at + header.nameLengthAt), ZIP_NAME_READ);
      if (nameEnd > data.length) {
        keepFrom = Math.min(keepFrom, at);
        break;
      }
      this.noteZipEntry(data.toString('latin1', at + header.nameAt, nameEnd));
    }
    this.carry = data.subarray(keepFrom);
  }

  private noteZipEntry(name: string): void {
    if (name === '[Content_Types].xml') this.hasContentTypes = true;
    if (name.startsWith(`${this.rule.zipFolder}/`)) this.hasZipFolder = true;
  }

  private scanOle(chunk: Buffer, names: readonly Buffer[]): void {
    if (this.hasOleStream) return;
    const data = Buffer.concat([this.carry, chunk]);
    this.hasOleStream = names.some((name) => data.includes(name));
    const longest = Math.max(...names.map((name) => name.length));
    this.carry = data.subarray(Math.max(0, data.length - (longest - 1)));
  }
}

/** The checks that need the whole file, for the kinds that have one (see file-structure.ts). */
const WHOLE_FILE_CHECKS: Partial<Record<UploadExtension, (bytes: Buffer) => Promise<boolean>>> = {
  pdf: isCleanPdf,
  png: isCleanPng,
};

/** Whether a whole file's first bytes and structure are the kind its extension says. */
export function isContentOf(extension: UploadExtension, bytes: Buffer): boolean {
  const inspector = new ContentInspector(extension);
  return bytes.length > 0 && inspector.push(bytes) && inspector.isMatch();
}

/** Whether a file held whole passes checkedUpload: the one check of every upload, streamed or not. */
export async function isAcceptableFile(extension: UploadExtension, bytes: Buffer): Promise<boolean> {
  try {
    await pipeline(
      Readable.from([bytes]),
      checkedUpload(extension, Infinity),
      new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    );
    return true;
  } catch (error) {
    if (error instanceof UploadRefusedError) return false;
    throw error;
  }
}

export type UploadRefusalReason = 'type' | 'tooLarge' | 'empty';

/** Raised by checkedUpload's stream; the route answers 400 with the matching text. */
export class UploadRefusedError extends Error {
  constructor(readonly reason: UploadRefusalReason) {
    super(`upload refused: ${reason}`);
    this.name = 'UploadRefusedError';
  }
}

/**
 * A pass-through that fails with UploadRefusedError as soon as the bytes are not the kind of
 * file the extension says or exceed maxBytes, and at the end when the file is empty or its
 * structure never showed. Piped into Storage.put, a failure leaves no file behind.
 */
export function checkedUpload(extension: UploadExtension, maxBytes: number): Transform {
  const inspector = new ContentInspector(extension);
  const wholeFileCheck = WHOLE_FILE_CHECKS[extension];
  // Kept for the whole-file check only; at most maxBytes.
  const chunks: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new UploadRefusedError('tooLarge'));
      if (!inspector.push(chunk)) return callback(new UploadRefusedError('type'));
      if (wholeFileCheck) chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (size === 0) return callback(new UploadRefusedError('empty'));
      if (!inspector.isMatch()) return callback(new UploadRefusedError('type'));
      if (!wholeFileCheck) return callback();
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      // The pieces are garbage once joined: the file is held once while it is checked.
      chunks.length = 0;
      wholeFileCheck(bytes).then(
        (isClean) => callback(isClean ? null : new UploadRefusedError('type')),
        () => callback(new UploadRefusedError('type')),
      );
    },
  });
}
