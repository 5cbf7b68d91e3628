/*
 * When the session was last used, for the idle warning (docs/decisions/0033): the time of the last
 * call the server answered for it. Kept in localStorage too, so every tab of the portal counts the
 * calls of the others: the server's session is one for all of them.
 */

const STORAGE_KEY = 'sessionLastUsedAt';
const listeners = new Set<() => void>();
let lastUse = 0;

function storedUse(): number {
  try {
    return Number(window.localStorage.getItem(STORAGE_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** An authenticated call was answered: the session was used now. */
export function noteSessionUse(now = Date.now()): void {
  lastUse = now;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage refused (private mode): this tab counts its own calls.
  }
  for (const listener of listeners) listener();
}

/** The last use of the session this tab knows of, from any tab; 0 when none is known. */
export function lastSessionUse(): number {
  return Math.max(lastUse, storedUse());
}

/** Calls `listener` on every use of the session, in this tab or another; gives back the unsubscribe. */
export function subscribeSessionUse(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const MINUTE_MS = 60_000;

/**
 * When the server may end a session last used at `lastUsedAt` at the earliest: it notes a use at
 * most once a minute, so its own last use may be up to a minute older than the last call.
 */
export function idleEndOf(lastUsedAt: number, idleMinutes: number): number {
  return lastUsedAt + (idleMinutes - 1) * MINUTE_MS;
}

/** The warning comes this long before the idle end. */
export const IDLE_WARNING_MS = MINUTE_MS;
