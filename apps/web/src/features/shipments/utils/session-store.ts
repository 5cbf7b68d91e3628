/** Session storage, or null where the browser refuses it (privacy modes): nothing is kept then. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; the empty text removes the key. */
export function setOrRemove(key: string, value: string): void {
  const store = sessionStore();
  if (!store) return;
  try {
    if (value === '') store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // A full or refused storage keeps nothing: the screen still works, only forgets on return.
  }
}
