/**
 * The tab's session storage, where the lists keep their state while the tab is open. Where the
 * browser refuses it (privacy modes) or is full, nothing is kept: the screens still work, and
 * only forget on return.
 */

function tabStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The text kept under `key`, or null when there is none. */
export function readTabItem(key: string): string | null {
  try {
    return tabStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; the empty text removes the key. */
export function writeTabItem(key: string, value: string): void {
  try {
    const store = tabStore();
    if (value === '') store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // A full or refused storage keeps nothing.
  }
}
