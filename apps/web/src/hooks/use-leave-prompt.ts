import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `hasUnsavedChanges`, leaving the page asks first (spec section 5). Going to another page
 * of the portal asks `message` and stays unless confirmed; closing or reloading the tab shows the
 * browser's own prompt (Changes that you made may not be saved.), whose text a page cannot set.
 */
export function useLeavePrompt(hasUnsavedChanges: boolean, message: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

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
