/*
 * Revisions: what a screen read, named by a short text that the server computes the same way from
 * what is stored. A save naming a revision other than the stored one would undo changes it never
 * saw, and is refused (decisions 0012 and 0009).
 */

/** JSON with every object's keys in order, so that equal values always read the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([one], [other]) => (one < other ? -1 : one > other ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A 53-bit fingerprint of a text (cyrb53), the same in the browser and on the server. */
function fingerprint(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36);
}

/** The revision of a value: a fingerprint of its canonical JSON. */
export function revisionOf(value: unknown): string {
  return fingerprint(canonicalJson(value));
}
