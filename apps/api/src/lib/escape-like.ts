/** Escapes LIKE's wildcards, so user text matches only itself (the lists' searches). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
