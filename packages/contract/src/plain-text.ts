import { z } from 'zod';

/**
 * Names, references and notes are plain text: a control character other than a line break
 * (LF, CR) or a tab, or a bidirectional embedding, override or isolate (U+202A-U+202E,
 * U+2066-U+2069, which can make "gpj.exe" read as "exe.jpg"), is refused with 400 naming the
 * field rather than removed, so what is stored is what the user typed or the request is refused.
 * PostgreSQL stores them, so the request guards (storable-text.ts) let them through; the schemas
 * of these fields refuse them.
 */
export const CONTROL_CHARACTER_MESSAGE = 'contains a control character';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export function isPlainText(text: string): boolean {
  return !CONTROL_CHARACTER.test(text);
}

/** The schema of a name, reference or note: `text` with the refusal of control characters. */
export function plainText<T extends z.ZodType<string>>(text: T) {
  return text.refine(isPlainText, CONTROL_CHARACTER_MESSAGE);
}
