/**
 * What PostgreSQL cannot store in a text column: the NUL character (SQLSTATE 22021) and a UTF-16
 * surrogate without its pair (it has no UTF-8 form; 22P02). The server refuses both in any
 * query, path parameter or JSON body before a handler runs, so no route can forget it.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored';

// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The dotted path of the first string (or object key) in `value` that cannot be stored, or
 * undefined when every one can. `depth` bounds the walk: JSON bodies are limited in size, and
 * deeper nesting than any call accepts is refused by its schema anyway.
 */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.');
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (!isStorableText(key)) return at.join('.');
    const found = findUnstorableText(child, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
