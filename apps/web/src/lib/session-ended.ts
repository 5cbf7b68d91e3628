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

/** The page has a session of its own again (a sign-in here, or the same user's in another tab): calls go on as before. */
export function forgetSessionEnded(): void {
  if (endedCalls === 0 && otherUserSignals === 0) return;
  endedCalls = 0;
  otherUserSignals = 0;
  for (const listener of listeners) listener();
}

/** 0 while the page has its session; otherwise how many calls found it ended. */
export function sessionEndedCalls(): number {
  return endedCalls;
}

/** Calls `listener` when the session ends under the page, comes back, or is found to be another user's. */
export function subscribePageSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/*
 * Another user signed in on this browser (another tab, the same cookies): a page opened by the one
 * before would read and save as the new one. Each page tells the other tabs whose it is; a page
 * that is not the signed-in user's stops calling the API and says so (OtherUserDialog).
 */

const PAGE_USER_KEY = 'signedInUserId';
let pageUserId: number | undefined;
/** 0 while the cookies are this page's user's; then one for the sign-in seen and one per call refused since. */
let otherUserSignals = 0;

function onStorage(event: StorageEvent): void {
  if (event.key !== PAGE_USER_KEY || event.newValue === null || pageUserId === undefined) return;
  if (Number(event.newValue) === pageUserId || otherUserSignals > 0) return;
  noteOtherUser();
}

/** Another user's sign-in was seen, or a call refused for it: the page says so (again). */
export function noteOtherUser(): void {
  otherUserSignals += 1;
  for (const listener of listeners) listener();
}

/** The page shows `userId`'s portal (its profile): the other tabs learn who is signed in now. */
export function notePageUser(userId: number): void {
  if (pageUserId === undefined) window.addEventListener('storage', onStorage);
  pageUserId = userId;
  try {
    window.localStorage.setItem(PAGE_USER_KEY, String(userId));
  } catch {
    // Storage refused (private mode): each tab is on its own.
  }
}

/** Another user has signed in on this browser since this page was opened. */
export function isAnotherUsersSession(): boolean {
  return otherUserSignals > 0;
}

/** 0 while the page's user is signed in; then how often another user's sign-in was told to the page. */
export function otherUserSignalCount(): number {
  return otherUserSignals;
}
