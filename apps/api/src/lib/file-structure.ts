import { promisify } from 'node:util';
import { createInflate, crc32, inflate } from 'node:zlib';
import type { PDFDocument, PDFObject } from 'pdf-lib';
import { hasMarkup, hasMarkupInTextRuns, hasSniffedMarkup } from './html-markup.ts';

/**
 * The whole-file checks behind an upload's first bytes: a file that starts like a PDF or a PNG
 * must also be one from end to end, with nothing else hidden in it (a polyglot that a browser
 * or another program could read as HTML or run, or a file carried inside).
 */

/** Dictionary keys that carry code, run something when the document is opened or used, or carry a file. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AA', 'Launch', 'RichMedia', 'XFA', 'EmbeddedFiles', 'EF']);
/** Action types (`/S`) that run code, start programs or send data. */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute']);
/** Nesting deeper than this in one object is not a document anyone writes. */
const MAX_DEPTH = 64;

type PdfLib = typeof import('pdf-lib');

function hasActiveContent(lib: PdfLib, object: PDFObject, depth = 0): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream } = lib;
  if (depth > MAX_DEPTH) return true;
  if (object instanceof PDFStream) return hasActiveContent(lib, object.dict, depth + 1);
  if (object instanceof PDFArray) return object.asArray().some((each) => hasActiveContent(lib, each, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.has(value.decodeText())) return true;
    if (name === 'Type' && value instanceof PDFName && value.decodeText() === 'EmbeddedFile') return true;
    if (hasActiveContent(lib, value, depth + 1)) return true;
  }
  return false;
}

const STREAM = 'stream';
const ENDSTREAM = 'endstream';
const isPdfWhitespace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** A /Filter key, not a longer name that starts with it. */
const FILTER_KEY = /\/Filter(?![^\s/[\]<>(){}%])/;

/**
 * Where the data of the stream whose `stream` keyword lies at `keyword` starts, after its end of
 * line; -1 when the word is not that keyword (it follows a dictionary's `>>` and ends its line).
 */
function streamDataStart(bytes: Buffer, keyword: number, from: number): number {
  let start = keyword + STREAM.length;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  let before = keyword - 1;
  while (before > from && isPdfWhitespace(bytes[before])) before -= 1;
  const isKeyword = start > keyword + STREAM.length && bytes.toString('latin1', before - 1, before + 1) === '>>';
  return isKeyword ? start : -1;
}

/**
 * Where the data of each stream whose dictionary names a /Filter lies, [start, end) in file
 * order: compressed or encoded bytes (deflate, JPEG, ASCII85) that may hold anything. Read from
 * the bytes as they lie, whatever pdf-lib makes of them: from a `stream` keyword to the next
 * `endstream`, the dictionary from its object's `obj`.
 */
function* encodedStreamData(bytes: Buffer): Generator<[start: number, end: number]> {
  let lastStreamEnd = 0;
  let keyword = bytes.indexOf(STREAM, 0, 'latin1');
  while (keyword !== -1) {
    const start = streamDataStart(bytes, keyword, lastStreamEnd);
    if (start === -1) {
      keyword = bytes.indexOf(STREAM, keyword + STREAM.length, 'latin1');
      continue;
    }
    const found = bytes.indexOf(ENDSTREAM, start, 'latin1');
    const end = found === -1 ? bytes.length : found;
    const before = bytes.subarray(lastStreamEnd, keyword);
    const dictionary = before.toString('latin1', Math.max(0, before.lastIndexOf('obj', undefined, 'latin1')));
    if (FILTER_KEY.test(dictionary)) yield [start, end];
    lastStreamEnd = end;
    keyword = bytes.indexOf(STREAM, end + ENDSTREAM.length, 'latin1');
  }
}

/**
 * Markup a browser could sniff or run (html-markup.ts), and any markup in the PDF's text: its
 * syntax, comments, strings and unencoded streams, everything but encoded stream data.
 */
function hasPdfMarkup(bytes: Buffer): boolean {
  if (hasSniffedMarkup(bytes)) return true;
  let textFrom = 0;
  for (const [start, end] of encodedStreamData(bytes)) {
    if (hasMarkupInTextRuns(bytes, textFrom, start)) return true;
    textFrom = end;
  }
  return hasMarkupInTextRuns(bytes, textFrom, bytes.length);
}

/**
 * A PDF that pdf-lib reads whole, with at least one page, no script or launch action, no
 * embedded file and no markup.
 */
export async function isCleanPdf(bytes: Buffer): Promise<boolean> {
  if (hasPdfMarkup(bytes)) return false;
  // Loaded at the first upload rather than at the server's start.
  const lib = await import('pdf-lib');
  let document: PDFDocument;
  try {
    document = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    if (document.getPageCount() === 0) return false;
  } catch {
    return false;
  }
  return !document.context.enumerateIndirectObjects().some(([, object]) => hasActiveContent(lib, object));
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

const inflateAsync = promisify(inflate);
/** A text chunk inflating to more than this is refused rather than held. */
const MAX_INFLATED_TEXT = 8 * 1024 * 1024;

/** Where the NUL that ends a field starting at `from` lies, or the body's end. */
function fieldEnd(body: Buffer, from: number): number {
  const at = body.indexOf(0, from);
  return at === -1 ? body.length : at;
}

/**
 * The compressed text of a zTXt chunk (keyword, NUL, method) or of an iTXt chunk flagged
 * compressed (keyword, NUL, flag, method, language, NUL, translated keyword, NUL); undefined when
 * the text is stored as it is.
 */
function compressedTextOf(type: string, body: Buffer): Buffer | undefined {
  const keywordEnd = fieldEnd(body, 0);
  if (type === 'zTXt') return body.subarray(keywordEnd + 2);
  if (type !== 'iTXt' || body[keywordEnd + 1] !== 1) return undefined;
  const languageEnd = fieldEnd(body, keywordEnd + 3);
  return body.subarray(fieldEnd(body, languageEnd + 1) + 1);
}

/**
 * Whether a tEXt, zTXt or iTXt chunk holds markup, as stored and, when compressed, inflated (a
 * chunk that does not inflate, or inflates past MAX_INFLATED_TEXT, counts as markup).
 */
async function hasTextChunkMarkup(type: string, body: Buffer): Promise<boolean> {
  if (hasMarkup(body)) return true;
  const compressed = compressedTextOf(type, body);
  if (compressed === undefined) return false;
  try {
    return hasMarkup(await inflateAsync(compressed, { maxOutputLength: MAX_INFLATED_TEXT }));
  } catch {
    return true;
  }
}

const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

/**
 * A PNG whose chunks all check out (lengths, CRCs, IHDR first, IEND last with nothing after it),
 * whose image data inflates to the size its header names, and without markup: none a browser
 * could sniff or run (html-markup.ts), and none in its text chunks.
 */
export async function isCleanPng(bytes: Buffer): Promise<boolean> {
  if (hasSniffedMarkup(bytes)) return false;
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
    } else if (TEXT_CHUNKS.has(type)) {
      if (await hasTextChunkMarkup(type, body)) return false;
    } else if (type === 'IEND') {
      if (end !== bytes.length || data.length === 0) return false;
      const inflated = await inflatedLength(data, isInterlaced ? expected * 2 : expected);
      return isInterlaced ? inflated > 0 : inflated === expected;
    }
    at = end;
  }
  return false;
}
