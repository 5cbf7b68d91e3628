import { format } from 'date-fns';
import { filePath } from '@clearport/contract/paths';
import { api } from './api-client.ts';

/** Files carry up to 20 MB; on a slow line that takes longer than FETCH_TIMEOUT_MS. */
export const FILE_TRANSFER_TIMEOUT_MS = 120_000;

/** Kinds the browser shows itself; anything else is saved as a download. */
const VIEWABLE_EXTENSIONS = ['pdf', 'png'];

/** Long enough for the new tab to read the file; the URL holds the whole file in memory until then. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** The bytes of a stored file, fetched with the bearer header (docs/decisions/0006-shipment-detail.md). */
export function getFile(key: string, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(filePath(key), { responseType: 'blob', timeoutMs: FILE_TRANSFER_TIMEOUT_MS, signal });
}

const KIB = 1024;

/** A file's size as a file manager shows it: 812 bytes, 47 KB, 3.2 MB (a KB of 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kilobytes = Math.round(bytes / KIB);
  if (kilobytes < KIB) return `${kilobytes} KB`;
  return `${(bytes / KIB / KIB).toFixed(1)} MB`;
}

export function isViewableInBrowser(key: string): boolean {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return key.includes('.') && VIEWABLE_EXTENSIONS.includes(extension);
}

function download(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a fetched file under `name`. */
/** A download's name for what `what` held on the user's own day: `invoices-2026-12-04.csv`. */
export function csvNameOfToday(what: string): string {
  return `${what}-${format(new Date(), 'yyyy-MM-dd')}.csv`;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  download(url, name);
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Opens a stored file: a PDF or PNG in a new tab, anything else as a download named `name`.
 * The tab is opened at once, within the click, so that popup blockers let it through, and shows
 * the file when it has arrived; where the tab was blocked all the same, the file is downloaded.
 * Throws the ApiError of a failed fetch, with the tab closed again.
 */
export async function openFile(key: string, name: string): Promise<void> {
  const tab = isViewableInBrowser(key) ? window.open('', '_blank') : null;
  try {
    const blob = await getFile(key);
    const url = URL.createObjectURL(blob);
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
    if (tab) tab.location.href = url;
    else download(url, name);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
