import { createInflate, crc32 } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * The whole-file checks behind an upload's first bytes: a file that starts like a PDF or a PNG
 * must also be one from end to end, with nothing else hidden in it (a polyglot that a browser
 * or another program could read as HTML or run, or a file carried inside).
 */

/** What a browser sniffing the start of a file would take for markup. */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed)\b/i;
const SNIFFED_BYTES = 1_024;

/** Dictionary keys that carry code, run something when the document is opened or used, or carry a file. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AA', 'Launch', 'RichMedia', 'XFA', 'EmbeddedFiles', 'EF']);
/** Action types (`/S`) that run code, start programs or send data. */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute']);
/** Nesting deeper than this in one object is not a document anyone writes. */
const MAX_DEPTH = 64;

function hasActiveContent(object: PDFObject, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  if (object instanceof PDFStream) return hasActiveContent(object.dict, depth + 1);
  if (object instanceof PDFArray) return object.asArray().some((each) => hasActiveContent(each, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.has(value.decodeText())) return true;
    if (name === 'Type' && value instanceof PDFName && value.decodeText() === 'EmbeddedFile') return true;
    if (hasActiveContent(value, depth + 1)) return true;
  }
  return false;
}

/**
 * A PDF that pdf-lib reads whole, with at least one page, no script or launch action, no
 * embedded file and no markup up front.
 */
export async function isCleanPdf(bytes: Buffer): Promise<boolean> {
  if (MARKUP.test(bytes.toString('latin1', 0, SNIFFED_BYTES))) return false;
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    if (document.getPageCount() === 0) return false;
  } catch {
    return false;
  }
  return !document.context.enumerateIndirectObjects().some(([, object]) => hasActiveContent(object));
}

const PNG_SIGNATURE_LENGTH = 8;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** How many bytes the compressed data inflates to, or -1 when it is not zlib data or passes `limit`. */
function inflatedLength(parts: readonly Buffer[], limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        resolve(-1);
      }
    });
    inflate.on('error', () => resolve(-1));
    inflate.on('end', () => resolve(length));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/**
 * A PNG whose chunks all check out (lengths, CRCs, IHDR first, IEND last with nothing after it)
 * and whose image data inflates to the size its header names.
 */
export async function isCleanPng(bytes: Buffer): Promise<boolean> {
  let at = PNG_SIGNATURE_LENGTH;
  let expected = -1;
  let isInterlaced = false;
  const data: Buffer[] = [];
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (expected === -1) {
      if (type !== 'IHDR' || length !== 13) return false;
      const [width, height, bitDepth, colorType] = [body.readUInt32BE(0), body.readUInt32BE(4), body[8]!, body[9]!];
      const channels = CHANNELS[colorType];
      if (!channels || width === 0 || height === 0) return false;
      expected = height * (1 + Math.ceil((width * channels * bitDepth) / 8));
      isInterlaced = body[12] === 1;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      if (end !== bytes.length || data.length === 0) return false;
      const inflated = await inflatedLength(data, isInterlaced ? expected * 2 : expected);
      return isInterlaced ? inflated > 0 : inflated === expected;
    }
    at = end;
  }
  return false;
}
