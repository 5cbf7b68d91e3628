/**
 * HTML markup hidden in an upload that is served as a PDF or a PNG: what a browser (or another
 * program) that sniffs the bytes could take for a page and run. Compressed and encoded data may
 * hold any bytes, so the shorter a pattern, the fewer places it is looked for (decision 0021):
 * the chance that random bytes hold one decides where each list applies.
 */

/** The bytes browsers sniff (WHATWG mime sniffing reads more, but matches at the start only). */
export const SNIFFED_BYTES = 1_024;

/** What ends a tag's name: HTML whitespace, `/` or `>`. */
const TAG_END = '[\\t\\n\\f\\r />]';
/** An event handler attribute (`onload=`, `<svg/onload=`, `"onerror=`); real ones have three letters or more after `on`. */
const EVENT_HANDLER = `[\\t\\n\\f\\r /"']on[a-z]{3,}[\\t\\n\\f\\r ]*=`;
const URL_SCHEMES = ['javascript:', 'vbscript:'];

/** Tags of five characters or more that run or load something. */
const RUNNABLE_TAGS = ['!doctype', 'script', 'iframe', 'object', 'embed', 'applet'];
/** WHATWG's HTML sniffing tags of three characters or more, and tags that draw or load something. */
const SNIFFED_TAGS = [
  ...RUNNABLE_TAGS,
  'html',
  'head',
  'body',
  'title',
  'style',
  'table',
  'font',
  'div',
  'svg',
  'img',
  'meta',
  'link',
  'form',
  'frame',
  'math',
  'video',
  'audio',
];
/** WHATWG's shortest HTML sniffing tags. */
const SHORT_TAGS = ['a', 'b', 'p', 'br', 'h1'];

const pattern = (tags: readonly string[], others: readonly string[]) =>
  new RegExp([`<(?:${tags.join('|')})${TAG_END}`, ...others].join('|'), 'gi');

/** Looked for in every byte of a file: random bytes hold one about once in 10^14 bytes or fewer. */
const RUNNABLE = pattern(RUNNABLE_TAGS, URL_SCHEMES);
/** Looked for in every byte of a file's start: random bytes hold one about once in 10^9 bytes. */
const SNIFFED = pattern(SNIFFED_TAGS, ['<!--', EVENT_HANDLER, ...URL_SCHEMES]);
/** Looked for in text: WHATWG's shortest tags are too likely in binary data to be looked for there. */
const IN_TEXT = pattern([...SNIFFED_TAGS, ...SHORT_TAGS], ['<!--', EVENT_HANDLER, ...URL_SCHEMES]);

/** Bytes of text: printable ASCII and HTML whitespace. */
const IS_TEXT_BYTE = new Uint8Array(256).map((_, byte) =>
  Number((byte >= 0x20 && byte < 0x7f) || [9, 10, 12, 13].includes(byte)),
);
/**
 * Text in binary data is short: a run of 24 text bytes holding a tag comes by chance about once in
 * 10^13 bytes; in the first KiB, where a short tag is what a browser sniffs, a run of 12 (once in
 * 10^8 bytes, so in about one file in 200,000 whose first KiB is binary).
 */
const MIN_TEXT_RUN = 24;
const MIN_SNIFFED_TEXT_RUN = 12;

/**
 * Read as text this much at a time (strings small enough for V8's young generation); the overlap
 * is longer than any tag or handler a page would use.
 */
const WINDOW = 64 * 1024;
const OVERLAP = 1_024;

/**
 * Each match of `markup` (a global pattern) in bytes[from, to), read as Latin-1 a window at a
 * time, with its offset. A match in the overlap of two windows may come twice.
 */
function* matches(markup: RegExp, bytes: Buffer, from: number, to: number): Generator<[at: number, length: number]> {
  for (let start = from; start < to; start += WINDOW) {
    const text = bytes.toString('latin1', start, Math.min(to, start + WINDOW + OVERLAP));
    for (const match of text.matchAll(markup)) yield [start + match.index, match[0].length];
  }
}

const hasMatch = (markup: RegExp, bytes: Buffer, from: number, to: number) =>
  !matches(markup, bytes, from, to).next().done;

/**
 * Markup that a browser sniffing the file could take for a page, or that runs something: any
 * markup starting in the first KiB, and scripts, frames, objects and scripting URLs anywhere.
 */
export function hasSniffedMarkup(bytes: Buffer): boolean {
  const head = Math.min(bytes.length, SNIFFED_BYTES + OVERLAP);
  for (const [at] of matches(SNIFFED, bytes, 0, head)) if (at < SNIFFED_BYTES) return true;
  return hasMatch(RUNNABLE, bytes, 0, bytes.length);
}

/** Whether a match (text itself) at bytes[at, at + length) lies in a run of text within [from, to) long enough to be text. */
function isInTextRun(bytes: Buffer, at: number, length: number, from: number, to: number): boolean {
  const minRun = at < SNIFFED_BYTES ? MIN_SNIFFED_TEXT_RUN : MIN_TEXT_RUN;
  let start = at;
  let end = at + length;
  while (end - start < minRun && start > from && IS_TEXT_BYTE[bytes[start - 1]!]) start -= 1;
  while (end - start < minRun && end < to && IS_TEXT_BYTE[bytes[end]!]) end += 1;
  return end - start >= minRun;
}

/**
 * Any markup in the text of bytes[from, to): in runs of text, not in the odd text bytes that
 * binary data (an uncompressed image, an encrypted string) holds by chance.
 */
export function hasMarkupInTextRuns(bytes: Buffer, from = 0, to = bytes.length): boolean {
  for (const [at, length] of matches(IN_TEXT, bytes, from, to)) {
    if (isInTextRun(bytes, at, length, from, to)) return true;
  }
  return false;
}

/** Any markup in bytes that are text by their format (a PNG's text chunk): every byte counts. */
export function hasMarkup(bytes: Buffer): boolean {
  return hasMatch(IN_TEXT, bytes, 0, bytes.length);
}
