/**
 * A client's file name is only ever shown: kept as a document's `original_name` and written
 * back in Content-Disposition. It never becomes part of a storage key (lib/storage.ts).
 */

const MAX_NAME_LENGTH = 200;
/** C0 and C1 controls, and the bidi marks and overrides that can make `exe.pdf` read as `fdp.exe`. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A surrogate without its pair: no character, and JSON or the database would refuse the text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The name as shown: the last segment of any path (both separators), without control and
 * bidi characters, a surrogate without its pair as U+FFFD, at most 200 characters (whole ones:
 * an emoji is never cut in two) with its extension kept; 'file' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return 'file';
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = characters.lastIndexOf('.');
  const extension = dot > 0 && characters.length - dot <= 10 ? characters.slice(dot) : [];
  return [...characters.slice(0, MAX_NAME_LENGTH - extension.length), ...extension].join('');
}

/** RFC 8187 value characters; encodeURIComponent leaves a few more unencoded. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition header (RFC 6266): a plain ASCII `filename` for old clients and the
 * exact name in `filename*`. Quotes, backslashes, percent signs and non-ASCII characters of the
 * fallback become underscores, so the header cannot be broken out of.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const name = cleanFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}
