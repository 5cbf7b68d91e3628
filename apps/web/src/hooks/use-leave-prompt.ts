import { createContext, useContext, useEffect } from 'react';
import { keepUnsavedInput } from '../lib/session-ended.ts';

/**
 * The unsaved changes of the page now shown, each with the question leaving asks about it. A
 * router consults one blocker only, so the page's LeavePromptBoundary holds the one blocker and
 * every form with unsaved changes registers here.
 */
export type UnsavedChanges = Map<symbol, string>;

export const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/**
 * While `hasUnsavedChanges`, leaving the page asks first (spec section 5). Going to another page
 * of the portal asks `message` and stays unless confirmed; closing or reloading the tab shows the
 * browser's own prompt (Changes that you made may not be saved.), whose text a page cannot set.
 */
export function useLeavePrompt(hasUnsavedChanges: boolean, message: string): void {
  const unsavedChanges = useContext(UnsavedChangesContext);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const key = Symbol(message);
    unsavedChanges?.set(key, message);
    // A session that ends meanwhile keeps the page, and the input with it (SessionEndedDialog).
    const forget = keepUnsavedInput(key);
    return () => {
      unsavedChanges?.delete(key);
      forget();
    };
  }, [hasUnsavedChanges, message, unsavedChanges]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);
}
