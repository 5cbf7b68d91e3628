import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

/**
 * What people type is plain text. A control character, or a bidirectional embedding, override or
 * isolate (U+202A-U+202E, U+2066-U+2069, which can make "gpj.exe" read as "exe.jpg"), is refused
 * with 400 naming the field rather than removed, so what is stored is what the user typed or the
 * request is refused. PostgreSQL stores them, so the request guards (storable-text.ts) let them
 * through; the schemas of these fields refuse them, and what PostgreSQL cannot store too, for
 * records that reach a schema without the guards (a broker's multipart batch, an import file).
 *
 * Two kinds of field:
 * - many lines (a note, a comment): line breaks (LF, CR) and tabs are kept;
 * - one line (a name, a reference, a phone, an address line; everything else): a line break of
 *   any kind (LF, CR, U+2028, U+2029) is refused too, so a name set into a mail or a PDF cannot
 *   start a line of its own ("Eve\r\nBcc: ..."), and so is a tab, which a one-line input shows
 *   as nothing and a PDF or a mail as a gap of any width.
 */
export const CONTROL_CHARACTER_MESSAGE = 'contains a control character';
export const LINE_BREAK_MESSAGE = 'contains a line break; it must be one line';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** Why `text` cannot be a field's value, or undefined when it can. */
export function plainTextIssue(text: string, lines: 'one' | 'many'): string | undefined {
  if (!isStorableText(text)) return UNSTORABLE_TEXT_MESSAGE;
  if (lines === 'one' && LINE_BREAK.test(text)) return LINE_BREAK_MESSAGE;
  if (CONTROL_CHARACTER.test(text) || (lines === 'one' && text.includes('\t'))) return CONTROL_CHARACTER_MESSAGE;
  return undefined;
}

/** Text of a field of many lines: line breaks and tabs are kept. */
export function isPlainText(text: string): boolean {
  return plainTextIssue(text, 'many') === undefined;
}

/** Text of a one-line field: no line break and no tab either. */
export function isOneLineText(text: string): boolean {
  return plainTextIssue(text, 'one') === undefined;
}

function refusing<T extends z.ZodType<string>>(text: T, lines: 'one' | 'many') {
  return text.superRefine((value, context) => {
    const message = plainTextIssue(value, lines);
    if (message !== undefined) context.addIssue({ code: 'custom', message });
  });
}

/** The schema of a note or a comment: `text` with the refusals of many-line plain text. */
export function plainText<T extends z.ZodType<string>>(text: T) {
  return refusing(text, 'many');
}

/** The schema of a name, a reference or any other one-line field: `text` with the refusals of one line. */
export function oneLineText<T extends z.ZodType<string>>(text: T) {
  return refusing(text, 'one');
}
