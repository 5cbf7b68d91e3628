import { is7501Type, TRACKED_DOCUMENT_ABBREVIATIONS } from '@clearport/contract/documents';
import type { DocumentTypeEntry } from '@clearport/contract/shipment-documents';

/** Words a type's name shares with many others, which say nothing of the document. */
const FILLER_WORDS: readonly string[] = ['of', 'the', 'and'];

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER_WORDS.includes(word));
}

/**
 * The document type a file's name points to, among the types not submitted yet: the one sharing
 * the most words with the name ("invoice.Pdf" → Commercial Invoice), or named by its
 * abbreviation (BL, CI, ...). Null when none, or when two types match alike: the user then
 * ticks the type themselves.
 */
export function matchingDocumentType(fileName: string, types: readonly DocumentTypeEntry[]): string | null {
  const dot = fileName.lastIndexOf('.');
  const nameWords = new Set(wordsOf(dot === -1 ? fileName : fileName.slice(0, dot)));
  let best: string | null = null;
  let bestScore = 0;
  let isTied = false;
  for (const entry of types) {
    if (entry.submitted === 1 || is7501Type(entry.type)) continue;
    const typeWords = wordsOf(entry.type);
    const abbreviation = TRACKED_DOCUMENT_ABBREVIATIONS.find((each) => each.type === entry.type)?.abbreviation;
    const score =
      abbreviation && nameWords.has(abbreviation.toLowerCase())
        ? typeWords.length
        : typeWords.filter((word) => nameWords.has(word)).length;
    if (score > bestScore) {
      best = entry.type;
      bestScore = score;
      isTied = false;
    } else if (score > 0 && score === bestScore) {
      isTied = true;
    }
  }
  return isTied ? null : best;
}
