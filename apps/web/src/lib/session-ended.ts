/*
 * A session the server ends while the page holds input not yet saved (docs/decisions/0033): the
 * forms with such input say so here, and an ended session is told to the page (SessionEndedDialog)
 * instead of opening the login page, which would throw the input away.
 */

const unsavedInput = new Set<symbol>();
const listeners = new Set<() => void>();
/** How many calls found the session ended since the page last had one; 0 while it has one. */
let endedCalls = 0;

/** A form holds input not yet saved until the returned function is called. */
export function keepUnsavedInput(key: symbol): () => void {
  unsavedInput.add(key);
  return () => {
    unsavedInput.delete(key);
  };
}

export function hasUnsavedInput(): boolean {
  return unsavedInput.size > 0;
}

/** A call found the session ended, and the page stays to say so. */
export function noteSessionEnded(): void {
  endedCalls += 1;
  for (const listener of listeners) listener();
}

/** The page has a session again (a sign-in here or in another tab): calls go on as before. */
export function forgetSessionEnded(): void {
  if (endedCalls === 0) return;
  endedCalls = 0;
  for (const listener of listeners) listener();
}

/** 0 while the page has its session; otherwise how many calls found it ended. */
export function sessionEndedCalls(): number {
  return endedCalls;
}

export function subscribeSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
