import { getSessionToken } from './session.ts';

/**
 * The tab's session storage, where the lists keep their state while the tab is open. Where the
 * browser refuses it (privacy modes) or is full, nothing is kept: the screens still work, and
 * only forget on return.
 *
 * What a list kept belongs to the sign-in it was kept under: once the tab holds another one
 * (another user signed in here, or in another tab of the browser, whose cookies this tab then
 * reads), the kept state goes, so that no user starts from another's search, filters or page.
 */

/** A digest of the sign-in's token the kept state belongs to, not the token itself. */
const OWNER_KEY = 'listStateOwner';

function tabStore(): Storage | null {
  try {
    const store = window.sessionStorage;
    const token = getSessionToken();
    if (token !== undefined) {
      const owner = digestOf(token);
      const kept = store.getItem(OWNER_KEY);
      // State kept before any sign-in was recorded stays with the first one.
      if (kept !== null && kept !== owner) store.clear();
      if (kept !== owner) store.setItem(OWNER_KEY, owner);
    }
    return store;
  } catch {
    return null;
  }
}

/** FNV-1a, 32 bits: enough to tell two sign-ins apart, and no copy of the token in storage. */
function digestOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
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

/** Forgets everything the lists kept in this tab (a sign-out: the next user starts afresh). */
export function forgetTabItems(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage refused: nothing was kept.
  }
}
